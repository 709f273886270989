package dev.threadline.deploy;

import static dev.threadline.deploy.StackClient.count;
import static dev.threadline.deploy.StackClient.encode;
import static dev.threadline.deploy.StackClient.first;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.threadline.testkit.StrictChatCompletions.Call;
import dev.threadline.testkit.StrictResponses;
import dev.threadline.testkit.StrictResponses.Reply;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Agents on the {@code openai-responses} provider, through the HTTP APIs, against a stand-in that
 * refuses what the Responses API refuses ({@link StrictResponses}): a parent hears from its child;
 * an abort in the middle of a two-tool reply leaves input the API takes; a reasoning model's
 * encrypted reasoning goes back within its tool loop (the stand-in refuses reasoning it did not
 * issue, or reasoning without the call it led to); a reply under a JSON schema is checked against
 * it. No request is refused.
 */
final class ResponsesAcceptance implements StrictResponses.Script {
  private static final String MODEL =
      "{\"provider\":\"openai-responses\",\"model\":\"gpt-test\",\"endpoint\":\"responses\"";
  private final StackClient stack;
  private final AtomicInteger calls = new AtomicInteger();

  ResponsesAcceptance(StackClient stack) {
    this.stack = stack;
  }

  /** The stand-in's model: it answers by agent (its instructions) and the last input item. */
  @Override
  public Reply answer(JsonNode request) {
    String agent = request.path("instructions").asText();
    JsonNode input = request.path("input");
    JsonNode last = input.get(input.size() - 1);
    String said = last.path("content").asText(last.path("output").asText(""));
    boolean thinks = request.has("reasoning");
    if (last.path("type").asText().equals("function_call_output")) {
      return new Reply(thinks ? "now answer" : null, "done with the tools: " + said, List.of());
    }
    if (agent.startsWith("RS child")) {
      return Reply.text("child answer to: " + said);
    }
    if (agent.startsWith("RS parent")) {
      return said.startsWith("[subagent helper")
          ? Reply.text("parent got: " + said)
          : calls(null, call("helper", "{\"message\":\"look it up\"}"));
    }
    if (agent.startsWith("RS json")) {
      return Reply.text(said.equals("bad") ? "{\"n\":\"one\"}" : "{\"n\":1}");
    }
    return switch (said) {
      case "two tools" -> calls(null, call("echo", "{\"n\":1}"), call("current_time", "{}"));
      case "echo" -> calls(thinks ? "the user wants an echo" : null, call("echo", "{\"n\":2}"));
      default -> Reply.text("sure: " + said);
    };
  }

  private static Reply calls(String reasoning, Call... calls) {
    return new Reply(reasoning, null, List.of(calls));
  }

  private Call call(String name, String args) {
    return new Call("call_" + calls.incrementAndGet(), name, args);
  }

  void run(StrictResponses api) throws Exception {
    define("rs-child", MODEL + "}", "RS child", "[]", "[]");
    define(
        "rs-parent",
        MODEL + "}",
        "RS parent",
        "[]",
        "[{\"name\":\"helper\",\"agent\":\"rs-child\",\"blocking\":false}]");
    String tools =
        "[{\"name\":\"echo\",\"permission\":\"allow\"},{\"name\":\"current_time\",\"permission\":\"ask\"}]";
    define("rs-tools", MODEL + "}", "RS tools", tools, "[]");
    define("rs-thinker", MODEL + ",\"reasoning\":{\"effort\":\"low\"}}", "RS thinker", tools, "[]");
    define(
        "rs-json",
        MODEL
            + ",\"responseFormat\":{\"type\":\"json_schema\",\"schema\":{\"type\":\"object\","
            + "\"properties\":{\"n\":{\"type\":\"integer\"}},\"required\":[\"n\"]}}}",
        "RS json",
        "[]",
        "[]");

    anOptionTheApiLacksIsRefusedAtTheDoor();
    aParentHearsFromItsChild();
    anAbortInTheMiddleOfATwoToolReplyLeavesValidInput();
    reasoningGoesBackWithinTheToolLoop(api);
    aReplyUnderAJsonSchemaIsHeldToIt();

    assertThat(api.refusals()).as("requests the Responses API refused").isEmpty();
    assertThat(api.requests()).hasSizeGreaterThan(8);
  }

  private void anOptionTheApiLacksIsRefusedAtTheDoor() throws Exception {
    JsonNode refused =
        stack.write(
            "PUT", "/v1/agents/rs-stop", "{\"model\": " + MODEL + ",\"stop\":\"END\"}}", 422);
    assertThat(refused.path("errors").path(0).path("field").asText()).isEqualTo("model.stop");
  }

  private void define(String name, String model, String prompt, String tools, String subagents)
      throws Exception {
    stack.write(
        "PUT",
        "/v1/agents/" + name,
        "{\"model\": "
            + model
            + ", \"systemPrompt\": \""
            + prompt
            + "\", \"tools\": "
            + tools
            + ", \"subagents\": "
            + subagents
            + ", \"stop\": {\"stopOnResponse\": true, \"maxSteps\": 5}}",
        200);
  }

  private String start(String agent, String message) throws Exception {
    return stack
        .write(
            "POST",
            "/v1/threads",
            "{\"agent\": \"" + agent + "\", \"message\": \"" + message + "\"}",
            201)
        .path("threadId")
        .asText();
  }

  private void say(String threadId, String text) throws Exception {
    stack.write(
        "POST",
        "/v1/threads/" + encode(threadId) + "/messages",
        "{\"text\": \"" + text + "\"}",
        202);
  }

  private void aParentHearsFromItsChild() throws Exception {
    String parent = start("rs-parent", "delegate");
    List<JsonNode> events =
        stack.awaitEvents(parent, e -> count(e, "TurnCompleted") >= 2, "the child's report");
    assertThat(events.toString())
        .contains("parent got: [subagent helper completed] child answer to: look it up");
  }

  private void anAbortInTheMiddleOfATwoToolReplyLeavesValidInput() throws Exception {
    String thread = start("rs-tools", "two tools");
    stack.awaitEvents(
        thread, e -> count(e, "ApprovalRequested") == 1, "the second call's approval");

    stack.write("POST", "/v1/threads/" + encode(thread) + "/abort", "{}", 202);
    say(thread, "after abort");

    List<JsonNode> events =
        stack.awaitEvents(thread, e -> count(e, "TurnCompleted") >= 2, "an answer");
    assertThat(events.toString()).contains("sure: after abort");
  }

  private void reasoningGoesBackWithinTheToolLoop(StrictResponses api) throws Exception {
    String thread = start("rs-thinker", "echo");
    List<JsonNode> events =
        stack.awaitEvents(thread, e -> count(e, "TurnCompleted") == 1, "the tool loop");
    assertThat(events.toString()).contains("done with the tools: {\\\"n\\\":2}");
    JsonNode input = api.requests().getLast().path("input");
    assertThat(input.toString()).contains("\"type\":\"reasoning\"", "encrypted_content");
  }

  private void aReplyUnderAJsonSchemaIsHeldToIt() throws Exception {
    String thread = start("rs-json", "good");
    List<JsonNode> events =
        stack.awaitEvents(thread, e -> count(e, "TurnCompleted") == 1, "a JSON reply");
    assertThat(StackClient.types(events)).doesNotContain("ModelCallFailed");

    say(thread, "bad");
    events = stack.awaitEvents(thread, e -> count(e, "TurnCompleted") == 2, "a refused reply");
    assertThat(first(events, "ModelCallFailed").path("payload").path("code").asText())
        .isEqualTo("output_schema_mismatch");
  }
}
