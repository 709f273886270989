package dev.threadline.step.core.machine.commands;

import dev.threadline.config.Limits;
import dev.threadline.step.core.Enums.Trigger;
import dev.threadline.step.core.Event;
import dev.threadline.step.core.Event.CommandRejected;
import dev.threadline.step.core.Input.CancelEffect;
import dev.threadline.step.core.Input.EffectFired;
import dev.threadline.step.core.Input.ScheduleEffect;
import dev.threadline.step.core.Output;
import dev.threadline.step.core.Queued;
import dev.threadline.step.core.Queued.QueuedMessage;
import dev.threadline.step.core.Queued.QueuedTool;
import dev.threadline.step.core.Recurrence;
import dev.threadline.step.core.machine.decision.Decision;
import java.time.Duration;
import java.time.Instant;

/**
 * Scheduled effects (spec §2: a fired effect is a trigger like a message): a durable timer that
 * queues a message or a tool into its thread when it fires. The shell keeps the timers; the machine
 * validates, schedules, cancels and delivers. A thread holds at most {@code
 * threadline.limits.timers.per.thread} effects, none further ahead than {@code
 * threadline.limits.effect.horizon.seconds}; when it ends, its timers go with it. A recurring
 * effect ({@link Recurrence}) is set again for its schedule's next time in the step that fires it,
 * so no time of its schedule fires twice or is dropped by a crash between the two.
 */
public final class Effects {
  private Effects() {}

  public static void schedule(Decision d, ScheduleEffect e) {
    if (badId(e.effectId())) {
      d.reject(e, "effect id must be non-empty and must not contain '|'");
      return;
    }
    if (e.action() instanceof QueuedMessage m && Inbox.checked(d, e, m.message()) == null) {
      return;
    }
    if (e.recurrence() != null
        && e.recurrence().newThreadEachTime()
        && !(e.action() instanceof QueuedMessage)) {
      d.reject(e, "a cron that starts a thread each time gives it a message, not a tool");
      return;
    }
    String refusal = e.recurrence() == null ? null : e.recurrence().refusal(e.at());
    if (refusal == null) {
      refusal = refusal(d.settings.config().limits(), e.at(), e.fireAt(), e.otherTimers());
    }
    if (refusal != null) {
      d.reject(e, refusal);
      return;
    }
    set(d, e.effectId(), e.fireAt(), e.action(), e.recurrence());
  }

  public static boolean badId(String effectId) {
    return effectId == null || effectId.isBlank() || effectId.contains("|");
  }

  /** Why an effect firing at {@code fireAt} cannot be scheduled now, or null. */
  public static String refusal(Limits limits, Instant at, Instant fireAt, int otherTimers) {
    if (fireAt.isAfter(at.plusSeconds(limits.effectHorizonSeconds()))) {
      return "an effect may be scheduled at most "
          + limits.effectHorizonSeconds()
          + " seconds ahead ("
          + Limits.key("effect.horizon.seconds")
          + ")";
    }
    if (otherTimers >= limits.timersPerThread()) {
      return "the thread has "
          + otherTimers
          + " scheduled effects, the most it may hold ("
          + Limits.key("timers.per.thread")
          + "): cancel one first";
    }
    return null;
  }

  /** Schedules a checked effect, recurring on {@code recurrence} (null: once). */
  public static void set(
      Decision d, String effectId, Instant fireAt, Queued action, Recurrence recurrence) {
    d.output(new Output.SetTimer(effectId, fireAt, action, recurrence));
    d.emit(
        new Event.EffectScheduled(
            effectId, fireAt, action instanceof QueuedTool ? "tool" : "message", recurrence));
  }

  public static void cancel(Decision d, CancelEffect e) {
    if (!e.scheduled()) {
      d.reject(
          e,
          "no scheduled effect '" + e.effectId() + "' (it fired, was cancelled, or never existed)");
      return;
    }
    unset(d, e.effectId());
  }

  /** Cancels a scheduled effect. */
  public static void unset(Decision d, String effectId) {
    d.output(new Output.CancelTimer(effectId));
    d.emit(new Event.EffectCancelled(effectId));
  }

  /**
   * How long a delivery from the system that found the queue full waits before it is tried again.
   */
  public static final Duration POSTPONED = Duration.ofSeconds(5);

  /**
   * A timer fired: its work is delivered like any other, unless the thread has finished — or, when
   * the busy thread's queue is full, it waits {@link #POSTPONED} more as the same timer.
   */
  public static void fired(Decision d, EffectFired e) {
    boolean startsThread = e.recurrence() != null && e.recurrence().newThreadEachTime();
    if (!startsThread && !d.state().status().isFinal() && Inbox.wouldOverflow(d, e.action())) {
      set(d, e.effectId(), d.at.plus(POSTPONED), e.action(), e.recurrence());
      return;
    }
    if (startsThread && !d.state().status().isFinal()) {
      CronThreads.start(d, e);
      again(d, e);
      return;
    }
    d.emit(new Event.EffectFired(e.effectId()));
    if (e.recurrence() != null && !d.state().status().isFinal()) {
      again(d, e);
    }
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

  /**
   * Sets a recurring effect that fired for its schedule's next time after now — a firing late after
   * an outage is followed by the next time to come, not by the times the outage missed — unless its
   * schedule has ended or that time is beyond the horizon. It takes the timer it had, so the
   * thread's count of timers is not asked again.
   */
  private static void again(Decision d, EffectFired e) {
    Instant next = e.recurrence().nextAfter(d.at).orElse(null);
    Limits limits = d.settings.config().limits();
    if (next != null && refusal(limits, d.at, next, 0) == null) {
      set(d, e.effectId(), next, e.action(), e.recurrence());
    }
  }

  /**
   * Holds a delivery from the system that the thread's full queue cannot take as timer {@code
   * effectId}, tried again after {@link #POSTPONED}: durable, outside the state every step loads,
   * and never lost — the queue caps hold for every delivery, the system's too.
   */
  public static void postpone(Decision d, String effectId, Queued action) {
    set(d, effectId, d.at.plus(POSTPONED), action, null);
  }
}
