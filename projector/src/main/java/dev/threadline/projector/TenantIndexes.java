package dev.threadline.projector;

import dev.threadline.avro.ThreadStatus;
import dev.threadline.avro.store.ThreadSummary;
import dev.threadline.projector.view.TenantIndex;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * Keeps the per-tenant indexes ({@link TenantIndex}) in step with the summaries: each summary
 * written moves its thread's list entry and tags, adds what it grew to its tenant's bytes and, when
 * its status changes, moves the tenant's counts. The thread list, the tags and the bytes have no
 * changelog, so {@link #rebuild} makes them what the summaries say as each task starts.
 */
record TenantIndexes(
    KeyValueStore<String, ThreadSummary> summaries,
    KeyValueStore<String, String> threads,
    KeyValueStore<String, String> tags,
    KeyValueStore<String, Long> counts,
    KeyValueStore<String, Long> bytes) {
  void update(ThreadSummary before, ThreadSummary after) {
    if (before != null) {
      threads.delete(TenantIndex.threadKey(before));
      TenantIndex.tagKeys(before).forEach(tags::delete);
    }
    String value = TenantIndex.threadValue(after);
    threads.put(TenantIndex.threadKey(after), value);
    TenantIndex.tagKeys(after).forEach(key -> tags.put(key, value));
    add(bytes, after.getTenantId(), after.getBytes() - (before == null ? 0 : before.getBytes()));
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
    TenantIndex.tagKeys(before).forEach(tags::delete);
    add(TenantIndex.countKey(before.getTenantId(), before.getStatus().name()), -1);
    add(bytes, before.getTenantId(), -before.getBytes());
  }

  /** The bytes of the tenant's threads' events in {@code bytes}, the task's partition. */
  static long storedBytes(KeyValueStore<String, Long> bytes, String tenant) {
    Long held = bytes.get(tenant);
    return held == null ? 0 : held;
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

  /** The tenant's threads in {@code counts}, whatever their status: every one not deleted. */
  static long stored(KeyValueStore<String, Long> counts, String tenant) {
    long stored = 0;
    for (ThreadStatus status : ThreadStatus.values()) {
      Long n = counts.get(TenantIndex.countKey(tenant, status.name()));
      stored += n == null ? 0 : n;
    }
    return stored;
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

  /**
   * Makes the thread list what the summaries say. What the task finds on disk may be empty (its
   * state restored on another instance, or wiped after a crash) or older than the summaries
   * restored over it (a task back on an instance that had it before): entries of threads that moved
   * on or went are deleted, missing ones put; on a list already right this only reads. The counts
   * have a changelog and are rebuilt only if they are missing altogether (stores of a projector
   * that ran before they existed).
   */
  Rebuilt rebuild() {
    int deleted = 0;
    // Deleted as they are met (a store's iterators are safe from concurrent modification), so a
    // list entirely out of date is never held in memory.
    try (var all = threads.all()) {
      while (all.hasNext()) {
        var entry = all.next();
        ThreadSummary summary = summaries.get(TenantIndex.threadIdOf(entry.key));
        if (summary == null
            || !TenantIndex.threadKey(summary).equals(entry.key)
            || !TenantIndex.threadValue(summary).equals(entry.value)) {
          threads.delete(entry.key);
          deleted++;
        }
      }
    }
    deleted += deleteStaleTags();
    boolean countsMissing;
    try (var anyCount = counts.all()) {
      countsMissing = !anyCount.hasNext();
    }
    int listed = 0;
    int put = 0;
    Map<String, Long> bytesByTenant = new HashMap<>();
    try (var all = summaries.all()) {
      while (all.hasNext()) {
        ThreadSummary summary = all.next().value;
        listed++;
        String key = TenantIndex.threadKey(summary);
        String value = TenantIndex.threadValue(summary);
        if (!value.equals(threads.get(key))) {
          threads.put(key, value);
          put++;
        }
        for (String tag : TenantIndex.tagKeys(summary)) {
          if (!value.equals(tags.get(tag))) {
            tags.put(tag, value);
          }
        }
        if (countsMissing) {
          add(TenantIndex.countKey(summary.getTenantId(), summary.getStatus().name()), 1);
        }
        bytesByTenant.merge(summary.getTenantId(), summary.getBytes(), Long::sum);
      }
    }
    rebuildBytes(bytesByTenant);
    return new Rebuilt(listed, deleted, put);
  }

  /** Deletes the tags of threads that went or moved on since they were written; how many. */
  private int deleteStaleTags() {
    int deleted = 0;
    try (var all = tags.all()) {
      while (all.hasNext()) {
        var entry = all.next();
        ThreadSummary summary = summaries.get(TenantIndex.threadIdOf(entry.key));
        if (summary == null
            || !TenantIndex.tagKeys(summary).contains(entry.key)
            || !TenantIndex.threadValue(summary).equals(entry.value)) {
          tags.delete(entry.key);
          deleted++;
        }
      }
    }
    return deleted;
  }

  /** What {@link #rebuild} did: threads listed, stale entries it deleted, entries it put. */
  record Rebuilt(int threads, int deleted, int put) {}

  /** Makes the bytes store hold exactly {@code bytesByTenant}, whatever it held before. */
  private void rebuildBytes(Map<String, Long> bytesByTenant) {
    List<String> gone = new ArrayList<>();
    try (var all = bytes.all()) {
      all.forEachRemaining(
          entry -> {
            if (!bytesByTenant.containsKey(entry.key)) {
              gone.add(entry.key);
            }
          });
    }
    gone.forEach(bytes::delete);
    bytesByTenant.forEach(
        (tenant, held) -> {
          if (held > 0) {
            bytes.put(tenant, held);
          } else {
            bytes.delete(tenant);
          }
        });
  }

  private void add(String key, long delta) {
    add(counts, key, delta);
  }

  private static void add(KeyValueStore<String, Long> store, String key, long delta) {
    if (delta == 0) {
      return;
    }
    Long now = store.get(key);
    long next = (now == null ? 0 : now) + delta;
    if (next <= 0) {
      store.delete(key);
    } else {
      store.put(key, next);
    }
  }
}
