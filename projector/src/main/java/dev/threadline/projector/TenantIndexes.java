package dev.threadline.projector;

import dev.threadline.avro.store.ThreadSummary;
import dev.threadline.projector.view.TenantIndex;
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
