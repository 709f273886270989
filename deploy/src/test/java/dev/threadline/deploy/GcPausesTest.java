package dev.threadline.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** The run's garbage collections are each process's counts after less those before. */
class GcPausesTest {
  @Test
  void theRunsCollectionsAreTheDifferenceForEveryProcessReadBothTimes() {
    GcPauses before =
        new GcPauses(
            Map.of(
                "step-processor", new GcPauses.Collections(10, 80),
                "kafka", new GcPauses.Collections(4, 40)));
    GcPauses after =
        new GcPauses(
            new java.util.LinkedHashMap<>(
                Map.of(
                    "step-processor", new GcPauses.Collections(13, 107),
                    "tool-executor", new GcPauses.Collections(2, 50))));
    GcPauses run = after.minus(before);
    assertThat(run.byProcess())
        .as("a process not read before the run has no figure")
        .containsOnlyKeys("step-processor");
    assertThat(run.describe())
        .isEqualTo("garbage collections during the run, count (ms in all): step-processor 3 (27)");
  }
}
