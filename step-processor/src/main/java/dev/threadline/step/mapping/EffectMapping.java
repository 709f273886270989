package dev.threadline.step.mapping;

import dev.threadline.avro.QueueMessage;
import dev.threadline.avro.QueueTool;
import dev.threadline.avro.store.EffectTimer;
import dev.threadline.step.core.Output;
import dev.threadline.step.core.Queued;
import dev.threadline.step.core.Recurrence;
import java.time.Instant;

/** Scheduled effects between their Avro records and the core: actions, recurrences, timers. */
public final class EffectMapping {
  private EffectMapping() {}

  /**
   * The command id a firing of effect {@code effectId} due at {@code fireAt} delivers its work as:
   * the effect's id for an effect that fires once, and the id and the time for each firing of a
   * recurring one, so each firing is a run of its own.
   */
  public static String firingId(String effectId, Instant fireAt, boolean recurring) {
    return recurring ? effectId + "@" + fireAt.toEpochMilli() : effectId;
  }

  /** The action of a scheduled effect as a core queue item, delivered as command {@code id}. */
  public static Queued action(String id, Instant fireAt, Object action) {
    return switch (action) {
      case QueueMessage m ->
          new Queued.QueuedMessage(id, ValueMapping.inbound(m.getMessage()), false, fireAt);
      case QueueTool t -> new Queued.QueuedTool(id, t.getName(), t.getArgumentsJson(), fireAt);
      default ->
          throw new IllegalArgumentException(
              "unknown effect action " + action.getClass().getName());
    };
  }

  /** The Avro form of an effect's action. */
  public static Object action(Queued q) {
    return switch (q) {
      case Queued.QueuedMessage m -> new QueueMessage(ValueMapping.inbound(m.message()));
      case Queued.QueuedTool t -> new QueueTool(t.name(), t.argumentsJson());
    };
  }

  /** What timer {@code timer} fires, delivered as {@link #firingId}. */
  public static Queued firing(EffectTimer timer) {
    String id = firingId(timer.getEffectId(), timer.getFireAt(), timer.getRecurrence() != null);
    return action(id, timer.getFireAt(), timer.getAction());
  }

  /** The timer of {@code t}, as the timer store keeps it. */
  public static EffectTimer timer(String threadId, Output.SetTimer t) {
    return new EffectTimer(
        threadId, t.effectId(), t.fireAt(), action(t.action()), recurrence(t.recurrence()));
  }

  public static Recurrence recurrence(dev.threadline.avro.Recurrence r) {
    return r == null
        ? null
        : new Recurrence(
            r.getCron(),
            r.getTimezone(),
            r.getUntil(),
            r.getDetailsJson(),
            r.getNewThreadEachTime());
  }

  public static dev.threadline.avro.Recurrence recurrence(Recurrence r) {
    return r == null
        ? null
        : new dev.threadline.avro.Recurrence(
            r.cron(), r.timezone(), r.until(), r.detailsJson(), r.newThreadEachTime());
  }
}
