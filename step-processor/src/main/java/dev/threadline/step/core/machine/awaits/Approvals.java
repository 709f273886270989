package dev.threadline.step.core.machine.awaits;

import dev.threadline.step.core.Awaiting.Approval;
import dev.threadline.step.core.Enums.Status;
import dev.threadline.step.core.Event.ApprovalDecided;
import dev.threadline.step.core.Event.ApprovalRequested;
import dev.threadline.step.core.Input.Answer;
import dev.threadline.step.core.Input.ApprovalDecision;
import dev.threadline.step.core.Input.DeadlinePassed;
import dev.threadline.step.core.Values.ToolCall;
import dev.threadline.step.core.machine.Arguments;
import dev.threadline.step.core.machine.Settled;
import dev.threadline.step.core.machine.Settled.CallDone;
import dev.threadline.step.core.machine.Started;
import dev.threadline.step.core.machine.decision.Answers;
import dev.threadline.step.core.machine.decision.Decision;
import java.time.Duration;
import java.time.Instant;

/**
 * Tool permission ask (the design brief's allow / deny / ask), the whole life of the wait: the call
 * waits for a decision, with the thread in AWAITING_APPROVAL; approved, it runs; denied — or
 * undecided within the approval timeout, if one is set — it ends with an error result the model
 * reads.
 */
public final class Approvals {
  private Approvals() {}

  public static Settled await(Decision d, Started started) {
    Duration timeout = d.settings.config().approvalTimeout();
    Instant deadline = timeout.isZero() ? null : d.at.plus(timeout);
    ToolCall call = started.call();
    d.await(new Approval(started.requestId(), d.at, deadline, call, d.batch()), null);
    d.changeStatus(Status.AWAITING_APPROVAL);
    d.emit(
        new ApprovalRequested(
            started.requestId(), call.callId(), call.name(), call.argumentsJson()));
    return Settled.WAITING;
  }

  public static Settled answered(Decision d, Approval p, Answer answer) {
    return switch (answer) {
      case ApprovalDecision a when a.approve() && a.argumentsJson() != null -> edited(d, p, a);
      case ApprovalDecision a -> settle(d, p, a.approve(), a.reason(), a.commandId(), p.call());
      case DeadlinePassed timedOut -> {
        long seconds = d.settings.config().approvalTimeout().toSeconds();
        yield settle(d, p, false, "no decision within " + seconds + " s", null, p.call());
      }
      default -> throw Answers.notOwn(answer, p);
    };
  }

  /**
   * Approved as the approver edited it: the call runs with their arguments, held to what any call's
   * arguments are (a JSON object within the limit) — else the decision is refused and the call
   * still waits for one. The model's message keeps the arguments it wrote.
   */
  private static Settled edited(Decision d, Approval p, ApprovalDecision a) {
    String refusal =
        Arguments.toolRefusal(d.settings.config().limits(), p.call().name(), a.argumentsJson());
    if (refusal != null) {
      d.reject(a, "the edited call: " + refusal);
      return Settled.WAITING;
    }
    ToolCall call = new ToolCall(p.call().callId(), p.call().name(), a.argumentsJson());
    return settle(d, p, true, a.reason(), a.commandId(), call);
  }

  private static Settled settle(
      Decision d, Approval p, boolean approve, String reason, String commandId, ToolCall call) {
    d.settle();
    String edited = call == p.call() ? null : call.argumentsJson();
    d.emit(new ApprovalDecided(p.call().callId(), approve, reason, commandId, edited));
    d.changeStatus(Status.RUNNING);
    if (approve) {
      return ToolRequests.issue(d, p.requestId(), call, 1);
    }
    String denied = "denied by the approver" + (reason == null ? "" : ": " + reason);
    return new CallDone(p.requestId(), p.call(), null, denied, 0);
  }
}
