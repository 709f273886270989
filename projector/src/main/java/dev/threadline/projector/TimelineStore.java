package dev.threadline.projector;

import dev.threadline.avro.ThreadEvent;
import dev.threadline.serde.SchemaRegistryException;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.StreamsMetrics;
import org.apache.kafka.streams.processor.BatchingStateRestoreCallback;
import org.apache.kafka.streams.processor.CommitCallback;
import org.apache.kafka.streams.processor.StateRestoreCallback;
import org.apache.kafka.streams.processor.StateStore;
import org.apache.kafka.streams.processor.StateStoreContext;
import org.apache.kafka.streams.processor.TaskId;
import org.apache.kafka.streams.processor.api.RecordMetadata;
import org.apache.kafka.streams.query.Position;
import org.apache.kafka.streams.query.PositionBound;
import org.apache.kafka.streams.query.Query;
import org.apache.kafka.streams.query.QueryConfig;
import org.apache.kafka.streams.query.QueryResult;
import org.apache.kafka.streams.state.KeyValueBytesStoreSupplier;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.Stores;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The timeline store: RocksDB, kept without a changelog of its own. It is a read-only state store
 * of {@code thread-events} ({@link org.apache.kafka.streams.Topology#addReadOnlyStateStore}), so
 * Kafka Streams restores it from the event log itself — the log already holds every byte the
 * timeline does, and a changelog copy doubled the records the projector wrote per event.
 *
 * <p>The store's key is not the log's key, though: the log is keyed by thread id, the timeline by
 * {@link ProjectorStores#timelineKey thread id NUL seq}. Streams hands restored log records to the
 * store as they are, so this store takes over the restore callback of the RocksDB store it wraps
 * and files each restored event under its timeline key (events outside any thread's log, seq 0, and
 * undecodable records are skipped, as the live path never stores them). Everything else is the
 * wrapped RocksDB store.
 */
final class TimelineStore {
  private static final Logger log = LoggerFactory.getLogger(TimelineStore.class);

  private TimelineStore() {}

  /**
   * RocksDB stores named {@code name} that restore from the records of {@code topic}, decoded with
   * {@code events}.
   */
  static KeyValueBytesStoreSupplier supplier(
      String name, String topic, Deserializer<ThreadEvent> events) {
    KeyValueBytesStoreSupplier rocks = Stores.persistentKeyValueStore(name);
    return new KeyValueBytesStoreSupplier() {
      @Override
      public String name() {
        return rocks.name();
      }

      @Override
      public KeyValueStore<Bytes, byte[]> get() {
        return new Rekeying(rocks.get(), topic, events);
      }

      @Override
      public String metricsScope() {
        return rocks.metricsScope();
      }
    };
  }

  /**
   * The timeline entry of one log record of {@code thread-events}, or null when the timeline keeps
   * nothing for it.
   */
  static KeyValue<Bytes, byte[]> entryOf(
      byte[] logKey, byte[] logValue, Deserializer<ThreadEvent> events, String topic) {
    if (logValue == null) {
      return null;
    }
    ThreadEvent event;
    try {
      event = events.deserialize(topic, logValue);
    } catch (RuntimeException e) {
      if (SchemaRegistryException.isOutage(e)) {
        // Skipping would checkpoint past an event that is fine: fail the restore, and try again.
        throw e;
      }
      log.warn(
          "restoring the timeline: skipping an undecodable event of thread {}: {}",
          logKey == null ? null : new String(logKey, StandardCharsets.UTF_8),
          e.toString());
      return null;
    }
    if (event.getSeq() <= 0) {
      return null;
    }
    String key = ProjectorStores.timelineKey(event.getThreadId(), event.getSeq());
    return KeyValue.pair(Bytes.wrap(key.getBytes(StandardCharsets.UTF_8)), logValue);
  }

  /** A RocksDB store whose restore files log records under their timeline keys. */
  private static final class Rekeying implements KeyValueStore<Bytes, byte[]> {
    private final KeyValueStore<Bytes, byte[]> inner;
    private final String topic;
    private final Deserializer<ThreadEvent> events;

    Rekeying(KeyValueStore<Bytes, byte[]> inner, String topic, Deserializer<ThreadEvent> events) {
      this.inner = inner;
      this.topic = topic;
      this.events = events;
    }

    @Override
    public void init(StateStoreContext context, StateStore root) {
      Registration captured = new Registration();
      inner.init(new CapturingContext(context, captured), root);
      if (captured.commitCallback == null) {
        throw new IllegalStateException("the RocksDB store " + name() + " did not register itself");
      }
      // Streams hands this callback the records of the source topic partition (the log), in order.
      BatchingStateRestoreCallback restore =
          new BatchingStateRestoreCallback() {
            @Override
            public void restoreAll(Collection<KeyValue<byte[], byte[]>> records) {
              List<KeyValue<Bytes, byte[]>> entries = new ArrayList<>(records.size());
              for (KeyValue<byte[], byte[]> record : records) {
                KeyValue<Bytes, byte[]> entry = entryOf(record.key, record.value, events, topic);
                if (entry != null) {
                  entries.add(entry);
                }
              }
              inner.putAll(entries);
            }

            @Override
            public void restore(byte[] key, byte[] value) {
              restoreAll(List.of(KeyValue.pair(key, value)));
            }
          };
      context.register(root, restore, captured.commitCallback);
    }

    @Override
    public String name() {
      return inner.name();
    }

    @Override
    public void put(Bytes key, byte[] value) {
      inner.put(key, value);
    }

    @Override
    public byte[] putIfAbsent(Bytes key, byte[] value) {
      return inner.putIfAbsent(key, value);
    }

    @Override
    public void putAll(List<KeyValue<Bytes, byte[]>> entries) {
      inner.putAll(entries);
    }

    @Override
    public byte[] delete(Bytes key) {
      return inner.delete(key);
    }

    @Override
    public byte[] get(Bytes key) {
      return inner.get(key);
    }

    @Override
    public KeyValueIterator<Bytes, byte[]> range(Bytes from, Bytes to) {
      return inner.range(from, to);
    }

    @Override
    public KeyValueIterator<Bytes, byte[]> reverseRange(Bytes from, Bytes to) {
      return inner.reverseRange(from, to);
    }

    @Override
    public KeyValueIterator<Bytes, byte[]> all() {
      return inner.all();
    }

    @Override
    public KeyValueIterator<Bytes, byte[]> reverseAll() {
      return inner.reverseAll();
    }

    @Override
    public <PS extends org.apache.kafka.common.serialization.Serializer<P>, P>
        KeyValueIterator<Bytes, byte[]> prefixScan(P prefix, PS prefixKeySerializer) {
      return inner.prefixScan(prefix, prefixKeySerializer);
    }

    @Override
    public long approximateNumEntries() {
      return inner.approximateNumEntries();
    }

    @Override
    @SuppressWarnings("deprecation")
    public void flush() {
      inner.flush();
    }

    @Override
    public void commit(Map<TopicPartition, Long> changelogOffsets) {
      inner.commit(changelogOffsets);
    }

    @Override
    public Long committedOffset(TopicPartition partition) {
      return inner.committedOffset(partition);
    }

    @Override
    @SuppressWarnings("deprecation") // delegated: RocksDB stores keep their offsets themselves
    public boolean managesOffsets() {
      return inner.managesOffsets();
    }

    @Override
    public void close() {
      inner.close();
    }

    @Override
    public boolean persistent() {
      return inner.persistent();
    }

    @Override
    public boolean isOpen() {
      return inner.isOpen();
    }

    @Override
    public <R> QueryResult<R> query(Query<R> query, PositionBound bound, QueryConfig config) {
      return inner.query(query, bound, config);
    }

    @Override
    public Position getPosition() {
      return inner.getPosition();
    }
  }

  /** What the wrapped store registered: its commit callback (its restore callback is replaced). */
  private static final class Registration {
    CommitCallback commitCallback;
  }

  /** The task's context, except that a store's registration is captured instead of made. */
  private record CapturingContext(StateStoreContext context, Registration registration)
      implements StateStoreContext {
    @Override
    public void register(StateStore store, StateRestoreCallback callback) {
      register(store, callback, () -> {});
    }

    @Override
    public void register(StateStore store, StateRestoreCallback callback, CommitCallback commit) {
      registration.commitCallback = commit;
    }

    @Override
    public String applicationId() {
      return context.applicationId();
    }

    @Override
    public TaskId taskId() {
      return context.taskId();
    }

    @Override
    public Optional<RecordMetadata> recordMetadata() {
      return context.recordMetadata();
    }

    @Override
    public Serde<?> keySerde() {
      return context.keySerde();
    }

    @Override
    public Serde<?> valueSerde() {
      return context.valueSerde();
    }

    @Override
    public File stateDir() {
      return context.stateDir();
    }

    @Override
    public StreamsMetrics metrics() {
      return context.metrics();
    }

    @Override
    public Map<String, Object> appConfigs() {
      return context.appConfigs();
    }

    @Override
    public Map<String, Object> appConfigsWithPrefix(String prefix) {
      return context.appConfigsWithPrefix(prefix);
    }
  }
}
