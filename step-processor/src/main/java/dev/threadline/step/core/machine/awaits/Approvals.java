package dev.threadline.step.core.machine.awaits;

import dev.threadline.step.core.Awaiting.Approval;
import dev.threadline.step.core.Enums.Status;
import dev.threadline.step.core.Event.ApprovalDecided;
import dev.threadline.step.core.Event.ApprovalRequested;
import dev.threadline.step.core.Input.Answer;
import dev.threadline.step.core.Input.ApprovalDecision;
import dev.threadline.step.core.Input.DeadlinePassed;
import dev.threadline.step.core.Values.ToolCall;
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
      case ApprovalDecision a -> settle(d, p, a.approve(), a.reason(), a.commandId());
      case DeadlinePassed timedOut -> {
        long seconds = d.settings.config().approvalTimeout().toSeconds();
        yield settle(d, p, false, "no decision within " + seconds + " s", null);
      }
      default -> throw Answers.notOwn(answer, p);
    };
  }

  private static Settled settle(
      Decision d, Approval p, boolean approve, String reason, String commandId) {
    d.settle();
    d.emit(new ApprovalDecided(p.call().callId(), approve, reason, commandId));
    d.changeStatus(Status.RUNNING);
    if (approve) {
      return ToolRequests.issue(d, p.requestId(), p.call(), 1);
    }
    String denied = "denied by the approver" + (reason == null ? "" : ": " + reason);
    return new CallDone(p.requestId(), p.call(), null, denied, 0);
  }
}
