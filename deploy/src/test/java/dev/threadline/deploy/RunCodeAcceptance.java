package dev.threadline.deploy;

import static dev.threadline.deploy.StackClient.count;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.threadline.testkit.StrictChatCompletions;
import dev.threadline.testkit.StrictChatCompletions.Call;
import dev.threadline.testkit.StrictChatCompletions.Reply;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The {@code run_code} tool on the running stack, with the {@code openai} provider against the
 * strict stand-in: the model writes a script that calls two of the agent's tools and returns what
 * they said together; a memory bomb ends with {@code memory} and the executor goes on serving; and
 * the endpoint accepts every request, run_code's definition and results included.
 */
final class RunCodeAcceptance implements ScriptedAcceptance {
  static final String TWO_TOOLS =
      """
      const echoed = await tools.echo({ word: "kafka" });
      const now: { time?: string } = await tools.current_time({});
      export default { word: echoed.word, timed: typeof now === "object" || typeof now === "string" };
      """;
  static final String BOMB =
      "const hoard: number[][] = []; for (;;) hoard.push(new Array(100000).fill(1.5)); export default 0;";

  private final StackClient stack;
  private final AtomicInteger calls = new AtomicInteger();

  RunCodeAcceptance(StackClient stack) {
    this.stack = stack;
  }

  @Override
  public Reply answer(JsonNode request) {
    JsonNode messages = request.path("messages");
    JsonNode last = messages.get(messages.size() - 1);
    if (last.path("role").asText().equals("tool")) {
      return Reply.text("code said: " + last.path("content").asText());
    }
    String code = last.path("content").asText().equals("bomb") ? BOMB : TWO_TOOLS;
    String arguments = StackClient.JSON.createObjectNode().put("code", code).toString();
    return Reply.calls(new Call("call_rc_" + calls.incrementAndGet(), "run_code", arguments));
  }

  @Override
  public void run(StrictChatCompletions endpoint) throws Exception {
    stack.write(
        "PUT",
        "/v1/agents/rc-coder",
        """
        {"model": {"provider": "openai", "model": "gpt-test", "endpoint": "strict", "stream": false},
         "systemPrompt": "RC coder",
         "tools": [{"name": "echo", "permission": "allow"}, {"name": "current_time", "permission": "allow"},
                   {"name": "run_code", "permission": "allow"}],
         "stop": {"stopOnResponse": true, "maxSteps": 5}}""",
        200);
    String bomb = start("bomb");
    String thread = start("combine");

    List<JsonNode> events =
        stack.awaitEvents(thread, e -> count(e, "TurnCompleted") == 1, "an answer");
    String answer = events.toString();
    assertThat(answer).contains("code said: {\\\"status\\\":\\\"ok\\\"").contains("kafka");
    assertThat(answer)
        .as("each tool call the script made is on the thread")
        .contains("code_tool_call");

    List<JsonNode> bombed =
        stack.awaitEvents(bomb, e -> count(e, "TurnCompleted") == 1, "an answer");
    assertThat(bombed.toString()).contains("\\\"status\\\":\\\"memory\\\"");
    assertThat(endpoint.refusals()).as("requests the endpoint refused").isEmpty();
  }

  private String start(String message) throws Exception {
    return stack
        .write(
            "POST",
            "/v1/threads",
            "{\"agent\": \"rc-coder\", \"message\": \"" + message + "\"}",
            201)
        .path("threadId")
        .asText();
  }
}
