package dev.threadline.ingest;

import dev.threadline.avro.TenantThreads;
import dev.threadline.keys.TenantPartitionKeys;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.function.BiFunction;

/**
 * Each tenant's running threads, from {@code tenant-thread-counts} ({@code tenant/partition} →
 * running, as the projector counts them): the door's view for {@code
 * threadline.limits.threads.per.tenant}. The counts trail the event log by the projector's commit
 * interval, so the quota is a soft one: a burst of creations can pass it by what is in flight.
 */
final class RunningThreadCounts {
  private final ConcurrentSkipListMap<String, Long> byKey = new ConcurrentSkipListMap<>();

  /** Applies a record of the topic ({@code value} null: a tombstone). */
  void apply(String key, byte[] value, BiFunction<String, byte[], TenantThreads> decode) {
    if (value == null) {
      byKey.remove(key);
    } else {
      byKey.put(key, decode.apply(key, value).getRunning());
    }
  }

  /** The tenant's running threads, summed over its partitions. */
  long of(String tenant) {
    return byKey
        .subMap(TenantPartitionKeys.first(tenant), TenantPartitionKeys.after(tenant))
        .values()
        .stream()
        .mapToLong(Long::longValue)
        .sum();
  }
}
