package dev.threadline.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.threadline.testkit.StrictChatCompletions;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The official MCP TypeScript SDK's client ({@code @modelcontextprotocol/sdk}, from the npm
 * registry, unchanged) calls Threadline agents through the ingest's {@code /mcp}: {@code
 * src/test/js/mcp-client-check/mcp-client-check.mjs} lists them, calls one with progress, goes on
 * with its thread, meets an approval, and cancels a call whose model is still thinking. Needs
 * Node.js and npm (CI's machines have both); without them it says so and checks nothing.
 */
record McpClientAcceptance(StackClient stack, CountDownLatch released)
    implements ScriptedAcceptance {
  private static final String MODEL =
      "{\"provider\": \"openai\", \"model\": \"gpt-test\", \"endpoint\": \"strict\"}";
  private static final NodeScripts SCRIPTS = new NodeScripts("mcp-client-check");

  McpClientAcceptance(StackClient stack) {
    this(stack, new CountDownLatch(1));
  }

  private static String agent(String prompt, String tools, String extra) {
    return "{\"model\": "
        + MODEL
        + ", \"systemPrompt\": \""
        + prompt
        + "\", \"tools\": "
        + tools
        + extra
        + ", \"stop\": {\"stopOnResponse\": true, \"maxSteps\": 5}}";
  }

  /**
   * Each agent calls echo first; then the helper answers the sum asked, and the slow one thinks
   * until the check is over (its call is cancelled meanwhile).
   */
  @Override
  public StrictChatCompletions.Reply answer(JsonNode request) {
    JsonNode messages = request.path("messages");
    String prompt = messages.get(0).path("content").asText();
    JsonNode last = messages.get(messages.size() - 1);
    if (!last.path("role").asText().equals("tool")) {
      return StrictChatCompletions.Reply.calls(
          new StrictChatCompletions.Call("call_" + messages.size(), "echo", "{\"n\": 1}"));
    }
    if (prompt.contains("MCP slow")) {
      try {
        released.await(120, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      return StrictChatCompletions.Reply.text("too late");
    }
    String asked = messages.get(messages.size() - 3).path("content").asText();
    return StrictChatCompletions.Reply.text(asked.contains("3 and 3") ? "six" : "four");
  }

  @Override
  public void run(StrictChatCompletions endpoint) throws Exception {
    if (!NodeScripts.available()) {
      System.out.println("McpClientAcceptance: no node and npm on this machine; not run");
      return;
    }
    String echo = "[{\"name\": \"echo\"}]";
    stack.putAgent(
        "mcp-helper",
        agent("MCP helper", echo, ", \"toolDescription\": \"Adds numbers with a tool\""));
    stack.putAgent("mcp-hidden", agent("MCP hidden", echo, ", \"exposeAsTool\": false"));
    stack.putAgent("mcp-slow", agent("MCP slow", echo, ""));
    stack.putAgent(
        "mcp-asker", agent("MCP asker", "[{\"name\": \"echo\", \"permission\": \"ask\"}]", ""));
    SCRIPTS.install("@modelcontextprotocol/sdk");
    try {
      SCRIPTS.check(stack);
    } finally {
      released.countDown();
    }
    assertThat(endpoint.refusals()).as("requests the endpoint refused").isEmpty();
  }
}
