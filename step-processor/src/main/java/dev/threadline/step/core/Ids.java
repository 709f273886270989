package dev.threadline.step.core;

import dev.threadline.step.core.Enums.CompactionTrigger;

/**
 * Deterministic request ids: the same thread, turn, step and call index always give the same id, so
 * a re-issued request carries the id of the original and executors can deduplicate.
 */
public final class Ids {
  private Ids() {}

  /** The model call of a step; {@code retry > 0} after retryable model errors. */
  public static String modelRequest(String threadId, int turn, int step, int retry) {
    return threadId + "/t" + turn + "/s" + step + "/model" + (retry > 0 ? "/r" + retry : "");
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
}
