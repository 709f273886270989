package dev.threadline.step.core.machine.awaits;

import dev.threadline.agents.StepRetries;
import dev.threadline.config.Limits;
import dev.threadline.config.ModelErrors;
import dev.threadline.step.core.Awaiting.Model;
import dev.threadline.step.core.Awaiting.ModelPhase;
import dev.threadline.step.core.Enums.CompactionTrigger;
import dev.threadline.step.core.Enums.TurnEnd;
import dev.threadline.step.core.Event.BudgetReached;
import dev.threadline.step.core.Event.ModelCallFailed;
import dev.threadline.step.core.Event.StepRetried;
import dev.threadline.step.core.Ids;
import dev.threadline.step.core.Input.Answer;
import dev.threadline.step.core.Input.ContextMissing;
import dev.threadline.step.core.Input.DeadlinePassed;
import dev.threadline.step.core.Input.ModelFailure;
import dev.threadline.step.core.Input.ModelReply;
import dev.threadline.step.core.Input.ModelResultReceived;
import dev.threadline.step.core.MachineState;
import dev.threadline.step.core.Output;
import dev.threadline.step.core.Sizes;
import dev.threadline.step.core.Tokens;
import dev.threadline.step.core.Values.Message;
import dev.threadline.step.core.machine.Settled;
import dev.threadline.step.core.machine.Settled.Replied;
import dev.threadline.step.core.machine.Settled.RetryStep;
import dev.threadline.step.core.machine.Settled.TurnOver;
import dev.threadline.step.core.machine.decision.Answers;
import dev.threadline.step.core.machine.decision.Decision;
import java.time.Instant;

/**
 * Model calls (spec §3, §4), the whole life of the step's call: issued within the context budget
 * (compacted first when near it, refused when still over); its answer persisted before its tool
 * calls run; re-issued with the same id after a missed deadline — never failed for the wait: it may
 * be lost, or only waiting in a busy lane, and the executor runs one copy; after a retryable error,
 * retried as a new request once a backoff has passed, a bounded number of times.
 */
public final class ModelCalls {
  private ModelCalls() {}

  /**
   * The step's model call — unless the thread spent its model-call budget (it waits for the
   * budget's hour to end), or the context must be compacted first, or cannot fit.
   */
  public static Settled call(Decision d) {
    MachineState s = d.state();
    if (budgetSpent(d)) {
      return Settled.WAITING;
    }
    long budget = Tokens.budget(s.agent());
    long used = s.contextTokens() + Tokens.overhead(s.agent());
    // The request must also fit in one Kafka record, whatever the tokens of its text.
    long byteBudget = d.settings.config().limits().recordBytes() - Limits.ENVELOPE_BYTES;
    long bytes = s.contextBytes() + Sizes.overhead(s.agent());
    double fill = Math.max((double) used / budget, (double) bytes / byteBudget);
    boolean compactable = s.nextMessageSeq() - s.contextStartSeq() > 1;
    if (fill >= d.settings.policy().compactAt() && compactable) {
      Compaction.start(d, CompactionTrigger.THRESHOLD, used);
      return Settled.WAITING;
    }
    if (fill >= d.settings.policy().refuseAt()) {
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
      return new TurnOver(TurnEnd.CONTEXT_FULL);
    }
    d.turn.nextStep();
    issue(d, Ids.modelRequest(s.threadId(), s.turn(), s.step() + 1, 0), 1, 0, 0);
    return Settled.WAITING;
  }

  /**
   * Whether the thread or its tenant spent a budget of model calls, tokens or spend ({@link
   * ModelBudgets}); then the step's call waits, announced, until the budget's window ends — the
   * thread keeps its place, and what arrives meanwhile queues.
   */
  private static boolean budgetSpent(Decision d) {
    ModelBudgets.Spent spent = ModelBudgets.spent(d);
    if (spent == null) {
      return false;
    }
    MachineState s = d.state();
    String requestId = Ids.modelRequest(s.threadId(), s.turn(), s.step() + 1, 0);
    d.emit(
        new BudgetReached(
            requestId, spent.budget(), spent.limit(), spent.used(), spent.resumesAt()));
    d.await(
        new Model(requestId, 1, d.at, spent.resumesAt(), 0, ModelPhase.WAITING_FOR_BUDGET), null);
    return true;
  }

  /**
   * Sends the request: {@code attempt} counts re-issues, {@code retries} earlier errors on the
   * model, {@code fallback} which of the agent's models it goes to.
   */
  static void issue(Decision d, String requestId, int attempt, int retries, int fallback) {
    Instant deadline =
        d.at.plus(d.settings.config().deadline(d.settings.config().modelTimeout(), attempt));
    if (attempt == 1) {
      d.turn.countModelCall();
    }
    Model pending =
        new Model(requestId, attempt, d.at, deadline, retries, ModelPhase.IN_FLIGHT, fallback);
    d.await(pending, request(d.state(), pending));
    ModelRequests.requested(
        d, requestId, attempt, d.state().agent().model().at(fallback), deadline, null);
  }

