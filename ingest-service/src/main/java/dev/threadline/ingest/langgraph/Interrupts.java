package dev.threadline.ingest.langgraph;

import static dev.threadline.ingest.langgraph.LangChainMessages.JSON;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.threadline.ingest.Problem;
import dev.threadline.ingest.reads.ProjectorJson;

/**
 * A tool call awaiting approval as a LangGraph interrupt: {@code {id: callId, value: {tool,
 * arguments, call_id}}}; {@code command: {resume: …}} decides it — {@code true}/{@code false}, or
 * {@code {approve, reason}}, or LangGraph's human-in-the-loop {@code {type: accept|reject}}.
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
    value.set(
        "arguments", LangChainMessages.arguments(approval.path("argumentsJson").asText("{}")));
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

  /** Whether {@code resume} approves; {@code reason} from it when it gives one. */
  record Decision(boolean approve, String reason) {
    static Decision of(JsonNode resume) {
      if (resume.isBoolean()) {
        return new Decision(resume.asBoolean(), null);
      }
      JsonNode one = resume.isArray() && !resume.isEmpty() ? resume.get(0) : resume;
      if (one.has("approve") && one.get("approve").isBoolean()) {
        return new Decision(one.get("approve").asBoolean(), text(one.path("reason")));
      }
      String type = one.path("type").asText("");
      if (type.equals("accept") || type.equals("approve")) {
        return new Decision(true, null);
      }
      if (type.equals("reject") || type.equals("deny") || type.equals("ignore")) {
        return new Decision(false, text(one.path("args")));
      }
      throw Problem.invalid(
          "command.resume",
          "must be true or false, {\"approve\": true|false, \"reason\"?}, or {\"type\":"
              + " \"accept\"|\"reject\"}");
    }

    private static String text(JsonNode node) {
      return node.isTextual() ? node.asText() : null;
    }
  }
}
