package dev.threadline.deploy;

import static dev.threadline.deploy.StackClient.count;
import static dev.threadline.deploy.StackClient.encode;
import static dev.threadline.deploy.StackClient.first;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * The scenarios every model provider runs through the stack, on agents its acceptance defines and
 * scripts: a parent hears from its child; an abort in the middle of a two-tool reply, and an
 * approval denied, leave a conversation the provider's API takes and the thread answers the next
 * message; a reply under a JSON schema is checked against it; an image attached to a message
 * reaches a model that sees images.
 */
final class ProviderScenarios {
  private final StackClient stack;

  ProviderScenarios(StackClient stack) {
    this.stack = stack;
  }

  /** Agent {@code name} on {@code model}, stopping on its response within 5 steps. */
  void define(String name, String model, String prompt, String tools, String subagents)
      throws Exception {
    stack.putAgent(
        name,
        "{\"model\": "
            + model
            + ", \"systemPrompt\": \""
            + prompt
            + "\", \"tools\": "
            + tools
            + ", \"subagents\": "
            + subagents
            + ", \"stop\": {\"stopOnResponse\": true, \"maxSteps\": 5}}");
  }

  String start(String agent, String message) throws Exception {
    return stack.createThread("{\"agent\": \"" + agent + "\", \"message\": \"" + message + "\"}");
  }

  void say(String threadId, String text) throws Exception {
    stack.sendMessage(threadId, "{\"text\": \"" + text + "\"}");
  }

  /**
   * The parent, told "delegate", calls its child {@code helper}, which answers the script's way.
   */
  void aParentHearsFromItsChild(String parentAgent) throws Exception {
    String parent = start(parentAgent, "delegate");
    List<JsonNode> events =
        stack.awaitEvents(parent, e -> count(e, "TurnCompleted") >= 2, "the child's report");
    assertThat(first(events, "ChildStatusUpdated").path("payload").path("kind").asText())
        .isEqualTo("completed");
    assertThat(events.toString())
        .contains("parent got: [subagent helper completed] child answer to: look it up");
  }

  /** Told "two tools", the agent calls echo and current_time, the second waiting for approval. */
  void anAbortInTheMiddleOfATwoToolReplyLeavesAValidConversation(String toolsAgent)
      throws Exception {
    String thread = start(toolsAgent, "two tools");
    stack.awaitEvents(
        thread, e -> count(e, "ApprovalRequested") == 1, "the second call's approval");

    stack.write("POST", "/v1/threads/" + encode(thread) + "/abort", "{}", 202);
    say(thread, "after abort");

    List<JsonNode> events =
        stack.awaitEvents(thread, e -> count(e, "TurnCompleted") >= 2, "an answer");
    assertThat(events.toString()).contains("sure: after abort");
  }

  /** Told "what time is it", the agent calls current_time, which waits for approval. */
  void anApprovalDeniedThenANewMessageIsAnswered(String toolsAgent) throws Exception {
    String thread = start(toolsAgent, "what time is it");
    List<JsonNode> events =
        stack.awaitEvents(thread, e -> count(e, "ApprovalRequested") == 1, "an approval");
    String callId = first(events, "ApprovalRequested").path("payload").path("callId").asText();
    stack.write(
        "POST",
        "/v1/threads/" + encode(thread) + "/approvals/" + callId,
        "{\"approve\": false, \"reason\": \"not now\"}",
        202);
    stack.awaitEvents(thread, e -> count(e, "TurnCompleted") == 1, "the turn after the denial");

    say(thread, "anything else");

    events = stack.awaitEvents(thread, e -> count(e, "TurnCompleted") >= 2, "an answer");
    assertThat(events.toString())
        .contains("denied by the approver: not now")
        .contains("sure: anything else");
  }

  /** The agent answers "good" with {"n":1} and "bad" with {"n":"one"}, under schema n: integer. */
  void aReplyUnderAJsonSchemaIsHeldToIt(String jsonAgent) throws Exception {
    String thread = start(jsonAgent, "good");
    List<JsonNode> events =
        stack.awaitEvents(thread, e -> count(e, "TurnCompleted") == 1, "a JSON reply");
    assertThat(StackClient.types(events)).doesNotContain("ModelCallFailed");

    say(thread, "bad");
    events = stack.awaitEvents(thread, e -> count(e, "TurnCompleted") == 2, "a refused reply");
    assertThat(first(events, "ModelCallFailed").path("payload").path("code").asText())
        .isEqualTo("output_schema_mismatch");
  }

  /** The agent answers "I see an image" when the message it is sent has its image. */
  void anImageReachesTheModel(String lookerAgent) throws Exception {
    String thread = stack.createThread("{\"agent\": \"" + lookerAgent + "\"}");
    FilesAcceptance.upload(stack, thread, "/attachments/cat.png");
    stack.sendMessage(
        thread,
        "{\"text\": \"what is this?\", \"attachments\": [{\"path\": \"/attachments/cat.png\"}]}");
    List<JsonNode> events =
        stack.awaitEvents(thread, e -> count(e, "TurnCompleted") >= 1, "a look at the image");
    assertThat(StackClient.messages(events).getLast().path("content").asText())
        .isEqualTo("I see an image");
  }

  /** The JSON-schema response format of the json agents: {"n": an integer}. */
  static final String N_SCHEMA =
      ",\"responseFormat\":{\"type\":\"json_schema\",\"schema\":{\"type\":\"object\","
          + "\"properties\":{\"n\":{\"type\":\"integer\"}},\"required\":[\"n\"]}}";

  /** echo allowed, current_time asked for. */
  static final String TWO_TOOLS =
      "[{\"name\":\"echo\",\"permission\":\"allow\"},{\"name\":\"current_time\",\"permission\":\"ask\"}]";
}
