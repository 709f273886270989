package dev.threadline.step.core.machine;

import dev.threadline.step.core.Enums.CallKind;
import dev.threadline.step.core.Enums.CompactionTrigger;
import dev.threadline.step.core.Enums.Origin;
import dev.threadline.step.core.Enums.Status;
import dev.threadline.step.core.Event.CompactionCompleted;
import dev.threadline.step.core.Event.CompactionStarted;
import dev.threadline.step.core.Ids;
import dev.threadline.step.core.Input.Compact;
import dev.threadline.step.core.Input.HeuristicContinuation;
import dev.threadline.step.core.Input.ModelOutcome;
import dev.threadline.step.core.Input.ModelReply;
import dev.threadline.step.core.MessageRules;
import dev.threadline.step.core.Output;
import dev.threadline.step.core.PendingCall;
import dev.threadline.step.core.ThreadState;
import dev.threadline.step.core.Tokens;
import dev.threadline.step.core.Values.InboundMessage;
import dev.threadline.step.core.Values.Message;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * Context compaction (the design brief's context management; spec §4 assembles the context it
 * bounds): near the token budget, before a model call — or on a {@code Compact} command between
 * turns — the active window is summarized into a continuation artifact that starts a new window.
 * The summary is a model request; if the summarizer fails or never answers, the shell builds the
 * artifact by rule. The full transcript stays stored.
 */
final class Compaction {
  private Compaction() {}

  /** A Compact command: only between turns, and only when there is something to compact. */
  static void requested(Decision d, Compact c) {
    ThreadState s = d.state();
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
    d.changeStatus(Status.RUNNING);
    start(d, CompactionTrigger.MANUAL, s.contextTokens() + Tokens.overhead(s.agent()));
  }

  static void start(Decision d, CompactionTrigger trigger, long tokensBefore) {
    ThreadState s = d.state();
    String requestId =
        Ids.compaction(s.threadId(), s.turn(), s.step(), trigger, s.nextMessageSeq());
    issue(d, requestId, 1, trigger == CompactionTrigger.MANUAL);
    d.emit(new CompactionStarted(requestId, trigger, tokensBefore));
  }

  /** Sends the summarization request; re-issued with the same id after a missed deadline. */
  static void issue(Decision d, String requestId, int attempt, boolean manual) {
    ThreadState s = d.state();
    Instant deadline = d.at.plus(d.rules.config().modelTimeout());
    d.await(PendingCall.compaction(requestId, attempt, d.at, deadline, manual));
    d.output(
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
    d.output(new Output.SetDeadline(requestId, deadline));
  }

  static void summaryArrived(Decision d, PendingCall p, ModelOutcome outcome) {
    d.clearPending();
    // A summary over the model output budget is no better than none.
    if (ModelCalls.withinLimits(outcome, d.rules.config().limits()) instanceof ModelReply reply
        && reply.text() != null
        && !reply.text().isBlank()) {
      d.edit(b -> b.usage = b.usage.plus(reply.usage()));
      finish(d, p, reply.text(), false);
    } else {
      buildByRule(d, p);
    }
  }

  /** The summarizer failed: the shell builds the artifact by rule and answers at once. */
  static void buildByRule(Decision d, PendingCall p) {
    d.await(p.awaitingHeuristicArtifact());
    d.output(
        new Output.BuildHeuristicContinuation(
            p.requestId(), d.state().epoch(), d.state().contextStartSeq()));
  }

  static void heuristicArtifact(Decision d, HeuristicContinuation h) {
    PendingCall p = d.state().pending();
    if (p == null
        || p.kind() != CallKind.COMPACTION
        || !p.awaitingHeuristic()
        || !p.requestId().equals(h.requestId())
        || h.epoch() != d.state().epoch()) {
      return;
    }
    finish(d, p, h.text(), true);
  }

  /** The artifact becomes the first message of a new active window; the turn goes on. */
  private static void finish(Decision d, PendingCall p, String artifact, boolean heuristic) {
    d.forgetPending();
    ThreadState s = d.state();
    long before = s.contextTokens() + Tokens.overhead(s.agent());
    d.edit(
        b -> {
          b.contextStartSeq = s.nextMessageSeq();
          b.contextTokens = 0;
          b.contextBytes = 0;
        });
    d.append(
        Message.user(
            new InboundMessage(
                Origin.TASK,
                null,
                MessageRules.SELF,
                "[Continuation of the conversation so far]\n" + artifact,
                Map.of("kind", "continuation"),
                List.of())));
    long after = d.state().contextTokens() + Tokens.overhead(s.agent());
    d.emit(new CompactionCompleted(before, after, heuristic));
    if (p.manualCompaction()) {
      TurnLoop.nextOrIdle(d);
    } else {
      TurnLoop.drainThenCallModel(d); // what arrived while it compacted goes into this call too
    }
  }
}
