package dev.threadline.step.core.machine;

import dev.threadline.step.core.Enums.Trigger;
import dev.threadline.step.core.Event;
import dev.threadline.step.core.Event.CommandRejected;
import dev.threadline.step.core.Input.CancelEffect;
import dev.threadline.step.core.Input.EffectFired;
import dev.threadline.step.core.Input.ScheduleEffect;
import dev.threadline.step.core.Output;
import dev.threadline.step.core.Queued.QueuedMessage;
import dev.threadline.step.core.Queued.QueuedTool;

/**
 * Scheduled effects (spec §2: a fired effect is a trigger like a message): a durable timer that
 * queues a message or a tool into its thread when it fires. The shell keeps the timers; the machine
 * validates, schedules, cancels and delivers.
 */
final class Effects {
  private Effects() {}

  static void schedule(Decision d, ScheduleEffect e) {
    if (e.effectId() == null || e.effectId().isBlank() || e.effectId().contains("|")) {
      d.reject(e, "effect id must be non-empty and must not contain '|'");
      return;
    }
    if (e.action() instanceof QueuedMessage m && Inbox.checked(d, e, m.message()) == null) {
      return;
    }
    d.output(new Output.SetTimer(e.effectId(), e.fireAt(), e.action()));
    d.emit(
        new Event.EffectScheduled(
            e.effectId(), e.fireAt(), e.action() instanceof QueuedTool ? "tool" : "message"));
  }

  static void cancel(Decision d, CancelEffect e) {
    if (!e.scheduled()) {
      d.reject(
          e,
          "no scheduled effect '" + e.effectId() + "' (it fired, was cancelled, or never existed)");
      return;
    }
    d.output(new Output.CancelTimer(e.effectId()));
    d.emit(new Event.EffectCancelled(e.effectId()));
  }

  /** A timer fired: its work is delivered like any other, unless the thread has finished. */
  static void fired(Decision d, EffectFired e) {
    d.emit(new Event.EffectFired(e.effectId()));
    if (d.state().status().isFinal()) {
      d.emit(
          new CommandRejected(
              e.action().commandId(),
              "EffectFired",
              "effect " + e.effectId() + " dropped: thread is finished"));
      return;
    }
    Inbox.deliver(d, null, e.action(), Trigger.EFFECT);
  }
}
