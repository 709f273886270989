package dev.threadline.step.core.machine;

import dev.threadline.step.core.Event.StepRetried;
import dev.threadline.step.core.Input.DeadlinePassed;
import dev.threadline.step.core.PendingCall;

/**
 * Deadlines (the design brief's delivery guarantees; spec §11 allows one flow at a time, so a lost
 * request must not hold the thread for good): a model or tool request with no result by its
 * deadline is re-issued with the same id, with growing deadlines, and never failed for the wait —
 * it may be lost, or only waiting in a busy lane; the executor runs one copy. A compaction falls
 * back to the artifact built by rule after {@code maxAttempts}. A parked model call's deadline is
 * the end of its backoff; an approval's is the approval timeout.
 */
final class Deadlines {
  private static final String NO_RESULT = "no result by the deadline";

  private Deadlines() {}

  static void passed(Decision d, DeadlinePassed passed) {
    PendingCall p = d.state().pending();
    if (p == null
        || !p.requestId().equals(passed.requestId())
        || p.deadline() == null
        || d.at.isBefore(p.deadline())) {
      return; // an index entry of a request that already completed or was re-scheduled
    }
    int maxAttempts = d.rules.config().maxAttempts();
    switch (p.kind()) {
      case COMPACTION -> {
        if (p.attempt() < maxAttempts) {
          d.emit(new StepRetried(p.requestId(), p.attempt() + 1, NO_RESULT));
          Compaction.issue(d, p.requestId(), p.attempt() + 1, p.manualCompaction());
        } else {
          Compaction.buildByRule(d, p);
        }
      }
      case APPROVAL -> Approvals.timedOut(d, p);
      case MODEL -> {
        if (p.retryScheduled()) {
          d.forgetPending(); // the backoff is over; what arrived meanwhile goes into the retry
          TurnLoop.drainThen(d, next -> ModelCalls.retry(next, p));
        } else {
          d.emit(new StepRetried(p.requestId(), p.attempt() + 1, NO_RESULT));
          ModelCalls.issue(d, p.requestId(), p.attempt() + 1, p.retries());
        }
      }
      case SUBPROMPT -> Subprompts.deadlinePassed(d, p);
      case SUBAGENT -> {} // no deadline: a child's session may take long
      case TOOL -> {
        d.batch(p.batch());
        d.emit(new StepRetried(p.requestId(), p.attempt() + 1, NO_RESULT));
        ToolCalls.issue(d, p.requestId(), p.call(), p.attempt() + 1);
      }
    }
  }
}
