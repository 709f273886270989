package dev.threadline.step;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.TreeSet;

/**
 * When the outstanding requests of one task's threads time out, oldest first. Kept in memory, not
 * in a store: a thread's deadline is part of its state (the pending call), so the index is derived
 * data. {@link ThreadStores} rebuilds it from {@code thread-state} every time the task is
 * initialized — after restoring, after a crash or an aborted transaction (Streams then restores and
 * initializes the task again), after a rebalance — and nothing of it goes to a changelog (a logged
 * index cost 4 of the ~24 records of every step). Holds one entry per thread with a request in
 * flight, not per thread.
 */
final class DeadlineIndex {
  /** A request that is due. */
  record Due(String threadId, String requestId) {}

  /** An entry, ordered by deadline (then thread and request, to tell entries apart). */
  private record Entry(long at, String threadId, String requestId) {}

  private static final Comparator<Entry> BY_TIME =
      Comparator.comparingLong(Entry::at)
          .thenComparing(Entry::threadId)
          .thenComparing(Entry::requestId);

  // Ordered by value, not by a formatted string key: set and clear run twice per step.
  private final TreeSet<Entry> byTime = new TreeSet<>(BY_TIME);

  void set(String threadId, String requestId, Instant deadline) {
    byTime.add(new Entry(deadline.toEpochMilli(), threadId, requestId));
  }

  void clear(String threadId, String requestId, Instant deadline) {
    byTime.remove(new Entry(deadline.toEpochMilli(), threadId, requestId));
  }

  /** Removes and returns up to {@code limit} entries due at {@code now}, oldest first. */
  List<Due> takeDue(Instant now, int limit) {
    long until = now.toEpochMilli();
    List<Due> due = new ArrayList<>();
    while (due.size() < limit && !byTime.isEmpty() && byTime.first().at() <= until) {
      Entry first = byTime.pollFirst();
      due.add(new Due(first.threadId(), first.requestId()));
    }
    return due;
  }

  int size() {
    return byTime.size();
  }
}
