package dev.threadline.step.core.machine.awaits;

import dev.threadline.step.core.Awaiting;
import dev.threadline.step.core.Awaiting.CompactionPhase;
import dev.threadline.step.core.Enums.CompactionTrigger;
import dev.threadline.step.core.Enums.Status;
import dev.threadline.step.core.Event.CompactionStarted;
import dev.threadline.step.core.Ids;
import dev.threadline.step.core.Input.Answer;
import dev.threadline.step.core.Input.Compact;
import dev.threadline.step.core.Input.DeadlinePassed;
import dev.threadline.step.core.Input.ModelOutcome;
import dev.threadline.step.core.Input.ModelReply;
import dev.threadline.step.core.Input.ModelResultReceived;
import dev.threadline.step.core.Input.RuleBuiltContinuation;
import dev.threadline.step.core.MachineState;
import dev.threadline.step.core.Output;
import dev.threadline.step.core.Tokens;
import dev.threadline.step.core.machine.Settled;
import dev.threadline.step.core.machine.decision.Answers;
import dev.threadline.step.core.machine.decision.Decision;
import java.time.Instant;

/**
 * Context compaction (the design brief's context management; spec §4 assembles the context it
 * bounds): near the token budget, before a model call — or on a {@code Compact} command between
 * turns — the active window is summarized into a continuation artifact that starts a new window.
 * The summary is a model request, re-issued with the same id after a missed deadline; if the
 * summarizer fails, or has not answered after {@code maxAttempts}, the shell builds the artifact by
 * rule. The full transcript stays stored.
 */
public final class Compaction {
  private Compaction() {}

  /** A Compact command: only between turns, and only when there is something to compact. */
  public static void requested(Decision d, Compact c) {
    MachineState s = d.state();
    if (s.isBusy()) {
      d.reject(
          c,
          "thread is busy; compaction runs between turns (the runtime also compacts by itself near"
              + " the budget)");
      return;
    }
    if (s.nextMessageSeq() - s.contextStartSeq() <= 1) {
      d.reject(c, "nothing to compact");
      return;
    }
    ModelBudgets.Spent spent = ModelBudgets.spent(d);
    if (spent != null) {
      d.reject(c, spent.refusal("a compaction"));
      return;
    }
    d.changeStatus(Status.RUNNING);
    start(d, CompactionTrigger.MANUAL, s.contextTokens() + Tokens.overhead(s.agent()));
  }

  /**
   * An abort while a {@code Compact} command's compaction runs between turns: it is fenced and the
   * thread goes on between turns (idle, or its queued work); no turn ends, so a child has nothing
   * to report. False when the thread awaits anything else.
   */
  public static boolean abortedBetweenTurns(Decision d) {
    if (!(d.state().awaiting() instanceof Awaiting.Compaction c && c.manual())) {
      return false;
    }
    d.fenceInFlight();
    return true;
  }

  static void start(Decision d, CompactionTrigger trigger, long tokensBefore) {
    MachineState s = d.state();
    String requestId =
        Ids.compaction(s.threadId(), s.turn(), s.step(), trigger, s.nextMessageSeq());
    issue(d, requestId, 1, trigger == CompactionTrigger.MANUAL);
    d.emit(new CompactionStarted(requestId, trigger, tokensBefore));
  }

  /** Sends the summarization request; re-issued with the same id after a missed deadline. */
  static void issue(Decision d, String requestId, int attempt, boolean manual) {
    MachineState s = d.state();
    Instant deadline = d.at.plus(d.settings.config().modelTimeout());
    if (attempt == 1) {
      d.turn.countBudgetCall();
    }
    d.await(
        new Awaiting.Compaction(
            requestId, attempt, d.at, deadline, manual, CompactionPhase.SUMMARIZING),
        new Output.RequestCompaction(
            requestId,
            attempt,
            s.epoch(),
            s.turn(),
            s.step(),
            s.lane(),
            s.contextStartSeq(),
            d.at,
            deadline));
    // A model call of the agent's model: announced, and its answer counted, as the step's are.
    ModelRequests.requested(d, requestId, attempt, s.agent().model(), deadline, null);
  }

  public static Settled answered(Decision d, Awaiting.Compaction c, Answer answer) {
    return switch (answer) {
      case ModelResultReceived r -> summaryArrived(d, c, r.outcome());
      case RuleBuiltContinuation r -> finish(d, c, r.text(), true);
      case DeadlinePassed p when c.attempt() < d.settings.config().maxAttempts() -> {
        d.reissue(c);
        issue(d, c.requestId(), c.attempt() + 1, c.manual());
        yield Settled.WAITING;
      }
      case DeadlinePassed p -> buildByRule(d, c);
      default -> throw Answers.notOwn(answer, c);
    };
  }

  private static Settled summaryArrived(Decision d, Awaiting.Compaction c, ModelOutcome outcome) {
    d.settle();
    // A summary over the model output budget is no better than none.
    if (ModelRequests.withinLimits(outcome, d.settings.config().limits())
            instanceof ModelReply reply
        && reply.text() != null
        && !reply.text().isBlank()) {
      d.turn.modelAnswered(c.requestId(), reply, d.millisSince(c.issuedAt()));
      return finish(d, c, reply.text(), false);
    }
    return buildByRule(d, c);
  }

  /** The summarizer failed: the shell builds the artifact by rule and answers at once. */
  private static Settled buildByRule(Decision d, Awaiting.Compaction c) {
    d.await(
        c.buildingByRule(),
        new Output.BuildContinuationByRule(
            c.requestId(), d.state().epoch(), d.state().contextStartSeq()));
    return Settled.WAITING;
  }

  /**
   * The artifact becomes the continuation that opens a new window, once through the agent's create
   * hooks ({@link ContinuationHooks}).
   */
  private static Settled finish(
      Decision d, Awaiting.Compaction c, String artifact, boolean byRule) {
    d.settleAtDeadline(); // settled already, or built by rule: no deadline left in the index
    String text = "[Continuation of the conversation so far]\n" + artifact;
    return ContinuationHooks.start(d, c.requestId(), text, byRule, c.manual());
  }
}
