package dev.threadline.step.core.machine.commands;

import dev.threadline.agents.Senders;
import dev.threadline.config.Utf8;
import dev.threadline.step.core.AgentSnapshot;
import dev.threadline.step.core.ChildEntry;
import dev.threadline.step.core.Enums.ChildReport;
import dev.threadline.step.core.Enums.ChildStatus;
import dev.threadline.step.core.Enums.Origin;
import dev.threadline.step.core.Enums.Trigger;
import dev.threadline.step.core.Event.ChildStatusUpdated;
import dev.threadline.step.core.Ids;
import dev.threadline.step.core.Input.ChildUpdate;
import dev.threadline.step.core.Queued.QueuedMessage;
import dev.threadline.step.core.Values.InboundMessage;
import dev.threadline.step.core.machine.decision.Decision;
import java.util.Map;
import java.util.Optional;

/**
 * A parent hears from a child (spec §7, §8, §10): every report updates the child registry — even
 * with {@code explicit} communication, so a finished child always frees its {@code maxInstances}
 * slot; a result, a failure or a termination becomes a message for the parent's model unless
 * communication is explicit; a tool's notify_parent always does. Reports are deliveries from the
 * system: a full queue does not refuse them. A blocking child's result is an answer instead: to the
 * call that waits for it.
 */
public final class ChildUpdates {
  private ChildUpdates() {}

  /**
   * The registry hears the report; the model is told, unless explicit. True when the report is a
   * blocking child's result, which answers the call that waits for it (if the wait already ended —
   * an abort answered the call — the registry alone hears).
   */
  public static boolean arrived(Decision d, ChildUpdate u) {
    Optional<ChildEntry> found = d.state().children().child(u.childThreadId());
    if (found.isEmpty()) {
      d.reject(u, "no child thread '" + u.childThreadId() + "'");
      return false;
    }
    ChildEntry entry = found.get();
    boolean notCreated =
        u.kind() == ChildReport.FAILED && ChildReport.NOT_CREATED.equals(u.status());
    ChildEntry updated =
        switch (u.kind()) {
          case STATUS -> entry.withSessionStatus(clipped(u.status()));
          case NOTIFY -> entry;
          // A child whose thread could not be created lives no more: it holds no slot.
          case COMPLETED, FAILED, TERMINATED ->
              notCreated
                  ? entry
                      .withStatus(ChildStatus.TERMINATED)
                      .withSessionStatus(ChildReport.NOT_CREATED)
                  : entry.withStatus(ChildStatus.of(u.kind()));
        };
    d.subagents.changed(entry, updated);
    String status =
        notCreated
            ? ChildReport.NOT_CREATED
            : u.kind() == ChildReport.STATUS ? u.status() : updated.status().wire();
    d.emit(new ChildStatusUpdated(u.childThreadId(), u.kind(), status));
    boolean result = u.kind().isResult();
    if (result && entry.waitingRequestId() != null) {
      return true;
    }
    if (u.kind() == ChildReport.NOTIFY || (result && !explicit(d.state().agent(), entry))) {
      InboundMessage message =
          new InboundMessage(
              Origin.TASK,
              null,
              Senders.subagent(entry.name()),
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
        return false;
      }
      Inbox.deliver(d, null, item, Trigger.SUBAGENT);
    }
    return false;
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
