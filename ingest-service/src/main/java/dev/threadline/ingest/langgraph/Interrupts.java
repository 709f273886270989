package dev.threadline.ingest.langgraph;

import static dev.threadline.ingest.langgraph.LangChainMessages.JSON;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.threadline.ingest.Problem;
import dev.threadline.ingest.reads.ProjectorJson;

/**
 * A tool call awaiting approval as a LangGraph interrupt, in the shape of LangChain's
 * human-in-the-loop middleware — {@code {id: callId, value: {action_requests: [{name, args,
 * description}], review_configs: [{action_name, allowed_decisions}]}}}, which Agent Chat UI draws
 * its Approve, Edit and Reject buttons from — with the earlier {@code tool}, {@code arguments} and
 * {@code call_id} beside, and LangGraph's prebuilt {@code HumanInterrupt} ({@code action_request},
 * {@code config}, {@code description}) that the Agent Chat UI published on the npm registry and the
 * agent inbox read. {@code command: {resume: …}} decides it: {@code {decisions: [{type: approve} |
 * {type: edit, edited_action: {args}} | {type: reject, message?}]}}; the prebuilt's {@code [{type:
 * accept | edit (args: {action, args}) | response (args: text) | ignore}]}; or {@code true}/{@code
 * false}, {@code {approve, reason}}. Threadline asks for one call at a time: one decision; an edit
 * runs the call the model named with the approver's arguments; a response or a reject tells the
 * model the approver's text instead of running the call.
 */
final class Interrupts {
  private static final int LOOK_BACK = 1_000;

  private Interrupts() {}

  /** The interrupt of an {@code ApprovalRequested} event's payload. */
  static ObjectNode of(JsonNode approval) {
    ObjectNode value =
        JSON.createObjectNode()
            .put("tool", approval.path("toolName").asText())
            .put("call_id", approval.path("callId").asText());
    JsonNode arguments = LangChainMessages.arguments(approval.path("argumentsJson").asText("{}"));
    value.set("arguments", arguments);
    String tool = approval.path("toolName").asText();
    ObjectNode action = value.putArray("action_requests").addObject().put("name", tool);
    action.set("args", arguments);
    action.put(
        "description",
        "Tool execution requires approval\n\nTool: " + tool + "\nArgs: " + arguments);
    ObjectNode review = value.putArray("review_configs").addObject().put("action_name", tool);
    review.putArray("allowed_decisions").add("approve").add("edit").add("reject");
    value.set("action_request", JSON.createObjectNode().put("action", tool).set("args", arguments));
    value
        .putObject("config")
        .put("allow_accept", true)
        .put("allow_edit", true)
        .put("allow_respond", true)
        .put("allow_ignore", true);
    value.put("description", action.path("description").asText());
    ObjectNode interrupt = JSON.createObjectNode().put("id", approval.path("callId").asText());
    interrupt.set("value", value);
    return interrupt;
  }

  /**
   * The {@code ApprovalRequested} payload of the approval the thread awaits (null: none), from its
   * last events.
   */
  static JsonNode pending(ProjectorJson projector, String threadId, JsonNode summary) {
    if (summary == null || !summary.path("status").asText().equals("AWAITING_APPROVAL")) {
      return null;
    }
    long after = Math.max(0, summary.path("lastSeq").asLong() - LOOK_BACK);
    JsonNode page =
        projector.read(ProjectorJson.threadPath(threadId) + "/events?limit=1000&after=" + after);
    JsonNode pending = null;
    if (page != null) {
      for (JsonNode e : page.path("events")) {
        switch (e.path("type").asText()) {
          case "ApprovalRequested" -> pending = e.path("payload");
          case "ApprovalDecided", "TurnCompleted" -> pending = null;
          default -> {}
        }
      }
    }
    return pending;
  }

  /**
   * A run's {@code command.goto} (Agent Chat UI's "Mark as Resolved" sends {@code __end__}) is
   * refused: a Threadline turn is no graph of nodes to go to, and ending it at an approval without
   * a run to follow is a cancel ({@code POST …/runs/{run_id}/cancel}).
   */
  static void refuseGoto(JsonNode command) {
    if (command.has("goto")) {
      throw Problem.invalid(
          "command.goto",
          "not supported: a turn has no nodes to go to — decide the call with command.resume, or"
              + " cancel the run");
    }
  }

  /** Whether {@code resume} approves; {@code reason} from it when it gives one. */
  record Decision(boolean approve, String reason, String argumentsJson) {
    Decision(boolean approve, String reason) {
      this(approve, reason, null);
    }

    static Decision of(JsonNode resume) {
      if (resume.isBoolean()) {
        return new Decision(resume.asBoolean(), null);
      }
      if (resume.has("decisions")) {
        return ofDecisions(resume.get("decisions"));
      }
      JsonNode one = resume.isArray() && !resume.isEmpty() ? resume.get(0) : resume;
      if (one.has("approve") && one.get("approve").isBoolean()) {
        return new Decision(one.get("approve").asBoolean(), text(one.path("reason")));
      }
      String type = one.path("type").asText("");
      if (type.equals("accept") || type.equals("approve")) {
        return new Decision(true, null);
      }
      if (type.equals("reject")
          || type.equals("deny")
          || type.equals("ignore")
          || type.equals("response")) {
        return new Decision(false, text(one.path("args")));
      }
      if (type.equals("edit")) {
        return edit(one.path("args").path("args"), "command.resume[0].args.args");
      }
      throw Problem.invalid(
          "command.resume",
          "must be true or false, {\"approve\": true|false, \"reason\"?}, {\"decisions\":"
              + " [...]}, or [{\"type\": \"accept\"|\"edit\"|\"response\"|\"ignore\"}]");
    }

    /** LangChain's {@code decisions}: one, approve or reject (its message told to the model). */
    private static Decision ofDecisions(JsonNode decisions) {
      if (!decisions.isArray() || decisions.size() != 1) {
        throw Problem.invalid(
            "command.resume.decisions",
            "one decision, for the one call awaiting approval (Threadline asks for one at a time)");
      }
      JsonNode decision = decisions.get(0);
      return switch (decision.path("type").asText("")) {
        case "approve" -> new Decision(true, null);
        case "reject" -> new Decision(false, text(decision.path("message")));
        case "edit" ->
            edit(
                decision.path("edited_action").path("args"),
                "command.resume.decisions[0].edited_action.args");
        default ->
            throw Problem.invalid(
                "command.resume.decisions[0].type", "must be approve, edit or reject");
      };
    }

    /** Approved with the approver's arguments: the tool stays the one the model called. */
    private static Decision edit(JsonNode args, String field) {
      if (!args.isObject()) {
        throw Problem.invalid(
            field, "required: the call's arguments as the approver edited them, a JSON object");
      }
      return new Decision(true, null, args.toString());
    }

    private static String text(JsonNode node) {
      return node.isTextual() ? node.asText() : null;
    }
  }
}
