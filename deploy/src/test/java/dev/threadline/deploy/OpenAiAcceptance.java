package dev.threadline.deploy;

import static dev.threadline.deploy.StackClient.count;
import static dev.threadline.deploy.StackClient.encode;
import static dev.threadline.deploy.StackClient.first;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.threadline.testkit.StrictChatCompletions;
import dev.threadline.testkit.StrictChatCompletions.Call;
import dev.threadline.testkit.StrictChatCompletions.Reply;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Agent semantics users rely on, through the HTTP APIs with the {@code openai} provider against a
 * stand-in that refuses what the real endpoint refuses ({@link StrictChatCompletions}): a parent
 * hears from a child that answers in plain text and can call it again; terminating a parent
 * terminates its working child; an abort in the middle of a two-tool reply, and an approval denied,
 * leave a conversation the endpoint accepts; an approval granted runs the call. No request is
 * refused.
 */
final class OpenAiAcceptance implements ScriptedAcceptance {
  private final StackClient stack;
  private final ProviderScenarios scenarios;
  private final AtomicInteger calls = new AtomicInteger();

  OpenAiAcceptance(StackClient stack) {
    this.stack = stack;
    this.scenarios = new ProviderScenarios(stack);
  }

  /** The stand-in's model: it answers by agent (its system prompt) and the last message. */
  @Override
  public Reply answer(JsonNode request) {
    JsonNode messages = request.path("messages");
    String agent = messages.get(0).path("content").asText();
    JsonNode last = messages.get(messages.size() - 1);
    String said = last.path("content").asText("");
    if (last.path("role").asText().equals("tool")) {
      return Reply.text("done with the tools: " + said);
    }
    if (agent.startsWith("OA child")) {
      return Reply.text("child answer to: " + said);
    }
    if (agent.startsWith("OA parent")) {
      return said.startsWith("[subagent helper")
          ? Reply.text("parent got: " + said)
          : said.startsWith("delegate")
              ? Reply.calls(call("helper", "{\"message\":\"look it up\"}"))
              : Reply.text("ok");
    }
    if (agent.startsWith("OA lead")) {
      return said.startsWith("start")
          ? Reply.calls(call("worker", "{\"message\":\"work\"}"))
          : Reply.text("ok");
    }
    if (agent.startsWith("OA slow")) {
      return Reply.calls(call("current_time", "{}")); // waits for an approval nobody gives
    }
    return switch (said) {
      case "two tools" -> Reply.calls(call("echo", "{\"n\":1}"), call("current_time", "{}"));
      case "what time is it" -> Reply.calls(call("current_time", "{}"));
      default -> Reply.text("sure: " + said);
    };
  }

  private Call call(String name, String args) {
    return new Call("call_" + calls.incrementAndGet(), name, args);
  }

  @Override
  public void run(StrictChatCompletions endpoint) throws Exception {
    String model = "{\"provider\":\"openai\",\"model\":\"gpt-test\",\"endpoint\":\"strict\"";
    scenarios.define("oa-child", model + "}", "OA child", "[]", "[]");
    scenarios.define(
        "oa-parent",
        model + "}",
        "OA parent",
        "[]",
        "[{\"name\":\"helper\",\"agent\":\"oa-child\",\"blocking\":false}]");
    scenarios.define(
        "oa-slow",
        model + ",\"stream\":false}",
        "OA slow",
        "[{\"name\":\"current_time\",\"permission\":\"ask\"}]",
        "[]");
    scenarios.define(
        "oa-lead", model + "}", "OA lead", "[]", "[{\"name\":\"worker\",\"agent\":\"oa-slow\"}]");
    scenarios.define(
        "oa-tools",
        model + ",\"stream\":false}",
        "OA tools",
        "[{\"name\":\"echo\",\"permission\":\"allow\"},{\"name\":\"current_time\",\"permission\":\"ask\"}]",
        "[]");

    aModelUrlOfTheTenantsOwnIsRefusedAtTheDoor(endpoint);
    aParentHearsFromAChildThatAnswersInPlainTextAndCanCallItAgain();
    terminatingAParentTerminatesItsWorkingChild();
    scenarios.anAbortInTheMiddleOfATwoToolReplyLeavesAValidConversation("oa-tools");
    scenarios.anApprovalDeniedThenANewMessageIsAnswered("oa-tools");
    anApprovalGrantedRunsTheCall();

    assertThat(endpoint.refusals()).as("requests the endpoint refused").isEmpty();
    assertThat(endpoint.requests()).isGreaterThan(10);
  }

