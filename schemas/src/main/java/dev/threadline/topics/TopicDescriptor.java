package dev.threadline.topics;

import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.streams.kstream.Consumed;
import org.apache.kafka.streams.kstream.Produced;

/**
 * One topic of the public contract: its name, how it is keyed and its key and value serdes. Built
 * once from configuration by {@link Topics}.
 */
public record TopicDescriptor<K, V>(
    String name, Serde<K> keySerde, Serde<V> valueSerde, TopicSpec spec) {

  /** Streams source with an explicit processor name ({@code <name>-source}). */
  public Consumed<K, V> consumed() {
    return Consumed.with(keySerde, valueSerde).withName(name + "-source");
  }

  /** {@code value} in this topic's wire format (registering its schema if need be). */
  public byte[] serialize(V value) {
    return valueSerde.serializer().serialize(name, value);
  }

  /** A value read from this topic. */
  public V deserialize(byte[] bytes) {
    return valueSerde.deserializer().deserialize(name, bytes);
  }

  /** Streams sink with an explicit processor name ({@code <name>-sink}). */
  public Produced<K, V> produced() {
    return Produced.with(keySerde, valueSerde).withName(name + "-sink");
  }
}
