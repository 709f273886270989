package dev.threadline.projector.view;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LatencyHistogramTest {

  @Test
  void everyDurationFallsInABucketWhoseUpperBoundIsWithinTwentyPercent() {
    for (long ms : new long[] {1, 2, 3, 7, 10, 99, 100, 1_000, 12_345, 3_600_000}) {
      long upper = LatencyHistogram.upperBound(LatencyHistogram.bucketOf(ms));
      assertThat(upper)
          .as("%d ms", ms)
          .isGreaterThanOrEqualTo(ms)
          .isLessThanOrEqualTo((long) Math.ceil(ms * 1.2));
    }
    assertThat(LatencyHistogram.bucketOf(0)).isZero();
    assertThat(LatencyHistogram.bucketOf(-5)).isZero();
  }

  @Test
  void percentilesOfAKnownDistribution() {
    // given 90 calls of 10 ms and 10 calls of 1,000 ms
    Map<String, Long> histogram = new HashMap<>();
    histogram.put(String.valueOf(LatencyHistogram.bucketOf(10)), 90L);
    LatencyHistogram.merge(
        histogram, Map.of(String.valueOf(LatencyHistogram.bucketOf(1_000)), 10L));

    // then p50 is about 10 ms and p95 about 1 s
    assertThat(LatencyHistogram.percentile(histogram, 0.50)).isBetween(10L, 12L);
    assertThat(LatencyHistogram.percentile(histogram, 0.95)).isBetween(1_000L, 1_200L);
    assertThat(LatencyHistogram.percentile(Map.of(), 0.5)).isZero();
  }
}
