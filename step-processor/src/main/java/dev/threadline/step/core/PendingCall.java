package dev.threadline.step.core;

import dev.threadline.step.core.Enums.CallBatch;
import dev.threadline.step.core.Enums.CallKind;
import dev.threadline.step.core.Values.ToolCall;
import java.time.Instant;

/**
 * The one outstanding request of a running thread: at most one model or tool call is in flight per
 * thread (spec §11). Built by the named factories below, one per situation.
 *
 * @param requestId stable across re-issues of the same call; results must echo it
 * @param attempt 1 for the first issue, +1 per re-issue after a missed deadline
 * @param deadline when to re-issue; for a parked model call, when its backoff ends; none for a
 *     store tool or a parked compaction, which are answered in the same transaction
 * @param call the tool call, for TOOL and APPROVAL
 * @param retries model-error retries already made in this step
 * @param parked nothing is in flight: a model call waits out the backoff after a retryable error
 *     ({@link #retryScheduled}); a compaction waits for the rule-built artifact ({@link
 *     #awaitingHeuristic}). Either way a result for it is not expected. (Wire: {@code
 *     waitingForRetry}.)
 * @param batch who started the tool calls this one belongs to (wire: {@code fromQueue})
 * @param manualCompaction a compaction a {@code Compact} command asked for, between turns
 */
public record PendingCall(
    CallKind kind,
    String requestId,
    int attempt,
    Instant issuedAt,
    Instant deadline,
    ToolCall call,
    int retries,
    boolean parked,
    CallBatch batch,
    boolean manualCompaction) {

  /** A model call issued at {@code at}. */
  public static PendingCall model(
      String requestId, int attempt, Instant at, Instant deadline, int retries) {
    return new PendingCall(
        CallKind.MODEL,
        requestId,
        attempt,
        at,
        deadline,
        null,
        retries,
        false,
        CallBatch.MODEL,
        false);
  }

  /** This model call failed retryably: the next retry is due at {@code retryAt}. */
  public PendingCall retryAt(Instant retryAt) {
    return new PendingCall(
        kind,
        requestId,
        attempt,
        issuedAt,
        retryAt,
        null,
        retries + 1,
        true,
        CallBatch.MODEL,
        false);
  }

  /** A tool call sent to an executor, or (without a deadline) run on the stores at once. */
  public static PendingCall tool(
      String requestId, int attempt, Instant at, Instant deadline, ToolCall call, CallBatch batch) {
    return new PendingCall(
        CallKind.TOOL, requestId, attempt, at, deadline, call, 0, false, batch, false);
  }

  /** A tool call with permission ask, waiting for a decision (until {@code deadline}, if any). */
  public static PendingCall approval(
      String requestId, Instant at, Instant deadline, ToolCall call, CallBatch batch) {
    return new PendingCall(
        CallKind.APPROVAL, requestId, 1, at, deadline, call, 0, false, batch, false);
  }

  /**
   * A blocking subagent's call: it waits, without a deadline (a child's session may take long), for
   * the child's result; an abort or a termination ends the wait.
   */
  public static PendingCall subagent(String requestId, Instant at, ToolCall call, CallBatch batch) {
    return new PendingCall(CallKind.SUBAGENT, requestId, 1, at, null, call, 0, false, batch, false);
  }

  /**
   * A subprompt's model step for tool call {@code call}; re-issued after {@code deadline}, which
   * after a retryable error is the end of its backoff.
   */
  public static PendingCall subprompt(
      String requestId, int attempt, Instant at, Instant deadline, ToolCall call, CallBatch batch) {
    return new PendingCall(
        CallKind.SUBPROMPT, requestId, attempt, at, deadline, call, 0, false, batch, false);
  }

  /** A summarization request compacting the active window ({@code manual}: between turns). */
  public static PendingCall compaction(
      String requestId, int attempt, Instant at, Instant deadline, boolean manual) {
    return new PendingCall(
        CallKind.COMPACTION,
        requestId,
        attempt,
        at,
        deadline,
        null,
        0,
        false,
        CallBatch.MODEL,
        manual);
  }

  /** This compaction's summarizer failed: it waits for the artifact built by rule. */
  public PendingCall awaitingHeuristicArtifact() {
    return new PendingCall(
        kind, requestId, attempt, issuedAt, null, null, 0, true, CallBatch.MODEL, manualCompaction);
  }

  /** A model call waiting out its backoff after a retryable error. */
  public boolean retryScheduled() {
    return parked && kind == CallKind.MODEL;
  }

  /** A compaction waiting for the artifact built by rule. */
  public boolean awaitingHeuristic() {
    return parked && kind == CallKind.COMPACTION;
  }
}
