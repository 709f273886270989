package dev.threadline.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.threadline.testkit.Chromium;
import dev.threadline.testkit.StrictChatCompletions;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A chat page on LangGraph's {@code useStream} hook ({@code src/test/js/usestream-chat}: React and
 * {@code @langchain/langgraph-sdk} from the npm registry, bundled with esbuild, making the calls
 * LangChain's Agent Chat UI makes) served from a local origin and driven in headless Chromium
 * against the stack as {@code up} starts it: connect ({@code /info}), send and see the answer, a
 * second message, reopen the thread from the history list, approve, edit and reject a tool call at
 * an interrupt, regenerate an answer, edit a message and resend it, and a tool's custom event
 * drawn. Screenshots of each step land in {@code target/usestream-chat/shots}. Needs Node.js and
 * npm, and Debian's Chromium; without them it says so and checks nothing.
 */
record UseStreamChatAcceptance(StackClient stack, AtomicInteger hellos)
    implements ScriptedAcceptance {
  static final String AGENT = "chat-page";
  private static final Duration WAIT = Duration.ofSeconds(60);
  private static final NodeScripts SCRIPTS = new NodeScripts("usestream-chat");

  UseStreamChatAcceptance(StackClient stack) {
    this(stack, new AtomicInteger());
  }

  /**
   * The model: greets with a count (so a regenerated answer differs), says goodbye, deploys with
   * echo (an {@code ask} tool) where asked and reports what echo said, probes with state_probe.
   */
  @Override
  public StrictChatCompletions.Reply answer(JsonNode request) {
    JsonNode messages = request.path("messages");
    JsonNode last = messages.get(messages.size() - 1);
    String content = last.path("content").asText();
    if (last.path("role").asText().equals("tool")) {
      return StrictChatCompletions.Reply.text(
          content.contains("denied") ? "not deployed" : "tool said " + content);
    }
    if (content.startsWith("deploy to ")) {
      String target = content.substring("deploy to ".length());
      return StrictChatCompletions.Reply.calls(
          new StrictChatCompletions.Call(
              "call_" + target, "echo", "{\"target\":\"" + target + "\"}"));
    }
    if (content.equals("probe")) {
      return StrictChatCompletions.Reply.calls(
          new StrictChatCompletions.Call("call_probe", "state_probe", "{}"));
    }
    if (content.equals("goodbye")) {
      return StrictChatCompletions.Reply.text("goodbye to you");
    }
    return StrictChatCompletions.Reply.text("hello there number " + hellos.incrementAndGet());
  }

  @Override
  public void run(StrictChatCompletions endpoint) throws Exception {
    if (!NodeScripts.available() || !Chromium.installed()) {
      System.out.println("UseStreamChatAcceptance: no node, npm or chromium here; not run");
      return;
    }
    stack.putAgent(
        AGENT,
        """
        {"model": {"provider": "openai", "model": "gpt-test", "endpoint": "strict", "stream": true},
         "systemPrompt": "A chat page's agent",
         "tools": [{"name": "echo", "permission": "ask"}, {"name": "state_probe"}],
         "stop": {"stopOnResponse": true, "maxSteps": 6}}""");
    SCRIPTS.install("@langchain/core");
    SCRIPTS.run(List.of("node", "build.mjs"), Map.of(), 120);
    try (StaticSite site = StaticSite.serve(Path.of("target/usestream-chat/dist"));
        Chromium browser = new Chromium()) {
      ChatPage page = new ChatPage(browser, Path.of("target/usestream-chat/shots"), WAIT);
      page.open(site.url("index.html") + "?" + query());
      page.awaitText("connection", "connected");
      page.shot("1-connected");

      page.send("hello");
      page.awaitMessages("human:hello", "ai:hello there number 1");
      String thread = page.threadId();
      page.send("how are you?");
      page.awaitMessages(
          "human:hello",
          "ai:hello there number 1",
          "human:how are you?",
          "ai:hello there number 2");
      page.shot("2-two-turns");

      page.click("new-thread", 0);
      page.awaitMessages();
      page.clickHistoryItem(thread, "hello");
      page.awaitMessages(
          "human:hello",
          "ai:hello there number 1",
          "human:how are you?",
          "ai:hello there number 2");
      page.shot("3-reopened-from-history");

      branches(page, thread);
      reviews(page);

      page.send("probe");
      page.awaitCustomEvent("\"color\":\"none\"");
      page.shot("8-custom-event");
      assertThat(endpoint.refusals()).as("requests the endpoint refused").isEmpty();
    }
  }

  /** An interrupt approved, approved with edited arguments, and rejected with a message. */
  private static void reviews(ChatPage page) throws Exception {
    page.send("deploy to prod");
    page.awaitText("review-action", "echo {\"target\":\"prod\"}");
    page.shot("4-interrupt");
    page.click("approve", 0);
    page.awaitLastMessage("ai:tool said {\"target\":\"prod\"}");

    page.send("deploy to staging");
    page.awaitText("review-action", "echo {\"target\":\"staging\"}");
    page.type("review-args", "{\"target\":\"qa\"}");
    page.click("edit-approve", 0);
    page.awaitLastMessage("ai:tool said {\"target\":\"qa\"}");
    page.shot("5-edited-and-approved");

    page.send("deploy to mars");
    page.awaitText("review-action", "echo {\"target\":\"mars\"}");
    page.click("reject", 0);
    page.awaitLastMessage("ai:not deployed");
  }

  /**
   * The last answer regenerated, then the first message edited and resent (the turns after it left
   * behind): each a branch of the same thread. ({@code useStream} reads the newest 10 states of a
   * thread's history, one a message here, so it finds a message's checkpoint among its last 10.)
   */
  private static void branches(ChatPage page, String thread) throws Exception {
    page.click("regenerate", 1);
    page.awaitMessages(
        "human:hello", "ai:hello there number 1", "human:how are you?", "ai:hello there number 3");
    page.shot("6-regenerated");

    page.click("edit", 0);
    page.type("edit-text", "goodbye");
    page.click("resend", 0);
    page.awaitMessages("human:goodbye", "ai:goodbye to you");
    assertThat(page.threadId()).as("edited on the same thread").isEqualTo(thread);
    page.shot("7-edited-and-resent");
  }

  private String query() {
    return "apiUrl="
        + StackClient.encode(stack.ingest())
        + "&apiKey="
        + StackClient.encode(stack.apiKey())
        + "&assistantId="
        + AGENT;
  }
}
