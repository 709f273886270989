package dev.threadline.step.core.machine.decision;

import dev.threadline.step.core.Awaiting;
import dev.threadline.step.core.Awaiting.Compaction;
import dev.threadline.step.core.Awaiting.CompactionPhase;
import dev.threadline.step.core.Awaiting.Model;
import dev.threadline.step.core.Awaiting.ModelPhase;
import dev.threadline.step.core.Enums.Status;
import dev.threadline.step.core.Input.Answer;
import dev.threadline.step.core.Input.ApprovalDecision;
import dev.threadline.step.core.Input.ChildUpdate;
import dev.threadline.step.core.Input.ContextMissing;
import dev.threadline.step.core.Input.DeadlinePassed;
import dev.threadline.step.core.Input.ModelResultReceived;
import dev.threadline.step.core.Input.RuleBuiltContinuation;
import dev.threadline.step.core.Input.ToolResultReceived;
import dev.threadline.step.core.MachineState;

/**
 * Which answer answers what a thread awaits: every condition in one place — the request id, the
 * epoch, the kind and the way it waits. {@link Decision#awaited} asks it and records a mismatch;
 * the kind's own file then handles only answers that are its own.
 */
public final class Answers {
  /** Why a request goes again after its deadline. */
  public static final String NO_RESULT = dev.threadline.agents.StepRetries.LOST_RESULT;

  private Answers() {}

  /**
   * For a kind's handler given an answer the matcher never pairs with it: a bug in the machine, not
   * bad input, so it fails loudly.
   */
  public static IllegalStateException notOwn(Answer answer, Awaiting awaiting) {
    return new IllegalStateException(
        answer.getClass().getSimpleName()
            + " matched "
            + awaiting.getClass().getSimpleName()
            + ", which it cannot answer");
  }

  /**
   * Why {@code answer} answers nothing {@code s} awaits (the true reason), or null when it does.
   */
  static String mismatch(MachineState s, Answer answer) {
    Awaiting w = s.awaiting();
    return switch (answer) {
      case ModelResultReceived r ->
          result(
              s,
              r.requestId(),
              r.epoch(),
              w instanceof Awaiting.Subprompt ? "subprompt" : "model",
              w instanceof Model
                  || w instanceof Awaiting.Subprompt
                  || (w instanceof Compaction c && c.phase() == CompactionPhase.SUMMARIZING));
      case ContextMissing c -> result(s, c.requestId(), c.epoch(), "model", w instanceof Model);
      case ToolResultReceived r ->
          result(
              s,
              r.requestId(),
              r.epoch(),
              "tool",
              w instanceof Awaiting.Tool || w instanceof Awaiting.Hook);
      case DeadlinePassed p ->
          w != null
                  && w.requestId().equals(p.requestId())
                  && w.deadline() != null
                  && (!p.at().isBefore(w.deadline()) || wakesEarly(w))
              ? null
              : "a deadline of a call already settled, or not yet due";
      case RuleBuiltContinuation c ->
          w instanceof Compaction k
                  && k.phase() == CompactionPhase.BUILDING_BY_RULE
                  && k.requestId().equals(c.requestId())
                  && c.epoch() == s.epoch()
              ? null
              : "built for a compaction that has ended";
      case ApprovalDecision a -> approval(s, a);
      case ChildUpdate u -> childReport(s, u);
    };
  }

  /**
   * A call waiting for its budget may be woken before its hour ends: a restart does, as the
   * operator may have raised the budget ({@code ModelCalls} checks it again).
   */
  private static boolean wakesEarly(Awaiting w) {
    return w instanceof Model m && m.phase() == ModelPhase.WAITING_FOR_BUDGET;
  }

  /** An executor's answer: of the thread's epoch, for the request in flight, which still waits. */
  private static String result(
      MachineState s, String requestId, long epoch, String kind, boolean kindAwaited) {
    if (epoch != s.epoch()) {
      return "stale epoch " + epoch + " (thread is at " + s.epoch() + ")";
    }
    if (!kindAwaited || !s.awaiting().requestId().equals(requestId)) {
      return "no pending " + kind + " request with this id (duplicate or late)";
    }
    if (s.awaiting() instanceof Model m && m.phase() == ModelPhase.BACKING_OFF) {
      return "request already failed; a retry is scheduled";
    }
    return null;
  }

  /**
   * A decision for the call that waits for one — named by its call id, and, when the decision gives
   * them (from {@code ApprovalRequested}), by its request id and epoch too. A decision by call id
   * alone made before the approval that waits was requested was made for an earlier call of that id
   * (a model may reuse one), not for this one.
   */
  private static String approval(MachineState s, ApprovalDecision a) {
    boolean waiting =
        s.status() == Status.AWAITING_APPROVAL
            && s.awaiting() instanceof Awaiting.Approval p
            && p.call().callId().equals(a.callId())
            && (a.requestId() == null || a.requestId().equals(p.requestId()))
            && (a.epoch() == null || a.epoch() == s.epoch());
    if (!waiting) {
      return "no tool call '" + a.callId() + "' is waiting for approval";
    }
    if (a.requestId() == null && a.at().isBefore(s.awaiting().issuedAt())) {
      return "the decision for '"
          + a.callId()
          + "' was made before this approval was requested ("
          + s.awaiting().issuedAt()
          + "): it was for an earlier call of that id; send requestId and epoch from"
          + " ApprovalRequested to decide this one";
    }
    return null;
  }

  /** A child's result, for the blocking call that waits for that very child. */
  private static String childReport(MachineState s, ChildUpdate u) {
    return u.kind().isResult()
            && s.awaiting() instanceof Awaiting.Child c
            && u.childThreadId().equals(c.childThreadId())
        ? null
        : "no call waits for this child's result";
  }
}
