package dev.threadline.step.core.machine.subagents;

import dev.threadline.config.Utf8;
import dev.threadline.step.core.AgentSnapshot;
import dev.threadline.step.core.ChildEntry;
import dev.threadline.step.core.DualAi;
import dev.threadline.step.core.Enums.ChildReport;
import dev.threadline.step.core.Enums.ChildStatus;
import dev.threadline.step.core.Enums.Origin;
import dev.threadline.step.core.Enums.Trigger;
import dev.threadline.step.core.Enums.TurnEnd;
import dev.threadline.step.core.Event.ChildStatusUpdated;
import dev.threadline.step.core.Ids;
import dev.threadline.step.core.Input.ChildUpdate;
import dev.threadline.step.core.Input.SendMessage;
import dev.threadline.step.core.MachineState;
import dev.threadline.step.core.MessageRules;
import dev.threadline.step.core.Output;
import dev.threadline.step.core.ParentRef;
import dev.threadline.step.core.Queued.QueuedMessage;
import dev.threadline.step.core.Side;
import dev.threadline.step.core.Values.Attachment;
import dev.threadline.step.core.Values.InboundMessage;
import dev.threadline.step.core.Values.ToolEffect;
import dev.threadline.step.core.machine.Arguments;
import dev.threadline.step.core.machine.ThreadMachine;
import dev.threadline.step.core.machine.TurnLoop;
import dev.threadline.step.core.machine.commands.Effects;
import dev.threadline.step.core.machine.commands.Inbox;
import dev.threadline.step.core.machine.commands.Lifecycle;
import dev.threadline.step.core.machine.decision.Decision;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What passes between a child thread and its parent (spec §7, §8, §10).
 *
 * <p>The child's side: whenever a child's turn ends, however it ends, the parent hears — completed
 * (a session stop, an answer, the stop tool, a step limit) with its result or last answer, or
 * failed (a session fail, a model error or timeout, a full context, an abort) with the reason. A
 * non-resumable child then terminates; a resumable one waits for more work until its session turns
 * are used up, then terminates and tells its parent so. Either terminates its own live children as
 * it ends. Status reports and tool effects go to the parent too, and so does a refusal of a
 * parent's message.
 *
 * <p>The parent's side: every report updates the child registry — even with {@code explicit}
 * communication, so a finished child always frees its {@code maxInstances} slot; a result, a
 * failure or a termination becomes a message for the parent's model unless communication is
 * explicit; a tool's notify_parent always does. Reports are deliveries from the system: a full
 * queue does not refuse them.
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

  /** A child's turn ended with {@code reason}: the parent hears how. */
  public static void turnEnded(Decision d, TurnEnd reason) {
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
    if (!parent.resumable()) {
      d.queue.drop("subagent " + kind.wire() + " before this queued work ran");
      d.ending.terminate("subagent " + kind.wire() + "; its parent has the result");
      ChildEnds.terminateLiving(d, "subagent " + kind.wire());
    } else if (TurnLoop.sessionTurnsUsed(d)) {
      // It can take no more work: terminated, and its parent told so, or the parent would message
      // a child that refuses every message and count it against its maxInstances for good.
      Lifecycle.close(d, "subagent session over: " + TurnLoop.sessionTurnsReached(d));
    } else {
      // A resumable dual_ai child's next session opens with side A, whichever side ended this one.
      if (Side.B.equals(DualAi.speaking(s.agent()))) {
        d.switchSides();
      }
      TurnLoop.nextOrIdle(d);
    }
  }

  /**
   * A tool's requests of the runtime: on a child thread, notify_parent sends the parent a message
   * (even with explicit communication) and set_status updates the parent's registry.
   */
  public static void toolEffects(Decision d, List<ToolEffect> effects) {
    for (ToolEffect effect : effects) {
      switch (effect.kind()) {
        case "notify_parent" -> {
          ParentRef parent = d.state().parent();
          if (parent != null) {
            d.output(
                new Output.NotifyParent(
                    parent.parentThreadId(),
                    ChildReport.NOTIFY,
                    ChildReport.NOTIFY.wire(),
                    effect.content(),
                    effect.attachments()));
          }
        }
        case "set_status" -> tellParent(d, ChildReport.STATUS, effect.content(), null);
        default -> {}
      }
    }
  }

  /** The parent hears from a child: the registry is updated; the model is told, unless explicit. */
  public static void arrived(Decision d, ChildUpdate u) {
    Optional<ChildEntry> found = d.state().children().child(u.childThreadId());
    if (found.isEmpty()) {
      d.reject(u, "no child thread '" + u.childThreadId() + "'");
      return;
    }
    ChildEntry entry = found.get();
    ChildEntry updated =
        switch (u.kind()) {
          case STATUS -> entry.withSessionStatus(clipped(u.status()));
          case NOTIFY -> entry;
          case COMPLETED, FAILED, TERMINATED -> entry.withStatus(ChildStatus.of(u.kind()));
        };
    d.subagents.changed(entry, updated);
    String status = u.kind() == ChildReport.STATUS ? u.status() : updated.status().wire();
    d.emit(new ChildStatusUpdated(u.childThreadId(), u.kind(), status));
    boolean result = u.kind().isResult();
    if (result && entry.waitingRequestId() != null) {
      // A blocking child: its result answers the call that waits for it; if the wait already
      // ended (an abort answered the call), the model has its answer and the registry alone hears.
      ThreadMachine.answer(d, u);
      return;
    }
    if (u.kind() == ChildReport.NOTIFY || (result && !explicit(d.state().agent(), entry))) {
      InboundMessage message =
          new InboundMessage(
              Origin.TASK,
              null,
              MessageRules.SELF,
              "[subagent "
                  + entry.name()
                  + " "
                  + u.kind().wire()
                  + "] "
                  + (u.content() == null ? "" : u.content()),
              Map.of("childThreadId", u.childThreadId(), "kind", u.kind().wire()),
              u.attachments());
      // A delivery from the system, never refused: held as a timer while the queue is full.
      QueuedMessage item = new QueuedMessage(u.commandId(), message, false, d.at);
      if (Inbox.wouldOverflow(d, item)) {
        Effects.postpone(d, Ids.heldReport(u.commandId()), item);
        return;
      }
      Inbox.deliver(d, null, item, Trigger.SUBAGENT);
    }
  }

  /** Whether the subagent that made {@code entry} reports only when a tool asks it to. */
  private static boolean explicit(AgentSnapshot agent, ChildEntry entry) {
    return agent.subagents().stream()
        .anyMatch(s -> s.name().equals(entry.subagentName()) && s.explicitCommunication());
  }

  /** How much of a child's reported status its registry entry keeps. */
  static final int STATUS_BYTES = 512;

  /** A status as the registry keeps it: at most {@link #STATUS_BYTES}. */
  static String clipped(String status) {
    if (status == null || Utf8.length(status) <= STATUS_BYTES) {
      return status;
    }
    return Utf8.head(status, STATUS_BYTES - 3) + "…";
  }
}
