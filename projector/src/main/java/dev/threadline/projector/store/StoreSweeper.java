package dev.threadline.projector.store;

import dev.threadline.avro.StoreItem;
import java.time.Duration;
import java.time.Instant;
import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * Deletes the store items whose time to live ran out: once a minute it reads on through the global
 * store of items from where it stopped, at most {@link #PER_ROUND} of them, and writes a tombstone
 * to {@code store-items} for each expired one, so every copy of the store loses it. Only the task
 * of the events' partition 0 sweeps (each projector instance holds every item), and an expired item
 * reads as gone before its tombstone is written ({@link StoreReads}).
 */
public final class StoreSweeper implements Processor<String, Object, String, StoreItem> {
  static final Duration EVERY = Duration.ofMinutes(1);

  /** The most items one round reads: a full store is swept over several minutes. */
  static final int PER_ROUND = 50_000;

  private final String storeName;
  private ProcessorContext<String, StoreItem> context;
  private KeyValueStore<String, StoreItem> items;
  private String from;

  public StoreSweeper(String storeName) {
    this.storeName = storeName;
  }

  @Override
  public void init(ProcessorContext<String, StoreItem> context) {
    if (context.taskId().partition() != 0) {
      return;
    }
    this.context = context;
    this.items = context.getStateStore(storeName);
    context.schedule(
        EVERY, PunctuationType.WALL_CLOCK_TIME, now -> sweep(Instant.ofEpochMilli(now)));
  }

  @Override
  public void process(Record<String, Object> record) {
    // The events this node is fed only give it a task; the sweep runs on the clock.
  }

  /** One round: from where the last stopped, to the end of the store or {@link #PER_ROUND}. */
  void sweep(Instant now) {
    int read = 0;
    try (KeyValueIterator<String, StoreItem> all =
        from == null ? items.all() : items.range(from, null)) {
      while (all.hasNext() && read < PER_ROUND) {
        var entry = all.next();
        read++;
        from = entry.key + '\u0000';
        Long expires =
            entry.value.getExpiresAt() == null ? null : entry.value.getExpiresAt().toEpochMilli();
        if (expires != null && expires <= now.toEpochMilli()) {
          context.forward(new Record<>(entry.key, null, now.toEpochMilli()));
        }
      }
      if (!all.hasNext()) {
        from = null; // the next round starts over
      }
    }
  }
}
