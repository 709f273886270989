package dev.threadline.deploy;

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
      click(browser, "#chat .bubble.notice button.approve");
      browser.await(chatText(), v -> v.asText().contains("answered from the page"), WAIT);

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
      browser.screenshot(
          Files.createDirectories(Path.of("target")).resolve("dashboard-actions.png"));
    }
  }

  private static String chatText() {
    return "(document.querySelector('#chat') || {}).textContent || ''";
  }

  private static void click(Chromium browser, String selector) throws Exception {
    browser.await("!!document.querySelector('" + selector + "')", v -> v.asBoolean(), WAIT);
    browser.eval("document.querySelector('" + selector + "').click()");
  }
}
