package dev.threadline.step;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.Metrics;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A step's decision time is a bucketed histogram: Prometheus answers its p99, not only a mean. */
class StepMetersTest {
  private final PrometheusMeterRegistry prometheus =
      new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);

  {
    Metrics.addRegistry(prometheus);
  }

  @AfterEach
  void remove() {
    Metrics.removeRegistry(prometheus);
  }

  @Test
  void aDecisionsTimeIsCountedInItsBucketByInputKind() {
    StepMeters.decided("SendMessage", 3_000_000);

    assertThat(prometheus.scrape())
        .containsPattern(
            "threadline_step_decisions_seconds_bucket\\{[^}]*input=\"SendMessage\"[^}]*"
                + "le=\"0\\.002\"[^}]*} 0")
        .containsPattern(
            "threadline_step_decisions_seconds_bucket\\{[^}]*input=\"SendMessage\"[^}]*"
                + "le=\"0\\.004\"[^}]*} 1");
  }
}
