package dev.threadline.ingest.mcp;

import static dev.threadline.ingest.mcp.JsonRpc.JSON;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.threadline.ingest.reads.ProjectorReads;
import dev.threadline.ingest.reads.ServerSentEvents;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * One run's events (the projector's stream of it) as an MCP tool call: each model answer and tool
 * result a step of progress, the run's last answer its result — or, for a run that ended otherwise,
 * waits for an approval or runs longer than the caller may wait, a tool error that says so and
 * where the run is read on.
 */
final class RunFollower implements ServerSentEvents.Reader {
  /** Where a call's progress goes: to its caller when it asked for it, else nowhere. */
  interface Progress {
    void step(String message) throws IOException;

    /** The run is alive but quiet. */
    default void keepAlive() throws IOException {}
  }

  /** The run went on longer than its caller waits: it is answered as still running. */
  static final class StillRunning extends IOException {
    private static final long serialVersionUID = 1L;

    StillRunning() {
      super("the run is still running", null);
    }
  }

  private final String threadId;
  private final String runId;
  private final Progress progress;
  private final long deadline;
  private String answer = "";
  private String status;
  private String reason;
  private JsonNode approval;

  RunFollower(String threadId, String runId, Progress progress, long deadlineNanos) {
    this.threadId = threadId;
    this.runId = runId;
    this.progress = progress;
    this.deadline = deadlineNanos;
  }

  @Override
  public boolean event(String id, String event, JsonNode data) throws IOException {
    switch (event) {
      case "MessageAppended" -> appended(data.path("payload").path("message"));
      case "progress" -> progress.step(toolProgress(data));
      case "ApprovalRequested" -> {
        approval = data.path("payload");
        status = "interrupted";
        return true;
      }
      case "end" -> {
        status = data.path("status").asText();
        reason = data.path("reason").isTextual() ? data.path("reason").asText() : null;
        return true;
      }
      case "error" -> {
        status = "error";
        reason = data.path("detail").asText();
        return true;
      }
      default -> {}
    }
    checkDeadline();
    return false;
  }

  @Override
  public void keepAlive() throws IOException {
    checkDeadline();
    progress.keepAlive();
  }

  private void checkDeadline() throws StillRunning {
    if (System.nanoTime() - deadline > 0) {
      throw new StillRunning();
    }
  }

  private void appended(JsonNode message) throws IOException {
    switch (message.path("role").asText()) {
      case "ASSISTANT" -> {
        String text = message.path("content").isTextual() ? message.path("content").asText() : "";
        List<String> calls = new ArrayList<>();
        message.path("toolCalls").forEach(call -> calls.add(call.path("name").asText()));
        if (!text.isBlank()) {
          answer = text;
        }
        progress.step(
            calls.isEmpty() ? "the agent answered" : "calling " + String.join(", ", calls));
      }
      case "TOOL" ->
          progress.step(
              message.path("toolName").asText()
                  + (message.path("isError").asBoolean() ? " failed" : " answered"));
      default -> {}
    }
  }

  /** A running tool's progress, as the tool worded it, or how far it has come. */
  private static String toolProgress(JsonNode data) {
    if (data.path("message").isTextual()) {
      return data.path("message").asText();
    }
    String done = number(data.path("progress").asDouble());
    return data.path("total").isNumber()
        ? "a tool is at " + done + " of " + number(data.path("total").asDouble())
        : "a tool is at " + done;
  }

  private static String number(double value) {
    return value == Math.rint(value) ? Long.toString((long) value) : Double.toString(value);
  }

  /** The call's result once the run ended, stopped to wait, or was waited for long enough. */
  ObjectNode result(boolean stillRunning) {
    String joinAt = "GET " + ProjectorReads.runPath(threadId, runId) + "/join";
    String state = stillRunning ? "running" : status == null ? "unknown" : status;
    String text =
        switch (state) {
          case "success" -> answer;
          case "interrupted" -> awaiting(joinAt);
          case "running" ->
              "The run is still running after the "
                  + AgentCalls.LONGEST.toSeconds()
                  + " s a call waits; read its answer with "
                  + joinAt;
          case "unknown" -> "The run's stream ended before the run did; read it with " + joinAt;
          default -> "The run ended " + state + (reason == null ? "" : ": " + reason);
        };
    ObjectNode result = JSON.createObjectNode();
    result.putArray("content").addObject().put("type", "text").put("text", text);
    result
        .putObject("structuredContent")
        .put("answer", answer)
        .put("threadId", threadId)
        .put("runId", runId)
        .put("status", state);
    return result.put("isError", !state.equals("success"));
  }

  private String awaiting(String joinAt) {
    String callId = approval.path("callId").asText();
    return "The run awaits approval of tool '"
        + approval.path("toolName").asText()
        + "' (call "
        + callId
        + "): decide it with POST "
        + ProjectorReads.threadPath(threadId)
        + "/approvals/"
        + callId
        + " {\"approve\": true}, then read the answer with "
        + joinAt;
  }
}
