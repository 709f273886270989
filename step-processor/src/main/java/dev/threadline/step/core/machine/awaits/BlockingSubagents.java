package dev.threadline.step.core.machine.awaits;

import dev.threadline.step.core.Awaiting;
import dev.threadline.step.core.ChildEntry;
import dev.threadline.step.core.Enums.ChildReport;
import dev.threadline.step.core.Input.Answer;
import dev.threadline.step.core.Input.ChildUpdate;
import dev.threadline.step.core.machine.decision.Answers;
import dev.threadline.step.core.machine.decision.Decision;
import dev.threadline.step.core.machine.subagents.ChildEnds;
import dev.threadline.step.core.machine.tools.ToolCalls;
import dev.threadline.step.core.machine.tools.ToolCalls.Started;

/**
 * A blocking subagent's call (the spec's default for a subagent entry), the whole life of its wait:
 * the call stays open, without a deadline, while its child runs; the child's result — completed,
 * failed or terminated — is the call's result and the step goes on. An abort ends the wait and the
 * child, which would have no one to report to.
 */
public final class BlockingSubagents {
  private BlockingSubagents() {}

  /** The call {@code started} waits for the child it has just started. */
  public static void await(Decision d, Started started, String childThreadId, String childName) {
    d.await(
        new Awaiting.Child(
            started.requestId(), d.at, started.call(), d.batch(), childThreadId, childName));
  }

  public static void answered(Decision d, Awaiting.Child c, Answer answer) {
    if (!(answer instanceof ChildUpdate u)) {
      throw Answers.notOwn(answer, c);
    }
    d.settle();
    d.batch(c.batch());
    String content = u.content() == null ? "" : u.content();
    long millis = d.millisSince(c.issuedAt());
    if (u.kind() == ChildReport.COMPLETED) {
      ToolCalls.complete(d, c.requestId(), c.call(), content, null, millis);
    } else {
      String error = "subagent " + c.childName() + " " + u.kind().wire() + ": " + content;
      ToolCalls.complete(d, c.requestId(), c.call(), null, error, millis);
    }
  }

  /**
   * The wait ends without the child's result (an abort): the child it waits for is terminated — by
   * the registry's record of which call each child answers, so no kind of wait is asked about.
   */
  public static void abandon(Decision d, String why) {
    Awaiting w = d.state().awaiting();
    if (w == null) {
      return;
    }
    for (ChildEntry child : d.state().children().running()) {
      if (w.requestId().equals(child.waitingRequestId())) {
        ChildEnds.terminate(d, child, why);
      }
    }
  }
}
