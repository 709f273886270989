package dev.threadline.step.core.machine;

import dev.threadline.config.Limits;
import dev.threadline.step.core.AgentSnapshot;
import dev.threadline.step.core.Enums.CallBatch;
import dev.threadline.step.core.Enums.CallKind;
import dev.threadline.step.core.Enums.CompactionTrigger;
import dev.threadline.step.core.Enums.TurnEnd;
import dev.threadline.step.core.Event.ModelCallCompleted;
import dev.threadline.step.core.Event.ModelCallFailed;
import dev.threadline.step.core.Event.ModelCallRequested;
import dev.threadline.step.core.Event.StepRetried;
import dev.threadline.step.core.Ids;
import dev.threadline.step.core.Input.ContextMissing;
import dev.threadline.step.core.Input.ModelFailure;
import dev.threadline.step.core.Input.ModelOutcome;
import dev.threadline.step.core.Input.ModelReply;
import dev.threadline.step.core.Input.ModelResultReceived;
import dev.threadline.step.core.Output;
import dev.threadline.step.core.PendingCall;
import dev.threadline.step.core.Sizes;
import dev.threadline.step.core.ThreadState;
import dev.threadline.step.core.Tokens;
import dev.threadline.step.core.Values.Message;
import java.time.Instant;

/**
 * Model calls (spec §3, §4): one per step, within the context budget (compacted first when near it,
 * refused when still over); the answer is persisted before its tool calls run; retryable errors are
 * retried after a backoff, a bounded number of times.
 */
final class ModelCalls {
  private ModelCalls() {}

  /** The step's model call — unless the context must be compacted first, or cannot fit. */
  static void call(Decision d) {
    ThreadState s = d.state();
    long budget = Tokens.budget(s.agent());
    long used = s.contextTokens() + Tokens.overhead(s.agent());
    // The request must also fit in one Kafka record, whatever the tokens of its text.
    long byteBudget = d.rules.config().limits().recordBytes() - Limits.ENVELOPE_BYTES;
    long bytes = s.contextBytes() + Sizes.overhead(s.agent());
    double fill = Math.max((double) used / budget, (double) bytes / byteBudget);
    boolean compactable = s.nextMessageSeq() - s.contextStartSeq() > 1;
    if (fill >= d.rules.policy().compactAt() && compactable) {
      Compaction.start(d, CompactionTrigger.THRESHOLD, used);
      return;
    }
    if (fill >= d.rules.policy().refuseAt()) {
      d.emit(
          new ModelCallFailed(
              Ids.modelRequest(s.threadId(), s.turn(), s.step() + 1, 0),
              "context_full",
              (double) used / budget >= (double) bytes / byteBudget
                  ? "the context needs about " + used + " tokens; the budget is " + budget
                  : "the context is "
                      + bytes
                      + " bytes; a model request may carry "
                      + byteBudget
                      + " ("
                      + Limits.key("record.bytes")
                      + " less room for the request)",
              false,
              false));
      TurnLoop.end(d, TurnEnd.CONTEXT_FULL);
      return;
    }
    d.update(ThreadState::nextStep);
    issue(d, Ids.modelRequest(s.threadId(), s.turn(), s.step() + 1, 0), 1, 0);
  }

  /** Sends the request: {@code attempt} counts re-issues, {@code retries} earlier errors. */
  static void issue(Decision d, String requestId, int attempt, int retries) {
    Instant deadline =
        d.at.plus(d.rules.config().deadline(d.rules.config().modelTimeout(), attempt));
    if (attempt == 1) {
      d.edit(b -> b.modelCalls++);
    }
    PendingCall pending = PendingCall.model(requestId, attempt, d.at, deadline, retries);
    d.await(pending);
    d.output(request(d.state(), pending));
    d.output(new Output.SetDeadline(requestId, deadline));
    requested(d, requestId, attempt, d.state().agent().model(), deadline, null);
  }

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
    ThreadState s = d.state();
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

  /** The backoff after a retryable error ended: the call again, as a new request. */
  static void retry(Decision d, PendingCall p) {
    ThreadState s = d.state();
    String retryId = Ids.modelRequest(s.threadId(), s.turn(), s.step(), p.retries());
    d.emit(new StepRetried(retryId, p.retries(), "retry after a retryable model error"));
    issue(d, retryId, 1, p.retries());
  }

