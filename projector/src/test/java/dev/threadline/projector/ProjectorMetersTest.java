package dev.threadline.projector;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.avro.BudgetReached;
import dev.threadline.avro.ThreadEvent;
import dev.threadline.avro.TurnCompleted;
import dev.threadline.avro.store.ThreadSummary;
import dev.threadline.testkit.GlobalPrometheus;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A turn's duration (event time, from its TurnStarted to its TurnCompleted) is a bucketed histogram
 * by how it ended, and a budget that holds a call is counted by the budget: both as they happen — a
 * projector rebuilding old events does not count them again.
 */
class ProjectorMetersTest {
  private static final Instant NOW = Instant.parse("2026-12-07T12:00:00Z");
  @RegisterExtension final GlobalPrometheus prometheus = new GlobalPrometheus();

  private static ThreadEvent event(Object payload, Instant at) {
    return ThreadEvent.newBuilder()
        .setThreadId("t")
        .setTenantId("acme")
        .setSeq(9)
        .setTurn(1)
        .setStep(1)
        .setEpoch(1)
        .setTimestamp(at)
        .setPayload(payload)
        .build();
  }

  private static ThreadSummary turnSince(Instant started) {
    ThreadSummary summary = new ThreadSummary();
    summary.setTurnStartedAt(started.toEpochMilli());
    return summary;
  }

  @Test
  void aTurnsDurationIsCountedInItsBucketByHowItEnded() {
    Instant end = NOW.minusSeconds(1);
    ProjectorMeters.observe(
        turnSince(end.minusMillis(1_500)),
        event(new TurnCompleted("stop_on_response", 2), end),
        NOW);

    assertThat(prometheus.scrape())
        .containsPattern(
            "threadline_turns_seconds_bucket\\{[^}]*reason=\"stop_on_response\"[^}]*le=\"1\\.28\"[^}]*} 0")
        .containsPattern(
            "threadline_turns_seconds_bucket\\{[^}]*reason=\"stop_on_response\"[^}]*le=\"2\\.56\"[^}]*} 1");
  }

  @Test
  void aBudgetHoldingACallIsCountedByTheBudget() {
    ProjectorMeters.observe(
        null,
        event(
            new BudgetReached(
                "r1", "threadline.budget.model.calls.per.thread.per.hour", 10L, 10L, NOW),
            NOW),
        NOW);

    assertThat(prometheus.scrape())
        .contains(
            "threadline_budget_reached_total{budget=\"threadline.budget.model.calls.per.thread.per.hour\"");
  }

  @Test
  void eventsFromLongAgoAreNotCountedAgainWhenTheProjectorRebuilds() {
    Instant longAgo = NOW.minus(Duration.ofHours(2));
    ProjectorMeters.observe(
        turnSince(longAgo.minusSeconds(3)),
        event(new TurnCompleted("ended_long_ago", 2), longAgo),
        NOW);

    assertThat(prometheus.scrape()).doesNotContain("ended_long_ago");
  }
}
