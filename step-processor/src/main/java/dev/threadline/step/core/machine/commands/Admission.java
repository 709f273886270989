package dev.threadline.step.core.machine.commands;

import dev.threadline.step.core.Enums.Status;
import dev.threadline.step.core.Event.CommandRejected;
import dev.threadline.step.core.Input.ChildUpdate;
import dev.threadline.step.core.Input.Command;
import dev.threadline.step.core.Input.DeleteThread;
import dev.threadline.step.core.Input.Fork;
import dev.threadline.step.core.Input.ForkSeed;
import dev.threadline.step.core.Input.SetMetadata;
import dev.threadline.step.core.Input.Terminate;
import dev.threadline.step.core.MachineState;
import dev.threadline.step.core.machine.decision.Decision;

/**
 * Admission of a command to an existing thread: it is the caller's, and the thread still takes work
 * — a finished thread takes only a terminate or a delete, a terminated one only a delete, and a
 * deleted one nothing (a fork of any of them may be made, and new metadata given), and a fork's new
 * thread takes only its seeds until it holds them. Creation has its own rules ({@link
 * Lifecycle#create}).
 */
public final class Admission {
  private Admission() {}

  /** Whether {@code c} may be decided; if not, it has been refused the way its case asks. */
  public static boolean admit(Decision d, Command c) {
    MachineState s = d.state();
    if (s == null || !s.tenantId().equals(c.tenantId())) {
      d.rejectOutsideLog(c, "unknown thread");
      return false;
    }
    if (s.deletedAt() != null) {
      // Its log ended with ThreadDeleted: nothing more is written to it. A child's late report is
      // expected (its parent deleted it too) and simply dropped.
      if (!(c instanceof ChildUpdate)) {
        d.rejectOutsideLog(c, "thread deleted");
      }
      return false;
    }
    if (s.forkSeeding() != null && !(c instanceof ForkSeed)) {
      d.reject(
          c,
          "the thread is a fork of "
              + s.forkSeeding().fromThreadId()
              + " still taking what it copies: it takes commands once ForkSeeded is on its log");
      return false;
    }
    // A finished thread forks too (time travel from where it went wrong), takes new metadata and
    // forgets runs.
    boolean closed =
        c instanceof DeleteThread
                || c instanceof Fork
                || c instanceof SetMetadata
                || c instanceof dev.threadline.step.core.Input.DeleteRun
            ? false
            : c instanceof Terminate ? s.status() == Status.TERMINATED : s.status().isFinal();
    if (closed && c instanceof ChildUpdate) {
      // A child reporting to a parent that has finished (terminated children report back): no
      // bad input, so no dead letter — an event that says the report was dropped.
      d.emit(
          new CommandRejected(
              c.commandId(),
              Decision.type(c),
              "thread is " + s.status().wire() + "; the report is dropped"));
      return false;
    }
    if (closed) {
      d.reject(c, "thread is " + s.status().wire());
      return false;
    }
    return true;
  }
}
