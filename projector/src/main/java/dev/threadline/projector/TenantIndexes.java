package dev.threadline.projector;

import dev.threadline.avro.ThreadStatus;
import dev.threadline.avro.store.ThreadSummary;
import dev.threadline.projector.view.TenantIndex;
import java.util.List;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * Keeps the per-tenant indexes ({@link TenantIndex}) in step with the summaries: each summary
 * written moves its thread's list entry and, when its status changes, the tenant's counts. Stores
 * of a projector that ran before the indexes existed are indexed once, from the summaries, before
 * the first event is applied.
 */
final class TenantIndexes {
  private final KeyValueStore<String, ThreadSummary> summaries;
  private final KeyValueStore<String, String> threads;
  private final KeyValueStore<String, Long> counts;
  private boolean checked;

  /** Tenants whose live threads in this partition changed since {@link #takeChanged}. */
  private final java.util.Set<String> changed = new java.util.TreeSet<>();

  TenantIndexes(
      KeyValueStore<String, ThreadSummary> summaries,
      KeyValueStore<String, String> threads,
      KeyValueStore<String, Long> counts) {
    this.summaries = summaries;
    this.threads = threads;
    this.counts = counts;
  }

  void update(ThreadSummary before, ThreadSummary after) {
    if (before != null) {
      threads.delete(TenantIndex.threadKey(before));
    }
    threads.put(TenantIndex.threadKey(after), TenantIndex.threadValue(after));
    if (before == null || before.getStatus() != after.getStatus()) {
      if (before != null) {
        add(TenantIndex.countKey(before.getTenantId(), before.getStatus().name()), -1);
      }
      add(TenantIndex.countKey(after.getTenantId(), after.getStatus().name()), 1);
    }
  }

  /** A deleted thread leaves its tenant's index and counts. */
  void remove(ThreadSummary before) {
    threads.delete(TenantIndex.threadKey(before));
    add(TenantIndex.countKey(before.getTenantId(), before.getStatus().name()), -1);
  }

  /** The tenant's threads in {@code counts} that have not completed, failed or been terminated. */
  static long live(KeyValueStore<String, Long> counts, String tenant) {
    long live = 0;
    for (ThreadStatus status : ThreadStatus.values()) {
      if (live(status)) {
        Long n = counts.get(TenantIndex.countKey(tenant, status.name()));
        live += n == null ? 0 : n;
      }
    }
    return live;
  }

  /** The tenant's threads in {@code counts} that are running (RUNNING or AWAITING_APPROVAL). */
  static long running(KeyValueStore<String, Long> counts, String tenant) {
    long running = 0;
    for (ThreadStatus status : List.of(ThreadStatus.RUNNING, ThreadStatus.AWAITING_APPROVAL)) {
      Long n = counts.get(TenantIndex.countKey(tenant, status.name()));
      running += n == null ? 0 : n;
    }
    return running;
  }

  private static boolean live(ThreadStatus status) {
    return status != ThreadStatus.COMPLETED
        && status != ThreadStatus.FAILED
        && status != ThreadStatus.TERMINATED;
  }

  /** Indexes every summary once if the indexes are empty while summaries are not. */
  void buildIfMissing() {
    if (checked) {
      return;
    }
    checked = true;
    try (var anyIndexed = threads.all();
        var anySummary = summaries.all()) {
      if (anyIndexed.hasNext() || !anySummary.hasNext()) {
        return;
      }
    }
    try (var all = summaries.all()) {
      all.forEachRemaining(entry -> update(null, entry.value));
    }
  }

  private void add(String key, long delta) {
    Long now = counts.get(key);
    long next = (now == null ? 0 : now) + delta;
    if (next <= 0) {
      counts.delete(key);
    } else {
      counts.put(key, next);
    }
  }
}
