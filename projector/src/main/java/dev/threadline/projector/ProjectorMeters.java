package dev.threadline.projector;

import dev.threadline.avro.BudgetReached;
import dev.threadline.avro.ThreadEvent;
import dev.threadline.avro.TurnCompleted;
import dev.threadline.avro.store.ThreadSummary;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Metrics;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.time.Instant;
import java.util.stream.DoubleStream;

/**
 * What the projector measures of the threads as their events pass: each turn's duration in event
 * time (its {@code TurnStarted} to its {@code TurnCompleted}), a histogram by how it ended, and
 * each budget that held a model call ({@code BudgetReached}), by the budget's setting. Counted as
 * they happen: an event older than {@link #RECENT} (a projector rebuilding its stores, or catching
 * up after being down that long) is not counted again. Both tags are bounded: turn end reasons and
 * budget settings are the runtime's own words.
 */
final class ProjectorMeters {
  static final Duration RECENT = Duration.ofMinutes(10);

  /** Seconds: 0.1 s doubling to about 2 hours — a turn may wait long for tools and approvals. */
  private static final Duration[] TURN_BUCKETS =
      DoubleStream.iterate(0.01, seconds -> seconds <= 7_000, seconds -> seconds * 2)
          .mapToObj(seconds -> Duration.ofNanos((long) (seconds * 1e9)))
          .toArray(Duration[]::new);

  private ProjectorMeters() {}

  /** Counts what {@code event} shows, given its thread's summary before it, at {@code now}. */
  static void observe(ThreadSummary before, ThreadEvent event, Instant now) {
    Instant at = event.getTimestamp();
    if (at.isBefore(now.minus(RECENT))) {
      return;
    }
    switch (event.getPayload()) {
      case TurnCompleted completed when before != null && before.getTurnStartedAt() != null ->
          Timer.builder("threadline.turns")
              .tag("reason", completed.getReason())
              .serviceLevelObjectives(TURN_BUCKETS)
              .register(Metrics.globalRegistry)
              .record(
                  Duration.ofMillis(Math.max(0, at.toEpochMilli() - before.getTurnStartedAt())));
      case BudgetReached reached ->
          Counter.builder("threadline.budget.reached")
              .tag("budget", reached.getBudget())
              .register(Metrics.globalRegistry)
              .increment();
      default -> {}
    }
  }
}
