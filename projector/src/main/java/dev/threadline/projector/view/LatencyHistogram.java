package dev.threadline.projector.view;

import java.util.Map;
import java.util.TreeMap;

/**
 * Durations in log-scaled buckets, 20% wide: bucket 0 holds 0 ms, bucket {@code i > 0} holds {@code
 * (1.2^(i-1), 1.2^i]} ms. Buckets add, so per-minute histograms from any number of partitions and
 * instances merge exactly; a percentile is reported as its bucket's upper bound (at most 20% above
 * the true value).
 */
public final class LatencyHistogram {
  private static final double BASE = 1.2;
  private static final int MAX_BUCKET = 120; // 1.2^120 ms is years: every real duration fits

  private LatencyHistogram() {}

  public static int bucketOf(long millis) {
    if (millis <= 0) {
      return 0;
    }
    int bucket = (int) Math.ceil(Math.log(millis) / Math.log(BASE) - 1e-9);
    return Math.min(Math.max(bucket, 1), MAX_BUCKET);
  }

  /** The largest duration in {@code bucket}, in whole milliseconds. */
  public static long upperBound(int bucket) {
    return bucket == 0 ? 0 : (long) Math.floor(Math.pow(BASE, bucket) + 1e-9);
  }

  /** Adds {@code counts} into {@code into} (bucket index as a string, as Avro maps keep it). */
  public static void merge(Map<String, Long> into, Map<String, Long> counts) {
    counts.forEach((bucket, n) -> into.merge(bucket, n, Long::sum));
  }

  /** The {@code quantile} (0..1) of a histogram in whole milliseconds; 0 for an empty one. */
  public static long percentile(Map<String, Long> counts, double quantile) {
    TreeMap<Integer, Long> ordered = new TreeMap<>();
    counts.forEach((bucket, n) -> ordered.merge(Integer.parseInt(bucket), n, Long::sum));
    long total = ordered.values().stream().mapToLong(Long::longValue).sum();
    if (total == 0) {
      return 0;
    }
    long rank = Math.max(1, (long) Math.ceil(quantile * total));
    long seen = 0;
    for (var entry : ordered.entrySet()) {
      seen += entry.getValue();
      if (seen >= rank) {
        return upperBound(entry.getKey());
      }
    }
    return upperBound(ordered.lastKey());
  }
}
