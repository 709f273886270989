package dev.threadline.step.core.machine.subagents;

import dev.threadline.step.core.Enums.ChildReport;
import dev.threadline.step.core.Enums.TurnEnd;
import dev.threadline.step.core.Input.SendMessage;
import dev.threadline.step.core.MachineState;
import dev.threadline.step.core.MessageRules;
import dev.threadline.step.core.Output;
import dev.threadline.step.core.ParentRef;
import dev.threadline.step.core.Values.Attachment;
import dev.threadline.step.core.machine.Arguments;
import dev.threadline.step.core.machine.decision.Decision;
import java.util.List;

/**
 * What a child thread tells its parent (spec §7, §8, §10).
 *
 * <p>Whenever a child's turn ends, however it ends, the parent hears — completed (a session stop,
 * an answer, the stop tool, a step limit) with its result or last answer, or failed (a session
 * fail, a model error or timeout, a full context, an abort) with the reason (what the child does
 * next is the turn loop's). Status reports and tool effects go to the parent too, and so does a
 * refusal of a parent's message.
 *
 * <p>What the parent does with a report is {@code commands.ChildUpdates}'.
 */
public final class ChildReports {
  private ChildReports() {}

  /** A report to the parent, if this thread has one. */
  public static void tellParent(Decision d, ChildReport kind, String status, String content) {
    ParentRef parent = d.state().parent();
    if (parent != null) {
      d.output(new Output.NotifyParent(parent.parentThreadId(), kind, status, content));
    }
  }

  /**
   * A message from this thread's parent was refused (the thread has ended, its queue is full): the
   * parent hears why, for its subagent_message was answered "sent" before this thread saw it.
   */
  public static void messageRefused(Decision d, SendMessage m) {
    ParentRef parent = d.state() == null ? null : d.state().parent();
    if (parent != null
        && MessageRules.parent(parent.parentThreadId()).equals(m.message().sender())) {
      tellParent(
          d,
          ChildReport.NOTIFY,
          ChildReport.NOTIFY.wire(),
          "your message was not delivered: " + d.refusal());
    }
  }

  /** A child's turn ended with {@code reason}: the parent hears how — the kind of report it got. */
  public static ChildReport turnEnded(Decision d, TurnEnd reason) {
    MachineState s = d.state();
    ParentRef parent = s.parent();
    MachineState.TerminalOutcome terminal = s.terminal();
    boolean failed = terminal != null ? terminal.failed() : !reason.completedWork();
    ChildReport kind = failed ? ChildReport.FAILED : ChildReport.COMPLETED;
    if (terminal != null) {
      String payload = terminal.payloadJson();
      List<Attachment> files = Arguments.attachments(Arguments.parse(payload), "attachments");
      d.output(new Output.NotifyParent(parent.parentThreadId(), kind, kind.wire(), payload, files));
    } else {
      String why = Arguments.object().put("reason", reason.wire()).toString();
      long reply = failed ? 0 : s.lastReplySeq();
      d.output(
          new Output.NotifyParent(
              parent.parentThreadId(), kind, kind.wire(), why, List.of(), reply));
    }
    return kind;
  }

  /**
   * A tool's notify_parent: on a child thread, the parent gets {@code content} and {@code files} as
   * a message (even with explicit communication).
   */
  public static void notifyParent(Decision d, String content, List<Attachment> files) {
    ParentRef parent = d.state().parent();
    if (parent != null) {
      d.output(
          new Output.NotifyParent(
              parent.parentThreadId(),
              ChildReport.NOTIFY,
              ChildReport.NOTIFY.wire(),
              content,
              files));
    }
  }
}
