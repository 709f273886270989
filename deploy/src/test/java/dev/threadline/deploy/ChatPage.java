package dev.threadline.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.threadline.testkit.Chromium;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * The usestream-chat page as its user works it, through its {@code data-testid}s: type, click, and
 * wait for what the page shows. Messages read as {@code type:text} ({@code human:hello}).
 */
record ChatPage(Chromium browser, Path shots, Duration patience) {
  private static final String MESSAGES =
      "[...document.querySelectorAll('[data-testid=message]')].map(m => m.dataset.type + ':'"
          + " + (m.querySelector('[data-testid=text]')?.textContent ?? ''))";

  void open(String url) throws Exception {
    browser.navigate(url);
  }

  void send(String text) throws Exception {
    awaitIdle();
    type("input", text);
    click("send", 0);
  }

  /** Sets an input's value as a user's typing does, so React sees it. */
  void type(String testId, String text) throws Exception {
    String element = element(testId, 0);
    browser.await("!!" + element, JsonNode::asBoolean, patience);
    browser.eval(
        "(() => { const e = "
            + element
            + "; const set = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype,"
            + " 'value').set; set.call(e, "
            + StackClient.JSON.valueToTree(text)
            + "); e.dispatchEvent(new Event('input', {bubbles: true})); return true; })()");
  }

  void click(String testId, int index) throws Exception {
    String element = element(testId, index);
    browser.await("!!" + element, JsonNode::asBoolean, patience);
    browser.eval(element + ".click(); true");
  }

  /** Opens the thread the history list names by its first message. */
  void clickHistoryItem(String thread, String firstMessage) throws Exception {
    String item =
        "document.querySelector('[data-testid=history-item][data-thread=\"" + thread + "\"]')";
    browser.await(item + "?.textContent", v -> v.asText().equals(firstMessage), patience);
    browser.eval(item + ".click(); true");
  }

  void awaitText(String testId, String text) throws Exception {
    browser.await(
        element(testId, 0) + "?.textContent ?? ''", v -> v.asText().contains(text), patience);
  }

  /** Waits until the page shows exactly these messages and no run is going. */
  void awaitMessages(String... expected) throws Exception {
    browser.await(
        "JSON.stringify(" + MESSAGES + ")",
        v -> v.asText().equals(StackClient.JSON.valueToTree(List.of(expected)).toString()),
        patience);
    awaitIdle();
  }

  void awaitLastMessage(String expected) throws Exception {
    browser.await(MESSAGES + ".pop() ?? ''", v -> v.asText().equals(expected), patience);
    awaitIdle();
  }

  void awaitLastMessageOtherThan(String before) throws Exception {
    browser.await(
        MESSAGES + ".pop() ?? ''",
        v -> v.asText().startsWith("ai:") && !v.asText().equals(before),
        patience);
    awaitIdle();
  }

  void awaitCustomEvent(String contains) throws Exception {
    browser.await(
        "[...document.querySelectorAll('[data-testid=custom]')].map(c => c.textContent).join('\\n')",
        v -> v.asText().contains(contains),
        patience);
  }

  String lastMessage() throws Exception {
    return browser.eval(MESSAGES + ".pop() ?? ''").asText();
  }

  int messageCount() throws Exception {
    return browser.eval(MESSAGES + ".length").asInt();
  }

  int count(String testId) throws Exception {
    return browser.eval("document.querySelectorAll('[data-testid=" + testId + "]').length").asInt();
  }

  String threadId() throws Exception {
    String id = browser.eval(element("state", 0) + ".dataset.thread").asText();
    assertThat(id).as("the page's thread").isNotEmpty();
    return id;
  }

  void shot(String name) throws Exception {
    browser.screenshot(shots.resolve(name + ".png"));
  }

  private void awaitIdle() throws Exception {
    browser.await(
        element("state", 0) + "?.dataset.loading", v -> v.asText().equals("false"), patience);
  }

  private static String element(String testId, int index) {
    return "document.querySelectorAll('[data-testid=" + testId + "]')[" + index + "]";
  }
}
