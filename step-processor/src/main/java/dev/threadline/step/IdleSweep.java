package dev.threadline.step;

import dev.threadline.avro.store.ThreadStateValue;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * Walks a task's thread states a batch at a time, round and round, for the threads {@link
 * IdleExpiry} says have expired. A batch reads at most {@link #BATCH} values, so a sweep costs the
 * stream thread a few milliseconds however many threads the task holds; with the default interval a
 * task of a million threads is looked through every three hours. Where it stopped is kept in memory
 * only: a task that starts again starts from its first thread, which at worst looks at some threads
 * sooner than needed.
 */
final class IdleSweep {
  static final int BATCH = 1_000;

  /** A thread to delete, with its tenant (the deletion is the tenant's own). */
  record Expired(String threadId, String tenantId) {}

  private final IdleExpiry expiry;
  private final KeyValueStore<String, ThreadStateValue> states;
  private final Predicate<String> hasTimers;
  private String after;

  IdleSweep(
      IdleExpiry expiry,
      KeyValueStore<String, ThreadStateValue> states,
      Predicate<String> hasTimers) {
    this.expiry = expiry;
    this.states = states;
    this.hasTimers = hasTimers;
  }

  /**
   * The expired threads among the next batch. A value from before {@code lastActiveAt} was kept is
   * given {@code now}: such a thread's idle time is counted from when the sweep first met it, never
   * from its creation, so an upgrade deletes nothing that was in use.
   */
  List<Expired> next(Instant now) {
    List<Expired> expired = new ArrayList<>();
    List<KeyValue<String, ThreadStateValue>> unstamped = new ArrayList<>();
    int seen = 0;
    try (KeyValueIterator<String, ThreadStateValue> it = states.range(after, null)) {
      while (seen < BATCH && it.hasNext()) {
        KeyValue<String, ThreadStateValue> entry = it.next();
        if (entry.key.equals(after)) {
          continue; // the range starts at the last key of the previous batch
        }
        seen++;
        after = entry.key;
        ThreadStateValue value = entry.value;
        if (value.getLastActiveAt() == null && value.getDeletedAt() == null) {
          unstamped.add(entry);
        } else if (expiry.expired(value, hasTimers.test(entry.key), now)) {
          expired.add(new Expired(entry.key, value.getTenantId()));
        }
      }
    }
    if (seen < BATCH) {
      after = null; // round again from the first thread
    }
    for (KeyValue<String, ThreadStateValue> entry : unstamped) {
      entry.value.setLastActiveAt(now);
      states.put(entry.key, entry.value);
    }
    return expired;
  }
}
