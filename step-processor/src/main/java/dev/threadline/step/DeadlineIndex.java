package dev.threadline.step;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

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

  private final TreeMap<String, Due> byTime = new TreeMap<>();

  void set(String threadId, String requestId, Instant deadline) {
    byTime.put(Keys.deadline(deadline, threadId, requestId), new Due(threadId, requestId));
  }

  void clear(String threadId, String requestId, Instant deadline) {
    byTime.remove(Keys.deadline(deadline, threadId, requestId));
  }

  /** Removes and returns up to {@code limit} entries due at {@code now}, oldest first. */
  List<Due> takeDue(Instant now, int limit) {
    List<Due> due = new ArrayList<>();
    Iterator<Map.Entry<String, Due>> it =
        byTime.headMap(Keys.deadlinesUntil(now), true).entrySet().iterator();
    while (it.hasNext() && due.size() < limit) {
      due.add(it.next().getValue());
      it.remove();
    }
    return due;
  }

  int size() {
    return byTime.size();
  }
}
