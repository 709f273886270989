package dev.threadline.projector.view;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.threadline.avro.ThreadEvent;
import dev.threadline.avro.store.RunSummary;
import java.time.Instant;
import java.util.List;
import java.util.Set;

/**
 * A run's statuses and how it is shown. Statuses are LangGraph's where they mean the same ({@code
 * pending}, {@code running}, {@code interrupted}, {@code success}, {@code error}); a run whose turn
 * was aborted or terminated is {@code cancelled}.
 */
public final class Runs {
  public static final String PENDING = "pending";
  public static final String RUNNING = "running";
  public static final String INTERRUPTED = "interrupted";
  public static final String SUCCESS = "success";
  public static final String ERROR = "error";
  public static final String CANCELLED = "cancelled";

  /** Every status, as {@code ?status=} accepts them. */
  public static final List<String> STATUSES =
      List.of(PENDING, RUNNING, INTERRUPTED, SUCCESS, ERROR, CANCELLED);

  private static final Set<String> ENDED = Set.of(SUCCESS, ERROR, CANCELLED);

  /** Turn end reasons ({@code TurnCompleted.reason}) of a turn that did its work. */
  private static final Set<String> COMPLETED_WORK =
      Set.of("response", "stop_tool", "max_steps", "hard_cap", "session_stop");

  private Runs() {}

  /** A run first named by {@code e}: it waits for its turn. */
  public static RunSummary created(ThreadEvent e, String runId) {
    long at = e.getTimestamp().toEpochMilli();
    return RunSummary.newBuilder()
        .setRunId(runId)
        .setThreadId(e.getThreadId())
        .setTenantId(e.getTenantId())
        .setStatus(PENDING)
        .setCreatedAt(at)
        .setUpdatedAt(at)
        .build();
  }

  public static boolean isEnded(RunSummary run) {
    return ENDED.contains(run.getStatus());
  }

  /** {@code run}, ended by {@code e} in {@code status} for {@code reason}. */
  public static RunSummary ended(RunSummary run, ThreadEvent e, String status, String reason) {
    return RunSummary.newBuilder(run)
        .setStatus(status)
        .setLastSeq(e.getSeq())
        .setReason(reason)
        .setUpdatedAt(e.getTimestamp().toEpochMilli())
        .build();
  }

  /** The status a turn's end leaves its runs in. */
  public static String afterTurn(String reason) {
    if (COMPLETED_WORK.contains(reason)) {
      return SUCCESS;
    }
    return reason.equals("aborted") || reason.equals("terminated") ? CANCELLED : ERROR;
  }

  /** The run as the API answers it. */
  public static ObjectNode json(RunSummary run) {
    ObjectNode json =
        JsonNodeFactory.instance
            .objectNode()
            .put("runId", run.getRunId())
            .put("threadId", run.getThreadId())
            .put("status", run.getStatus());
    if (run.getTurn() != null) {
      json.put("turn", run.getTurn());
    }
    putSeq(json, "queuedSeq", run.getQueuedSeq());
    putSeq(json, "startSeq", run.getStartSeq());
    putSeq(json, "lastSeq", run.getLastSeq());
    if (run.getReason() != null) {
      json.put("reason", run.getReason());
    }
    if (run.getTakenBy() != null) {
      json.put("takenBy", run.getTakenBy());
    }
    return json.put("createdAt", Instant.ofEpochMilli(run.getCreatedAt()).toString())
        .put("updatedAt", Instant.ofEpochMilli(run.getUpdatedAt()).toString());
  }

  private static void putSeq(ObjectNode json, String name, Long seq) {
    if (seq != null) {
      json.put(name, seq);
    }
  }
}