  /**
   * An answer to the step's model call: its result, word that the executor lacked the context it
   * reused (the same call again, whole: same id, attempt and deadline — not a retry), or its
   * deadline — which re-issues it, or after a backoff sends the retry.
   */
  public static Settled answered(Decision d, Model m, Answer answer) {
    switch (answer) {
      // Not sent yet: a result naming it is no executor's, and is not taken.
      case ModelResultReceived r when m.phase() == ModelPhase.WAITING_FOR_BUDGET -> {}
      case ModelResultReceived r -> {
        return switch (ModelRequests.withinLimits(r.outcome(), d.settings.config().limits())) {
          case ModelReply reply -> replied(d, m, reply);
          case ModelFailure f -> failed(d, m, f);
        };
      }
      case ContextMissing c when m.phase() == ModelPhase.IN_FLIGHT ->
          d.output(request(d.state(), m));
      case ContextMissing c -> {} // no request of this call is out: nothing to send again
      case DeadlinePassed p
          when m.phase() == ModelPhase.WAITING_FOR_BUDGET
              && p.at().isBefore(m.deadline())
              && ModelBudgets.spent(d) != null ->
          // Woken early (at a restart) with the budget as it was: wait on, said once already.
          d.await(m, null);
      case DeadlinePassed p when m.phase() == ModelPhase.WAITING_FOR_BUDGET -> {
        // The hour ended, or the budget was raised: the step's call, with what queued.
        d.settleAtDeadline();
        return Settled.NEXT_STEP;
      }
      case DeadlinePassed p when m.phase() == ModelPhase.BACKING_OFF -> {
        d.settleAtDeadline(); // what arrived meanwhile goes into the retry
        return new RetryStep(m.fallback(), m.retries());
      }
      case DeadlinePassed p -> {
        d.reissue(m);
        issue(d, m.requestId(), m.attempt() + 1, m.retries(), m.fallback());
      }
      default -> throw Answers.notOwn(answer, m);
    }
    return Settled.WAITING;
  }

  /**
   * The backoff after a retryable error ended: the call again, as a new request, on model {@code
   * fallback} after {@code retries} errors.
   */
  public static Settled retry(Decision d, int fallback, int retries) {
    MachineState s = d.state();
    String retryId = Ids.modelRequest(s.threadId(), s.turn(), s.step(), fallback, retries);
    d.emit(
        new StepRetried(
            retryId, retries, "retry after a retryable model error", StepRetries.MODEL));
    issue(d, retryId, 1, retries, fallback);
    return Settled.WAITING;
  }

  /**
   * Spec §3: the answer is persisted, then its tool calls run — or, without any, the stop rules.
   */
  private static Settled replied(Decision d, Model p, ModelReply reply) {
    d.settle();
    d.turn.modelAnswered(p.requestId(), reply, d.millisSince(p.issuedAt()));
    d.append(Message.assistant(reply.text(), reply.toolCalls(), reply.providerItems()));
    return new Replied(reply.toolCalls());
  }

  private static Settled failed(Decision d, Model p, ModelFailure f) {
    if (f.code().equals(ModelErrors.CONTEXT_TOO_LONG)) {
      return contextTooLong(d, p, f);
    }
    boolean retry = f.retryable() && p.retries() < d.settings.config().maxModelRetries();
    boolean fallsBack =
        !retry && ModelFallbacks.takesOver(d.state().agent().model(), p.fallback(), f);
    d.emit(
        new ModelCallFailed(
            p.requestId(), f.code(), f.message(), f.retryable(), retry || fallsBack));
    d.settle();
    if (fallsBack) {
      String requestId = ModelFallbacks.fallBack(d, p.fallback(), f);
      issue(d, requestId, 1, 0, p.fallback() + 1);
    } else if (retry) {
      d.await(p.backingOff(d.at.plus(ModelRequests.backoff(d, p.retries(), f))), null);
    } else {
      return new TurnOver(
          f.retryable() ? TurnEnd.MODEL_ERROR_RETRIES_EXHAUSTED : TurnEnd.MODEL_ERROR);
    }
    return Settled.WAITING;
  }

  /**
   * The provider found the context too long for its model, whatever the runtime's own budget says:
   * the window is compacted and the call made again — once, since a window that is its continuation
   * alone (nothing more to compact) ends the turn {@code context_full}, as does one with nothing to
   * compact in the first place.
   */
  private static Settled contextTooLong(Decision d, Model p, ModelFailure f) {
    MachineState s = d.state();
    boolean compactable = s.nextMessageSeq() - s.contextStartSeq() > 1;
    d.emit(new ModelCallFailed(p.requestId(), f.code(), f.message(), false, compactable));
    d.settle();
    if (compactable && ModelBudgets.spent(d) == null) {
      Compaction.start(
          d, CompactionTrigger.OVERFLOW, s.contextTokens() + Tokens.overhead(s.agent()));
      return Settled.WAITING;
    }
    return new TurnOver(compactable ? TurnEnd.MODEL_ERROR : TurnEnd.CONTEXT_FULL);
  }

  /** The request for pending model call {@code p}, at the thread's current turn and step. */
  private static Output.RequestModel request(MachineState s, Model p) {
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
        p.deadline(),
        p.fallback());
  }
}
