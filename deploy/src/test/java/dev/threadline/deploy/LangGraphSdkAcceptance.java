package dev.threadline.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.threadline.testkit.StrictChatCompletions;
import java.util.List;

/**
 * The official LangGraph JS SDK ({@code @langchain/langgraph-sdk}, from the npm registry,
 * unchanged) drives Threadline's Agent Server endpoints through the ingest's base URL: {@code
 * src/test/js/langgraph-sdk-check/langgraph-sdk-check.mjs} searches assistants, finds threads by
 * their metadata (one created without a graph too, until its first run), streams a run token by
 * token (the {@code openai} provider against the strict stand-in, which streams word by word),
 * waits for one, approves an interrupt, and rejoins a run after disconnecting — with the SDK's
 * current major (2.x) and with the previous one (1.x), which apps still ship. Needs Node.js and npm
 * (the machines CI runs on have both); without them it says so and checks nothing.
 */
record LangGraphSdkAcceptance(StackClient stack) implements ScriptedAcceptance {
  private static final String MODEL =
      "{\"provider\": \"openai\", \"model\": \"gpt-test\", \"endpoint\": \"strict\"}";
  static final String CHATTY =
      "{\"model\": "
          + MODEL
          + ", \"systemPrompt\": \"LG chatty\", \"stop\": {\"stopOnResponse\": true}}";
  static final String ASKER =
      "{\"model\": "
          + MODEL
          + ", \"systemPrompt\": \"LG asker\","
          + " \"tools\": [{\"name\": \"echo\", \"permission\": \"ask\"}],"
          + " \"stop\": {\"stopOnResponse\": true, \"maxSteps\": 5}}";

  static final String MEMORY =
      "{\"model\": "
          + MODEL
          + ", \"systemPrompt\": \"LG memory\","
          + " \"tools\": [{\"name\": \"memory_probe\", \"permission\": \"allow\"}],"
          + " \"stop\": {\"stopOnResponse\": true, \"maxSteps\": 5}}";

  /**
   * The chatty agent greets; the asker calls echo, then says it is done; the memory agent has
   * memory_probe remember ("remember X") or recall, then says what it said.
   */
  @Override
  public StrictChatCompletions.Reply answer(JsonNode request) {
    JsonNode messages = request.path("messages");
    JsonNode last = messages.get(messages.size() - 1);
    if (messages.get(0).path("content").asText().contains("LG memory")) {
      if (last.path("role").asText().equals("tool")) {
        return StrictChatCompletions.Reply.text(last.path("content").asText());
      }
      String said = last.path("content").asText();
      String arguments =
          said.startsWith("remember ")
              ? "{\"op\":\"remember\",\"note\":\"" + said.substring(9) + "\"}"
              : "{\"op\":\"recall\"}";
      return StrictChatCompletions.Reply.calls(
          new StrictChatCompletions.Call("call_memory", "memory_probe", arguments));
    }
    boolean asker = messages.get(0).path("content").asText().contains("LG asker");
    if (!asker) {
      return StrictChatCompletions.Reply.text("hello there from the model");
    }
    return messages.get(messages.size() - 1).path("role").asText().equals("tool")
        ? StrictChatCompletions.Reply.text("deployed")
        : StrictChatCompletions.Reply.calls(
            new StrictChatCompletions.Call("call_deploy", "echo", "{\"target\":\"prod\"}"));
  }

  private static final NodeScripts SCRIPTS = new NodeScripts("langgraph-sdk-check");

  @Override
  public void run(StrictChatCompletions endpoint) throws Exception {
    if (!NodeScripts.available()) {
      System.out.println("LangGraphSdkAcceptance: no node and npm on this machine; not run");
      return;
    }
    stack.putAgent("lg-chatty", CHATTY);
    stack.putAgent("lg-asker", ASKER);
    stack.putAgent("lg-memory", MEMORY);
    // The SDK's current major, and the previous one the check was written for.
    for (NodeScripts scripts :
        List.of(SCRIPTS.with("@langchain/langgraph-sdk", "2.0.0"), SCRIPTS)) {
      scripts.install("@langchain/langgraph-sdk");
      scripts.check(stack);
    }
    assertThat(endpoint.refusals()).as("requests the endpoint refused").isEmpty();
  }
}
