package dev.threadline.step.core;

import dev.threadline.keys.VariablesRequestIds;
import dev.threadline.step.core.Enums.CompactionTrigger;

/**
 * Deterministic request ids: the same thread, turn, step and call index always give the same id, so
 * a re-issued request carries the id of the original and executors can deduplicate.
 */
public final class Ids {
  private Ids() {}

  /** The model call of a step; {@code retry > 0} after retryable model errors. */
  public static String modelRequest(String threadId, int turn, int step, int retry) {
    return modelRequest(threadId, turn, step, 0, retry);
  }

  /**
   * As {@link #modelRequest(String, int, int, int)}, on the step's {@code fallback}-th fallback.
   */
  public static String modelRequest(String threadId, int turn, int step, int fallback, int retry) {
    return threadId
        + "/t"
        + turn
        + "/s"
        + step
        + "/model"
        + (fallback > 0 ? "/f" + fallback : "")
        + (retry > 0 ? "/r" + retry : "");
  }

  /**
   * Retry {@code retry} of request {@code requestId} (itself a retry or not): a new id, since an
   * executor answers a copy of a request it ran with that request's result.
   */
  public static String retry(String requestId, int retry) {
    return requestId.replaceFirst("/r\\d+$", "") + "/r" + retry;
  }

  /** The {@code index}-th tool call started in a step. */
  public static String toolRequest(String threadId, int turn, int step, int index) {
    return threadId + "/t" + turn + "/s" + step + "/c" + index;
  }

  /** A compaction request, started at {@code messageSeq} for {@code trigger}. */
  public static String compaction(
      String threadId, int turn, int step, CompactionTrigger trigger, long messageSeq) {
    return threadId + "/t" + turn + "/s" + step + "/" + compactionSegment(trigger) + messageSeq;
  }

  private static String compactionSegment(CompactionTrigger trigger) {
    return "compact-" + trigger.wire() + "-m";
  }

  /** Call id of a queued tool, unique in the thread. */
  public static String queuedToolCall(int turn, int step, int index) {
    return "queued-t" + turn + "-s" + step + "-c" + index;
  }

  /** Call id of an {@code immediate} subagent's call, made once before the thread's first step. */
  public static String immediateCall(int index) {
    return "immediate-c" + index;
  }

  /** A child thread: under its parent's, named by subagent, turn, step and call index. */
  public static String child(String parentId, String subagent, int turn, int step, int index) {
    return parentId + "/" + subagent + "-" + turn + "." + step + "." + index;
  }

  /** A child held back for variables, started when its request {@code requestId} is completed. */
  public static String deferredChild(String parentId, String subagent, String requestId) {
    return parentId + "/" + subagent + "-" + requestId;
  }

  /** A variables request, named by the seq of the event that opens it. */
  public static String variablesRequest(long eventSeq) {
    return VariablesRequestIds.of(eventSeq);
  }

  /** The timer that holds child report {@code commandId} while its parent's queue is full. */
  public static String heldReport(String commandId) {
    return "report:" + commandId;
  }

  /** The {@code index}-th write of a tool's result (a queued message's or an effect's id). */
  public static String toolWrite(String requestId, int index) {
    return requestId + "#" + index;
  }

  /** The request of lifecycle hook {@code point} of a thread: each runs once per thread. */
  public static String hook(String threadId, String point) {
    return threadId + "/hook-" + point;
  }

  /**
   * The call of hook {@code point} on what request {@code requestId} gave: a runtime tool call's
   * result, a compaction's continuation.
   */
  public static String hookOn(String requestId, String point) {
    return requestId + "/hook-" + point;
  }

  /** The call of create hook {@code point} on the message of command {@code commandId}. */
  public static String messageHook(String threadId, String point, int turn, String commandId) {
    return hook(threadId, point) + "/" + turn + "/" + commandId;
  }
}
