package dev.threadline.step.core.machine.awaits;

import dev.threadline.config.Limits;
import dev.threadline.step.core.AgentSnapshot;
import dev.threadline.step.core.Event.ModelCallRequested;
import dev.threadline.step.core.Input.ModelFailure;
import dev.threadline.step.core.Input.ModelOutcome;
import dev.threadline.step.core.Input.ModelReply;
import dev.threadline.step.core.MachineState;
import dev.threadline.step.core.Sizes;
import dev.threadline.step.core.machine.decision.Decision;
import java.time.Duration;
import java.time.Instant;

/**
 * What every model request of the thread shares — the step's call, a subprompt's, a summary's: the
 * event that announces it, the limits its answer is held to, the backoff after a retryable error.
 */
final class ModelRequests {
  private ModelRequests() {}

  /**
   * The event of a model request issued on the thread's window: the agent's step, or subprompt
   * {@code subprompt}'s (null: the agent's).
   */
  static void requested(
      Decision d,
      String requestId,
      int attempt,
      AgentSnapshot.ModelConfig model,
      Instant deadline,
      String subprompt) {
    MachineState s = d.state();
    d.emit(
        new ModelCallRequested(
            requestId,
            attempt,
            model.provider(),
            model.model(),
            s.lane(),
            (int) (s.nextMessageSeq() - s.contextStartSeq()),
            deadline,
            subprompt));
  }

  /**
   * The outcome, or — for a reply the thread cannot take (more tool calls than a reply may have,
   * more bytes than it may be) — a failure that says which limit it broke. Not retryable: the same
   * request would likely get the same answer.
   */
  static ModelOutcome withinLimits(ModelOutcome outcome, Limits limits) {
    if (!(outcome instanceof ModelReply reply)) {
      return outcome;
    }
    Limits.ReplyRefusal refused =
        limits.replyRefusal(
            reply.toolCalls().size(),
            Sizes.reply(reply.text(), reply.toolCalls(), reply.providerItems()));
    return refused == null ? outcome : new ModelFailure(refused.code(), refused.message(), false);
  }

  /**
   * How long a retryable failure waits before its retry: the runtime's backoff, or longer where the
   * provider asked for longer (its retry-after) — a retry sooner would be refused again, and spent.
   */
  static Duration backoff(Decision d, int retries, ModelFailure f) {
    Duration backoff = d.settings.config().backoff(retries);
    return f.retryAfter() != null && f.retryAfter().compareTo(backoff) > 0
        ? f.retryAfter()
        : backoff;
  }
}
