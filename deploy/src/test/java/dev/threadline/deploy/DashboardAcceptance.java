package dev.threadline.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.testkit.Chromium;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * The dashboard acting on a real thread, in headless Chromium, on the HTTP API's port: a link opens
 * the thread as a conversation; an approval granted from the page lets the turn complete; a message
 * sent from the page starts a turn whose approval is denied there; abort and terminate work from
 * the page. Skipped where Debian's chromium is not installed ({@code .ci/run} installs it).
 */
final class DashboardAcceptance {
  private static final Duration WAIT = Duration.ofSeconds(60);
  private final StackClient stack;
  private final String baseUrl;
  private final String apiKey;

  DashboardAcceptance(StackClient stack, String baseUrl, String apiKey) {
    this.stack = stack;
    this.baseUrl = baseUrl;
    this.apiKey = apiKey;
  }

  void run() throws Exception {
    if (!Chromium.installed()) {
      System.out.println("DashboardAcceptance skipped: Debian's chromium is not installed");
      return;
    }
    stack.write(
        "PUT",
        "/v1/agents/dash-agent",
        """
        {"model": {"provider": "scripted", "script": [
           {"toolCalls": [{"name": "current_time", "arguments": {}}]}, {"text": "answered from the page"}]},
         "systemPrompt": "Dashboard agent", "tools": [{"name": "current_time", "permission": "ask"}],
         "stop": {"stopOnResponse": true, "maxSteps": 5}}""",
        200);
    String thread =
        stack
            .write(
                "POST",
                "/v1/threads",
                "{\"agent\": \"dash-agent\", \"message\": \"the time?\"}",
                201)
            .path("threadId")
            .asText();
    try (Chromium browser = new Chromium()) {
      browser.navigate(baseUrl + "/#key=" + apiKey + "&thread=" + thread + "&view=chat");
      browser.await(
          "!!document.querySelector('#chat .bubble.notice button.approve')",
          v -> v.asBoolean(),
          WAIT);
      browser.eval(
          "(() => { window.sentBodies = []; const send = window.fetch;"
              + " window.fetch = (url, options) => {"
              + " window.sentBodies.push(String((options && options.body) || ''));"
              + " return send.call(window, url, options); }; return true; })()");
      click(browser, "#chat .bubble.notice button.approve");
      browser.await(chatText(), v -> v.asText().contains("answered from the page"), WAIT);
      // The approval is fenced to the request and the epoch its ApprovalRequested names.
      browser.await(
          "window.sentBodies.map(b => { try { return JSON.parse(b); } catch (e) { return {}; } })"
              + ".some(b => b.approve === true && typeof b.requestId === 'string'"
              + " && Number.isInteger(b.epoch))",
          v -> v.asBoolean(),
          WAIT);

      browser.eval(
          "document.querySelector('#message-text').value = 'once more';"
              + " document.querySelector('#actions').requestSubmit()");
      browser.await(
          "document.querySelectorAll('#chat .bubble.notice button.deny').length",
          v -> v.asInt() == 2,
          WAIT);
      browser.eval(
          "[...document.querySelectorAll('#chat .bubble.notice button.deny')].pop().click()");
      browser.await(chatText(), v -> v.asText().contains("denied by the approver"), WAIT);
      stack.awaitThread(
          thread, t -> t.path("status").asText().equals("IDLE"), "the denied turn's end");

      browser.eval(
          "document.querySelector('#message-text').value = 'and abort this';"
              + " document.querySelector('#actions').requestSubmit()");
      browser.await(
          "document.querySelectorAll('#chat .bubble.notice').length", v -> v.asInt() == 3, WAIT);
      browser.eval("document.querySelector('#abort-thread').click()");
      stack.awaitThread(
          thread, t -> t.path("status").asText().equals("IDLE"), "the aborted turn's end");

      browser.eval("document.querySelector('#terminate-thread').click()");
      browser.eval("document.querySelector('#terminate-thread').click()");
      stack.awaitThread(thread, t -> t.path("status").asText().equals("TERMINATED"), "terminated");
      anImageAttachmentIsShownInTheChat(browser);
      browser.screenshot(
          Files.createDirectories(Path.of("target")).resolve("dashboard-actions.png"));
    }
  }

  /** A message's image attachment, read with the page's key, is shown, not named. */
  private void anImageAttachmentIsShownInTheChat(Chromium browser) throws Exception {
    stack.write(
        "PUT",
        "/v1/agents/dash-talker",
        """
        {"model": {"provider": "scripted", "script": [{"text": "nice picture"}]},
         "systemPrompt": "Dashboard talker", "stop": {"stopOnResponse": true, "maxSteps": 3}}""",
        200);
    String thread =
        stack
            .write("POST", "/v1/threads", "{\"agent\": \"dash-talker\", \"message\": \"hi\"}", 201)
            .path("threadId")
            .asText();
    stack.awaitThread(
        thread, t -> t.path("status").asText().equals("IDLE"), "the first turn's end");
    byte[] png =
        java.util.Base64.getDecoder()
            .decode(
                "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==");
    var uploaded =
        java.net.http.HttpClient.newHttpClient()
            .send(
                java.net.http.HttpRequest.newBuilder(
                        java.net.URI.create(
                            baseUrl
                                + "/v1/threads/"
                                + StackClient.encode(thread)
                                + "/files?path=/attachments/dot.png"))
                    .header("Authorization", "Bearer " + apiKey)
                    .header("Content-Type", "image/png")
                    .POST(java.net.http.HttpRequest.BodyPublishers.ofByteArray(png))
                    .build(),
                java.net.http.HttpResponse.BodyHandlers.ofString());
    assertThat(uploaded.statusCode()).as(uploaded.body()).isEqualTo(201);
    stack.write(
        "POST",
        "/v1/threads/" + StackClient.encode(thread) + "/messages",
        "{\"text\": \"look\", \"attachments\": [{\"path\": \"/attachments/dot.png\"}]}",
        202);
    browser.navigate(baseUrl + "/#thread=" + thread + "&view=chat");
    browser.await(
        "document.querySelectorAll('#chat img.attachment-image').length",
        v -> v.asInt() == 1,
        WAIT);
  }

  private static String chatText() {
    return "(document.querySelector('#chat') || {}).textContent || ''";
  }

  private static void click(Chromium browser, String selector) throws Exception {
    browser.await("!!document.querySelector('" + selector + "')", v -> v.asBoolean(), WAIT);
    browser.eval("document.querySelector('" + selector + "').click()");
  }
}