  /**
   * The executor did not hold the messages the pending request reused: the same call again (same
   * id, attempt and deadline; not a retry, not a new step), which the shell sends whole.
   */
  static void contextMissing(Decision d, ContextMissing c) {
    PendingCall p = d.answered(CallKind.MODEL, c.requestId(), c.epoch());
    if (p != null) {
      d.output(request(d.state(), p));
    }
  }

  static void resultArrived(Decision d, ModelResultReceived r) {
    PendingCall p = d.state().pending();
    if (p != null
        && p.kind() == CallKind.COMPACTION
        && p.requestId().equals(r.requestId())
        && r.epoch() == d.state().epoch()
        && !p.parked()) {
      Compaction.summaryArrived(d, p, r.outcome());
      return;
    }
    if (p != null && p.kind() == CallKind.SUBPROMPT) {
      if (d.answered(CallKind.SUBPROMPT, r.requestId(), r.epoch()) != null) {
        Subprompts.resultArrived(d, p, r.outcome());
      }
      return;
    }
    if (d.answered(CallKind.MODEL, r.requestId(), r.epoch()) == null) {
      return;
    }
    switch (withinLimits(r.outcome(), d.rules.config().limits())) {
      case ModelReply reply -> replied(d, p, reply);
      case ModelFailure f -> failed(d, p, f);
    }
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
    if (reply.toolCalls().size() > limits.toolCallsPerReply()) {
      return new ModelFailure(
          "too_many_tool_calls", limits.tooManyToolCalls(reply.toolCalls().size()), false);
    }
    long bytes = Sizes.reply(reply.text(), reply.toolCalls());
    if (bytes > limits.modelOutputBytes()) {
      return new ModelFailure(
          "output_too_large",
          Limits.over("the reply", bytes, limits.modelOutputBytes(), "model.output.bytes"),
          false);
    }
    return outcome;
  }

  /**
   * Spec §3: the answer is persisted, then its tool calls run — or, without any, the stop rules.
   */
  private static void replied(Decision d, PendingCall p, ModelReply reply) {
    d.clearPending();
    completed(d, p, reply);
    d.append(Message.assistant(reply.text(), reply.toolCalls()));
    if (reply.toolCalls().isEmpty()) {
      TurnLoop.evaluateStop(d, true);
    } else {
      ToolCalls.runBatch(d, reply.toolCalls(), CallBatch.MODEL);
    }
  }

  /** A model request {@code p} was answered: its usage counts, its completion is announced. */
  static void completed(Decision d, PendingCall p, ModelReply reply) {
    d.edit(b -> b.usage = b.usage.plus(reply.usage()));
    d.emit(
        new ModelCallCompleted(
            p.requestId(),
            reply.usage(),
            reply.finishReason(),
            reply.toolCalls().size(),
            d.millisSince(p.issuedAt())));
  }

  private static void failed(Decision d, PendingCall p, ModelFailure f) {
    boolean retry = f.retryable() && p.retries() < d.rules.config().maxModelRetries();
    d.emit(new ModelCallFailed(p.requestId(), f.code(), f.message(), f.retryable(), retry));
    d.clearPending();
    if (retry) {
      Instant retryAt = d.at.plus(d.rules.config().backoff(p.retries()));
      d.await(p.retryAt(retryAt));
      d.output(new Output.SetDeadline(p.requestId(), retryAt));
    } else {
      TurnLoop.end(d, f.retryable() ? TurnEnd.MODEL_ERROR_RETRIES_EXHAUSTED : TurnEnd.MODEL_ERROR);
    }
  }

  /** The request for pending model call {@code p}, at the thread's current turn and step. */
  private static Output.RequestModel request(ThreadState s, PendingCall p) {
    return new Output.RequestModel(
        p.requestId(),
        p.attempt(),
        s.epoch(),
        s.turn(),
        s.step(),
        s.modelCalls(),
        s.lane(),
        s.contextStartSeq(),
        p.issuedAt(),
        p.deadline());
  }
}
