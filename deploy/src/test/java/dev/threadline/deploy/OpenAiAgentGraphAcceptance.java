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
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The agent graph of the Standard Agents model through the HTTP APIs, with the {@code openai}
 * provider against the strict stand-in: a coordinator calls a subprompt that runs on another model
 * and sees only its message; then a blocking dual_ai subagent whose side A drafts and side B (on
 * another model) sends the draft back once before its {@code sessionStop}, whose result is the
 * coordinator's tool result; then it hands the thread to a scheduler, which answers in the same
 * turn and the user's next message. No request is refused. The models and prompts are resources of
 * their own ({@code /v1/models}, {@code /v1/prompts}) that the agents name.
 */
final class OpenAiAgentGraphAcceptance implements ScriptedAcceptance {
  private final StackClient stack;
  private final AtomicInteger calls = new AtomicInteger();

  /** The model each agent's (or subprompt's) requests named, by its system prompt's first word. */
  final Map<String, String> models = new ConcurrentHashMap<>();

  /** How many messages the subprompt's requests carried. */
  final Map<String, Integer> sizes = new ConcurrentHashMap<>();

  OpenAiAgentGraphAcceptance(StackClient stack) {
    this.stack = stack;
  }

  @Override
  public Reply answer(JsonNode request) {
    JsonNode messages = request.path("messages");
    String system = messages.get(0).path("content").asText();
    String who = system.split(":")[0];
    models.put(who, request.path("model").asText());
    sizes.put(who, messages.size());
    JsonNode last = messages.get(messages.size() - 1);
    String said = last.path("content").asText("");
    return switch (who) {
      case "GRAPH brainstorm" -> Reply.text("ideas: launch on Tuesday");
      // The reviewer is dual_ai: side A drafts, side B sends it back once, then approves.
      case "GRAPH drafter" ->
          Reply.text(said.startsWith("revise") ? "draft 2, shorter" : "draft 1 of " + said);
      case "GRAPH critic" ->
          said.startsWith("draft 1")
              ? Reply.text("revise: make it shorter")
              : Reply.calls(call("sessionStop", "{\"result\":\"reviewed: " + said + "\"}"));
      case "GRAPH scheduler" -> Reply.text("scheduler here: " + said);
      case "GRAPH coordinator" -> coordinator(messages, last, said);
      default -> Reply.text("?");
    };
  }

  /** Plan: brainstorm, have it reviewed, then hand over to the scheduler. */
  private Reply coordinator(JsonNode messages, JsonNode last, String said) {
    if (!last.path("role").asText().equals("tool")) {
      return Reply.calls(call("brainstorm", "{\"message\":\"ideas for a launch\"}"));
    }
    return switch (calledTool(messages, last.path("tool_call_id").asText())) {
      case "brainstorm" -> Reply.calls(call("reviewer", "{\"message\":\"" + said + "\"}"));
      case "reviewer" -> Reply.calls(call("graph-scheduler", "{}"));
      default -> Reply.text("?");
    };
  }

  private static String calledTool(JsonNode messages, String callId) {
    for (JsonNode m : messages) {
      for (JsonNode c : m.path("tool_calls")) {
        if (c.path("id").asText().equals(callId)) {
          return c.path("function").path("name").asText();
        }
      }
    }
    return "";
  }

  private Call call(String name, String args) {
    return new Call("call_graph_" + calls.incrementAndGet(), name, args);
  }

  @Override
  public void run(StrictChatCompletions endpoint) throws Exception {
    // Models and prompts are resources of their own; the agents name them.
    put(
        "models/graph-big",
        "{\"provider\":\"openai\",\"model\":\"gpt-big\",\"endpoint\":\"strict\"}");
    put(
        "models/graph-small",
        "{\"provider\":\"openai\",\"model\":\"gpt-small\",\"endpoint\":\"strict\"}");
    put(
        "prompts/graph-drafter",
        "{\"prompt\": \"GRAPH drafter: write it\", \"model\": \"graph-big\"}");
    put(
        "prompts/graph-critic",
        "{\"prompt\": \"GRAPH critic: review it\", \"model\": \"graph-small\"}");
    put(
        "prompts/brainstorm",
        "{\"prompt\": \"GRAPH brainstorm: list ideas\", \"model\": \"graph-small\","
            + " \"toolDescription\": \"Brainstorm ideas\"}");
    put(
        "agents/graph-reviewer",
        "{\"type\": \"dual_ai\", \"prompt\": \"graph-drafter\","
            + " \"sideB\": {\"prompt\": \"graph-critic\"}, \"toolDescription\": \"Drafts and reviews\","
            + " \"stop\": {\"stopOnResponse\": true, \"maxSteps\": 3, \"maxSessionTurns\": 6}}");
    put(
        "agents/graph-scheduler",
        "{\"model\": \"graph-big\", \"systemPrompt\": \"GRAPH scheduler: book meetings\","
            + " \"stop\": {\"stopOnResponse\": true, \"maxSteps\": 6}}");
    put(
        "agents/graph-coordinator",
        "{\"model\": \"graph-big\", \"systemPrompt\": \"GRAPH coordinator: plan\","
            + " \"subprompts\": [\"brainstorm\"],"
            + " \"subagents\": [{\"name\": \"reviewer\", \"agent\": \"graph-reviewer\"}],"
            + " \"handoffs\": [{\"agent\": \"graph-scheduler\"}],"
            + " \"stop\": {\"stopOnResponse\": true, \"maxSteps\": 6}}");
    int before = endpoint.requests();

    String thread =
        stack
            .write(
                "POST",
                "/v1/threads",
                "{\"agent\": \"graph-coordinator\", \"message\": \"plan the launch\"}",
                201)
            .path("threadId")
            .asText();
    List<JsonNode> events =
        stack.awaitEvents(thread, e -> count(e, "TurnCompleted") >= 1, "the planned turn");
    List<String> results = toolResults(events);
    assertThat(results).hasSize(3);
    assertThat(results.get(0)).isEqualTo("ideas: launch on Tuesday");
    assertThat(results.get(1)).contains("reviewed: draft 2, shorter");
    assertThat(models).containsEntry("GRAPH critic", "gpt-small");
    // The critic saw the drafter's text as a user message, and only text: system, task, draft 1,
    // its own request to revise, draft 2.
    assertThat(sizes).containsEntry("GRAPH critic", 5);
    assertThat(results.get(2)).contains("\"handedOffTo\":\"graph-scheduler\"");
    assertThat(models).containsEntry("GRAPH brainstorm", "gpt-small");
    assertThat(sizes).containsEntry("GRAPH brainstorm", 2); // its prompt and its message
    assertThat(first(events, "AgentHandedOff").path("payload").path("toAgent").asText())
        .isEqualTo("graph-scheduler");

    stack.write(
        "POST", "/v1/threads/" + encode(thread) + "/messages", "{\"text\": \"when?\"}", 202);
    events = stack.awaitEvents(thread, e -> count(e, "TurnCompleted") >= 2, "the second turn");
    JsonNode lastMessage = first(events.reversed(), "MessageAppended");
    assertThat(lastMessage.path("payload").path("message").path("content").asText())
        .isEqualTo("scheduler here: when?");
    assertThat(endpoint.refusals()).as("requests the endpoint refused").isEmpty();
    assertThat(endpoint.requests() - before).isGreaterThanOrEqualTo(6);
  }

  private static List<String> toolResults(List<JsonNode> events) {
    return StackClient.toolResults(events).stream().map(m -> m.path("content").asText("")).toList();
  }

  private void put(String path, String body) throws Exception {
    stack.write("PUT", "/v1/" + path, body, 200);
  }
}
