package dev.threadline.topics;

import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * Keeps a global store in step with its compacted topic, reading the raw bytes itself so that no
 * record can stop the global thread: a tombstone deletes, a record is decoded ({@link
 * PatientDecoder}: a registry outage is waited out) and stored, and one that cannot be decoded is
 * handed to {@link #skip} — the key keeps what it had.
 *
 * @param <T> what the topic's records hold
 * @param <V> what the store keeps of one
 */
public abstract class GlobalStoreLoader<T, V> implements Processor<String, byte[], Void, Void> {
  private final PatientDecoder<T> decoder;
  private final String storeName;
  protected ProcessorContext<Void, Void> context;
  private KeyValueStore<String, V> store;

  protected GlobalStoreLoader(Deserializer<T> deserializer, String storeName) {
    this.decoder = new PatientDecoder<>(deserializer);
    this.storeName = storeName;
  }

  @Override
  public void init(ProcessorContext<Void, Void> context) {
    this.context = context;
    this.store = context.getStateStore(storeName);
  }

  @Override
  public void process(Record<String, byte[]> record) {
    if (record.key() == null) {
      return;
    }
    if (record.value() == null) {
      store.delete(record.key());
      return;
    }
    T decoded;
    try {
      decoded =
          decoder.decode(context.recordMetadata().map(m -> m.topic()).orElse(""), record.value());
    } catch (RuntimeException e) {
      skip(record, e);
      return;
    }
    store.put(record.key(), stored(decoded));
  }

  /** What the store keeps of a decoded record. */
  protected abstract V stored(T decoded);

  /** A record that cannot be decoded: say so (it is not stored). */
  protected abstract void skip(Record<String, byte[]> record, RuntimeException failure);
}
