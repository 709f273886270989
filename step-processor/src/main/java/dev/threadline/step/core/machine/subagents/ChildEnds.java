package dev.threadline.step.core.machine.subagents;

import dev.threadline.step.core.Awaiting;
import dev.threadline.step.core.ChildEntry;
import dev.threadline.step.core.Enums.ChildReport;
import dev.threadline.step.core.Enums.ChildStatus;
import dev.threadline.step.core.Event.ChildStatusUpdated;
import dev.threadline.step.core.Output;
import dev.threadline.step.core.machine.decision.Decision;

/**
 * No child outlives its parent (spec §10): when a thread ends — terminated, completed, failed, or a
 * child whose work is done — every child that still lives is terminated, running or resumable and
 * idle, and each terminates its own in turn.
 */
public final class ChildEnds {
  private ChildEnds() {}

  /** A live child is terminated: its registry entry says so and its thread is told. */
  public static void terminate(Decision d, ChildEntry child, String why) {
    ChildEntry terminated = child.withStatus(ChildStatus.TERMINATED);
    d.subagents.changed(child, terminated);
    d.output(new Output.TerminateChild(child.childThreadId(), why));
    d.emit(
        new ChildStatusUpdated(
            child.childThreadId(), ChildReport.TERMINATED, terminated.status().wire()));
  }

  /** The thread ended {@code how}: each child that still lives is terminated. */
  public static void terminateLiving(Decision d, String how) {
    for (ChildEntry child : d.state().children().living()) {
      terminate(d, child, "parent " + how);
    }
  }

  /**
   * The thread ends for good: its queued work is dropped, subagents held back for variables never
   * start (their requests close), its parent hears it terminated and its live children are
   * terminated.
   */
  public static void closeThread(Decision d, String reason) {
    d.queue.drop("thread terminated before this queued work ran");
    d.subagents.closeRequests();
    d.ending.terminate(reason);
    ChildReports.tellParent(d, ChildReport.TERMINATED, "terminated", reason);
    terminateLiving(d, "terminated" + (reason == null ? "" : ": " + reason));
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
        terminate(d, child, why);
      }
    }
  }
}
