package dev.threadline.step;

import dev.threadline.avro.store.QueuedItem;
import dev.threadline.avro.store.ThreadStateValue;
import dev.threadline.step.core.Queued;
import dev.threadline.step.mapping.StateMapping;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * The thread-queue store: each queued item of a thread under {@code threadId|seq}, their order in
 * the thread-state value. Queued work is the part of a thread a tenant can make large (a thousand
 * messages of the largest size), and the state value is written as one Kafka record at every step,
 * so the queue lives beside it, one record per item.
 *
 * <p>Remembers which objects the last load gave out: the machine passes on the items it leaves
 * alone as they are, so a save writes only the items that are new (or changed, which are new
 * objects) and deletes those that left. Anything else it is handed is simply written anew.
 */
final class QueueStore {
  private final KeyValueStore<String, QueuedItem> items;
  private final Map<Queued, Long> loaded = new IdentityHashMap<>();
  private String loadedThread;
  private long nextSeq;

  QueueStore(KeyValueStore<String, QueuedItem> items) {
    this.items = items;
  }

  /** The queue of the thread whose state is {@code value} (null: none yet), in order. */
  List<Queued> load(String threadId, ThreadStateValue value) {
    forget(threadId);
    if (value == null) {
      return List.of();
    }
    nextSeq = value.getNextQueueSeq();
    List<Queued> queue = new ArrayList<>(StateMapping.legacyQueue(value));
    for (long seq : value.getQueued()) {
      QueuedItem item = items.get(Keys.queued(threadId, seq));
      if (item == null) {
        throw new IllegalStateException(
            "thread " + threadId + " names queued item " + seq + ", which is not stored");
      }
      Queued core = StateMapping.queued(item);
      loaded.put(core, seq);
      queue.add(core);
    }
    return queue;
  }

  /**
   * Stores {@code queue} for the thread of {@code value} and records its order there: items loaded
   * and kept stay where they are, new ones are put, those no longer queued are deleted.
   */
  void save(String threadId, List<Queued> queue, ThreadStateValue value) {
    if (!threadId.equals(loadedThread)) {
      forget(threadId); // a thread created by this decision: nothing stored yet
    }
    List<Long> order = new ArrayList<>(queue.size());
    Set<Long> kept = new HashSet<>();
    for (Queued item : queue) {
      Long seq = loaded.get(item);
      if (seq == null || !kept.add(seq)) {
        seq = nextSeq++;
        kept.add(seq);
        items.put(Keys.queued(threadId, seq), StateMapping.queued(item));
      }
      order.add(seq);
    }
    for (long seq : loaded.values()) {
      if (!kept.contains(seq)) {
        items.delete(Keys.queued(threadId, seq));
      }
    }
    value.setQueued(order);
    value.setNextQueueSeq(nextSeq);
    loaded.clear();
    for (int i = 0; i < queue.size(); i++) {
      loaded.put(queue.get(i), order.get(i));
    }
  }

  private void forget(String threadId) {
    loaded.clear();
    loadedThread = threadId;
    nextSeq = 1;
  }
}
