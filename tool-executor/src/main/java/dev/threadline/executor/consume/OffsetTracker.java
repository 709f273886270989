package dev.threadline.executor.consume;

import java.util.HashMap;
import java.util.Map;
import java.util.TreeSet;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;

/**
 * Which offsets may be committed while records of a partition complete out of order: the commit
 * position of a partition is its lowest offset still in flight (or one past the highest dispatched
 * when none is), so a crash never skips an unfinished record. Thread-safe.
 */
public final class OffsetTracker {
  private final Map<TopicPartition, TreeSet<Long>> inFlight = new HashMap<>();
  private final Map<TopicPartition, Long> nextAfterDispatched = new HashMap<>();
  private final Map<TopicPartition, Long> committed = new HashMap<>();

  public synchronized void dispatched(TopicPartition tp, long offset) {
    inFlight.computeIfAbsent(tp, k -> new TreeSet<>()).add(offset);
    nextAfterDispatched.merge(tp, offset + 1, Math::max);
  }

  public synchronized void completed(TopicPartition tp, long offset) {
    TreeSet<Long> offsets = inFlight.get(tp);
    if (offsets != null) {
      offsets.remove(offset);
    }
  }

  /** Positions that moved since the last call, ready for {@code commitSync/commitAsync}. */
  public synchronized Map<TopicPartition, OffsetAndMetadata> committable() {
    Map<TopicPartition, OffsetAndMetadata> result = new HashMap<>();
    nextAfterDispatched.forEach(
        (tp, next) -> {
          TreeSet<Long> offsets = inFlight.get(tp);
          long position = offsets == null || offsets.isEmpty() ? next : offsets.first();
          if (!Long.valueOf(position).equals(committed.get(tp))) {
            result.put(tp, new OffsetAndMetadata(position));
          }
        });
    return result;
  }

  public synchronized void markCommitted(Map<TopicPartition, OffsetAndMetadata> offsets) {
    offsets.forEach((tp, o) -> committed.put(tp, o.offset()));
  }

  /** Forgets revoked partitions: their unfinished records will be redelivered to the new owner. */
  public synchronized void forget(Iterable<TopicPartition> partitions) {
    for (TopicPartition tp : partitions) {
      inFlight.remove(tp);
      nextAfterDispatched.remove(tp);
      committed.remove(tp);
    }
  }

  public synchronized int inFlight() {
    return inFlight.values().stream().mapToInt(TreeSet::size).sum();
  }
}
