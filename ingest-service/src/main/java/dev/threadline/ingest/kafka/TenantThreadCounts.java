package dev.threadline.ingest.kafka;

import dev.threadline.avro.TenantThreads;
import dev.threadline.keys.TenantPartitionKeys;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.function.BiFunction;
import java.util.function.ToLongFunction;

/**
 * Each tenant's running and stored threads, from {@code tenant-thread-counts} ({@code
 * tenant/partition} → its counts, as the projector keeps them): the door's view for {@code
 * threadline.limits.threads.per.tenant} and {@code threadline.limits.threads.stored.per.tenant}.
 * The counts trail the event log by the projector's commit interval, so the quotas are soft ones: a
 * burst of creations can pass them by what is in flight.
 */
final class TenantThreadCounts {
  private final ConcurrentSkipListMap<String, TenantThreads> byKey = new ConcurrentSkipListMap<>();

  /** Applies a record of the topic ({@code value} null: a tombstone). */
  void apply(String key, byte[] value, BiFunction<String, byte[], TenantThreads> decode) {
    if (value == null) {
      byKey.remove(key);
    } else {
      byKey.put(key, decode.apply(key, value));
    }
  }

  /** The tenant's running threads, summed over its partitions. */
  long running(String tenant) {
    return sum(tenant, TenantThreads::getRunning);
  }

  /** The tenant's threads not deleted, whatever their status, summed over its partitions. */
  long stored(String tenant) {
    return sum(tenant, TenantThreads::getStored);
  }

  /** The bytes of the events of the tenant's stored threads, summed over its partitions. */
  long storedBytes(String tenant) {
    return sum(tenant, TenantThreads::getStoredBytes);
  }

  private long sum(String tenant, ToLongFunction<TenantThreads> count) {
    return byKey
        .subMap(TenantPartitionKeys.first(tenant), TenantPartitionKeys.after(tenant))
        .values()
        .stream()
        .mapToLong(count)
        .sum();
  }
}
