package dev.threadline.step;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.testkit.GlobalPrometheus;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** A step's decision time is a bucketed histogram: Prometheus answers its p99, not only a mean. */
class StepMetersTest {
  @RegisterExtension final GlobalPrometheus prometheus = new GlobalPrometheus();

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
