package dev.threadline.step.core.machine.awaits;

import dev.threadline.step.core.Awaiting;
import dev.threadline.step.core.Enums.ChildReport;
import dev.threadline.step.core.Input.Answer;
import dev.threadline.step.core.Input.ChildUpdate;
import dev.threadline.step.core.machine.Settled;
import dev.threadline.step.core.machine.Settled.CallDone;
import dev.threadline.step.core.machine.Started;
import dev.threadline.step.core.machine.decision.Answers;
import dev.threadline.step.core.machine.decision.Decision;

/**
 * A blocking subagent's call (the spec's default for a subagent entry), the whole life of its wait:
 * the call stays open, without a deadline, while its child runs; the child's result — completed,
 * failed or terminated — is the call's result and the step goes on. An abort ends the wait and the
 * child ({@code ChildEnds.abandon}), which would have no one to report to.
 */
public final class BlockingSubagents {
  private BlockingSubagents() {}

  /** The call {@code started} waits for the child it has just started. */
  public static Settled await(Decision d, Started started, String childThreadId, String childName) {
    d.await(
        new Awaiting.Child(
            started.requestId(), d.at, started.call(), d.batch(), childThreadId, childName),
        null);
    return Settled.WAITING;
  }

  public static CallDone answered(Decision d, Awaiting.Child c, Answer answer) {
    if (!(answer instanceof ChildUpdate u)) {
      throw Answers.notOwn(answer, c);
    }
    d.settle();
    String content = u.content() == null ? "" : u.content();
    long millis = d.millisSince(c.issuedAt());
    if (u.kind() == ChildReport.COMPLETED) {
      return new CallDone(c.requestId(), c.call(), content, null, millis);
    }
    String error = "subagent " + c.childName() + " " + u.kind().wire() + ": " + content;
    return new CallDone(c.requestId(), c.call(), null, error, millis);
  }
}
