package dev.threadline.step.core;

import dev.threadline.step.core.Enums.CallKind;
import dev.threadline.step.core.Values.ToolCall;
import java.time.Instant;

/**
 * The one outstanding request of a running thread: at most one model or tool call is in flight per
 * thread (spec §11).
 *
 * @param requestId stable across re-issues of the same call; results must echo it
 * @param attempt 1 for the first issue, +1 per re-issue after a missed deadline
 * @param deadline when to re-issue (or, if {@code waitingForRetry}, when the backoff ends)
 * @param call the tool call, for TOOL
 * @param retries model-error retries already made in this step
 * @param waitingForRetry a retryable model error happened; the request is re-sent at {@code
 *     deadline}
 * @param fromQueue the tool call came from the queue (not from a model answer): after it, the turn
 *     goes on draining the queue instead of evaluating stop conditions
 */
public record PendingCall(
    CallKind kind,
    String requestId,
    int attempt,
    Instant issuedAt,
    Instant deadline,
    ToolCall call,
    int retries,
    boolean waitingForRetry,
    boolean fromQueue) {}