  /** The operator's key goes to the operator's endpoints only: an agent cannot name a URL. */
  private void aModelUrlOfTheTenantsOwnIsRefusedAtTheDoor(StrictChatCompletions endpoint)
      throws Exception {
    JsonNode refused =
        stack.write(
            "PUT",
            "/v1/agents/oa-exfiltrate",
            "{\"model\": {\"provider\":\"openai\",\"model\":\"gpt-test\",\"baseUrl\":\""
                + endpoint.baseUrl()
                + "\"}}",
            422);
    assertThat(refused.path("errors").path(0).path("field").asText()).isEqualTo("model.baseUrl");
  }

  private void aParentHearsFromAChildThatAnswersInPlainTextAndCanCallItAgain() throws Exception {
    String parent = scenarios.start("oa-parent", "delegate");
    List<JsonNode> events =
        stack.awaitEvents(parent, e -> count(e, "TurnCompleted") >= 2, "the child's report");
    assertThat(first(events, "ChildStatusUpdated").path("payload").path("kind").asText())
        .isEqualTo("completed");
    String child = first(events, "SubagentCreated").path("payload").path("childThreadId").asText();
    stack.awaitThread(child, t -> t.path("status").asText().equals("TERMINATED"), "terminated");
    JsonNode messages =
        stack.get(stack.projector() + "/v1/threads/" + encode(parent) + "/messages");
    assertThat(messages.path("messages"))
        .as("the child's report: silent, naming the sending instance")
        .anySatisfy(
            m -> {
              assertThat(m.path("sender").asText()).isEqualTo("subagent:helper");
              assertThat(m.path("silent").asBoolean()).isTrue();
            });

    scenarios.say(parent, "delegate again");

    events = stack.awaitEvents(parent, e -> count(e, "TurnCompleted") >= 4, "the second report");
    assertThat(count(events, "SubagentCreated")).isEqualTo(2);
    assertThat(StackClient.types(events)).doesNotContain("CommandRejected");
    assertThat(events.toString())
        .contains("parent got: [subagent helper completed] child answer to: look it up");
  }

  private void terminatingAParentTerminatesItsWorkingChild() throws Exception {
    String lead = scenarios.start("oa-lead", "start the worker");
    List<JsonNode> events =
        stack.awaitEvents(lead, e -> count(e, "SubagentCreated") == 1, "the worker");
    String worker = first(events, "SubagentCreated").path("payload").path("childThreadId").asText();
    stack.awaitThread(
        worker, t -> t.path("status").asText().equals("AWAITING_APPROVAL"), "working");

    stack.write("POST", "/v1/threads/" + encode(lead) + "/terminate", "{}", 202);

    stack.awaitThread(worker, t -> t.path("status").asText().equals("TERMINATED"), "terminated");
  }

  /** A thread asked for the time: the ApprovalRequested event it waits on. */
  private JsonNode awaitApproval(String thread) throws Exception {
    List<JsonNode> events =
        stack.awaitEvents(thread, e -> count(e, "ApprovalRequested") == 1, "an approval");
    return first(events, "ApprovalRequested").path("payload");
  }

  private void decide(String thread, JsonNode asked, String body) throws Exception {
    String callId = asked.path("callId").asText();
    stack.write("POST", "/v1/threads/" + encode(thread) + "/approvals/" + callId, body, 202);
  }

  private void anApprovalGrantedRunsTheCall() throws Exception {
    String thread = scenarios.start("oa-tools", "what time is it");
    JsonNode asked = awaitApproval(thread);

    String requestId = asked.path("requestId").asText();
    decide(thread, asked, "{\"approve\": true, \"requestId\": \"" + requestId + "\"}");

    List<JsonNode> events =
        stack.awaitEvents(thread, e -> count(e, "TurnCompleted") == 1, "the turn");
    assertThat(first(events, "ToolCallCompleted").path("payload").hasNonNull("error")).isFalse();
    assertThat(events.toString()).contains("done with the tools: {\\\"iso\\\"");
  }
}
