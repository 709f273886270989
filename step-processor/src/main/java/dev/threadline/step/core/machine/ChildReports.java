package dev.threadline.step.core.machine;

import dev.threadline.step.core.Enums.ChildReport;
import dev.threadline.step.core.Enums.Origin;
import dev.threadline.step.core.Enums.Status;
import dev.threadline.step.core.Enums.Trigger;
import dev.threadline.step.core.Event.ChildStatusUpdated;
import dev.threadline.step.core.Event.ThreadTerminated;
import dev.threadline.step.core.Input.ChildUpdate;
import dev.threadline.step.core.MessageRules;
import dev.threadline.step.core.Output;
import dev.threadline.step.core.Queued.QueuedMessage;
import dev.threadline.step.core.ThreadState;
import dev.threadline.step.core.ThreadState.ChildEntry;
import dev.threadline.step.core.ThreadState.ParentRef;
import dev.threadline.step.core.Values.InboundMessage;
import dev.threadline.step.core.Values.ToolEffect;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What passes between a child thread and its parent (spec §7, §8). The child's side: its session's
 * outcome, status reports and tool effects go to the parent. The parent's side: every report
 * updates the child registry; a result or a notification becomes a queued message for its model.
 */
final class ChildReports {
  private ChildReports() {}

  /** A report to the parent, if this thread has one. */
  static void tellParent(Decision d, ChildReport kind, String status, String content) {
    ParentRef parent = d.state().parent();
    if (parent != null) {
      d.output(new Output.NotifyParent(parent.parentThreadId(), kind, status, content));
    }
  }

  /**
   * A child's session ended (sessionStop / sessionFail): the parent hears the outcome, unless
   * communication is explicit; a non-resumable child then terminates, a resumable one waits for
   * more work.
   */
  static void sessionEnded(Decision d) {
    ThreadState s = d.state();
    ParentRef parent = s.parent();
    ChildReport kind = s.terminal().failed() ? ChildReport.FAILED : ChildReport.COMPLETED;
    if (!parent.explicit()) {
      String payload = s.terminal().payloadJson();
      d.output(
          new Output.NotifyParent(
              parent.parentThreadId(),
              kind,
              kind.wire(),
              payload,
              Arguments.attachments(Arguments.parse(payload), "attachments")));
    }
    if (!parent.resumable()) {
      d.dropQueue("subagent " + kind.wire() + " before this queued work ran");
      d.edit(b -> b.terminatedAt = d.at);
      d.changeStatus(Status.TERMINATED);
      d.emit(new ThreadTerminated("subagent " + kind.wire() + "; its parent has the result"));
    } else {
      TurnLoop.nextOrIdle(d);
    }
  }

  /**
   * A tool's requests of the runtime: on a child thread, notify_parent sends the parent a message
   * (even with explicit communication) and set_status updates the parent's registry.
   */
  static void toolEffects(Decision d, List<ToolEffect> effects) {
    for (ToolEffect effect : effects) {
      switch (effect.kind()) {
        case "notify_parent" ->
            tellParent(d, ChildReport.NOTIFY, ChildReport.NOTIFY.wire(), effect.content());
        case "set_status" -> tellParent(d, ChildReport.STATUS, effect.content(), null);
        default -> {}
      }
    }
  }

  /** The parent hears from a child: the registry is updated; a result becomes a message. */
  static void arrived(Decision d, ChildUpdate u) {
    Optional<ChildEntry> entry =
        d.state().children().stream()
            .filter(c -> c.childThreadId().equals(u.childThreadId()))
            .findFirst();
    if (entry.isEmpty()) {
      d.reject(u, "no child thread '" + u.childThreadId() + "'");
      return;
    }
    String status =
        switch (u.kind()) {
          case STATUS -> u.status();
          case NOTIFY -> entry.get().status();
          default -> u.kind().wire();
        };
    List<ChildEntry> children =
        d.state().children().stream()
            .map(
                c ->
                    c.childThreadId().equals(u.childThreadId())
                        ? new ChildEntry(
                            c.childThreadId(), c.name(), c.subagentName(), c.resumable(), status)
                        : c)
            .toList();
    d.edit(b -> b.children = children);
    d.emit(new ChildStatusUpdated(u.childThreadId(), u.kind(), status));
    if (u.kind() == ChildReport.COMPLETED
        || u.kind() == ChildReport.FAILED
        || u.kind() == ChildReport.NOTIFY) {
      InboundMessage result =
          new InboundMessage(
              Origin.TASK,
              null,
              MessageRules.SELF,
              "[subagent "
                  + entry.get().name()
                  + " "
                  + u.kind().wire()
                  + "] "
                  + (u.content() == null ? "" : u.content()),
              Map.of("childThreadId", u.childThreadId(), "kind", u.kind().wire()),
              u.attachments());
      QueuedMessage item = new QueuedMessage(u.commandId(), result, false, d.at);
      Inbox.deliver(d, u, item, Trigger.SUBAGENT);
    }
  }
}
