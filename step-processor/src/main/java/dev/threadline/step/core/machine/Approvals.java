package dev.threadline.step.core.machine;

import dev.threadline.step.core.Enums.CallKind;
import dev.threadline.step.core.Enums.Status;
import dev.threadline.step.core.Event.ApprovalDecided;
import dev.threadline.step.core.Event.ApprovalRequested;
import dev.threadline.step.core.Input.ApprovalDecision;
import dev.threadline.step.core.Output;
import dev.threadline.step.core.PendingCall;
import dev.threadline.step.core.Values.ToolCall;
import dev.threadline.step.core.machine.ToolCalls.Started;
import java.time.Duration;
import java.time.Instant;

/**
 * Tool permission ask (the design brief's allow / deny / ask): the call waits for a decision, with
 * the thread in AWAITING_APPROVAL; approved, it runs; denied — or undecided within the approval
 * timeout, if one is set — it ends with an error result the model reads.
 */
final class Approvals {
  private Approvals() {}

  static void await(Decision d, Started started) {
    Duration timeout = d.rules.config().approvalTimeout();
    Instant deadline = timeout.isZero() ? null : d.at.plus(timeout);
    ToolCall call = started.call();
    d.await(PendingCall.approval(started.requestId(), d.at, deadline, call, d.batch()));
    if (deadline != null) {
      d.output(new Output.SetDeadline(started.requestId(), deadline));
    }
    d.changeStatus(Status.AWAITING_APPROVAL);
    d.emit(
        new ApprovalRequested(
            started.requestId(), call.callId(), call.name(), call.argumentsJson()));
  }

  static void decided(Decision d, ApprovalDecision a) {
    PendingCall p = d.state().pending();
    if (d.state().status() != Status.AWAITING_APPROVAL
        || p == null
        || p.kind() != CallKind.APPROVAL
        || !p.call().callId().equals(a.callId())
        || (a.requestId() != null && !a.requestId().equals(p.requestId()))
        || (a.epoch() != null && a.epoch() != d.state().epoch())) {
      d.reject(a, "no tool call '" + a.callId() + "' is waiting for approval");
      return;
    }
    settle(d, p, a.approve(), a.reason());
  }

  /** Nobody decided within the approval timeout: the call is denied. */
  static void timedOut(Decision d, PendingCall p) {
    long seconds = d.rules.config().approvalTimeout().toSeconds();
    settle(d, p, false, "no decision within " + seconds + " s");
  }

  private static void settle(Decision d, PendingCall p, boolean approve, String reason) {
    d.clearPending();
    d.emit(new ApprovalDecided(p.call().callId(), approve, reason));
    d.changeStatus(Status.RUNNING);
    d.batch(p.batch());
    if (approve) {
      ToolCalls.issue(d, p.requestId(), p.call(), 1);
    } else {
      String denied = "denied by the approver" + (reason == null ? "" : ": " + reason);
      ToolCalls.complete(d, p.requestId(), p.call(), null, denied, 0);
    }
  }
}
