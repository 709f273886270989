package dev.threadline.deploy;

import java.util.Arrays;
import java.util.List;

/** Exact percentiles of a sample (sorted copy). */
record Percentiles(long p50, long p90, long p99, long max, int count) {
  static Percentiles of(List<Long> sample) {
    long[] sorted = sample.stream().mapToLong(Long::longValue).toArray();
    Arrays.sort(sorted);
    if (sorted.length == 0) {
      return new Percentiles(0, 0, 0, 0, 0);
    }
    return new Percentiles(
        at(sorted, 0.50),
        at(sorted, 0.90),
        at(sorted, 0.99),
        sorted[sorted.length - 1],
        sorted.length);
  }

  private static long at(long[] sorted, double q) {
    return sorted[(int) Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  }
}
