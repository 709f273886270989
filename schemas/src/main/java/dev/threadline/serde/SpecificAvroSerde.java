package dev.threadline.serde;

import java.util.HashMap;
import java.util.Map;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serializer;

/**
 * A Kafka (Streams) {@link Serde} for generated Avro classes in Confluent's wire format: the
 * drop-in counterpart of {@code io.confluent.kafka.streams.serdes.avro.SpecificAvroSerde}. Forces
 * {@code specific.avro.reader=true}.
 */
public class SpecificAvroSerde<T extends SpecificRecord> implements Serde<T> {
  private final AvroSerializer<T> serializer;
  private final AvroDeserializer<T> deserializer;

  public SpecificAvroSerde() {
    this.serializer = new AvroSerializer<>();
    this.deserializer = new AvroDeserializer<>();
  }

  /** A serde that reads every record into {@code type}. */
  public SpecificAvroSerde(Class<T> type) {
    this();
    this.deserializer.forType(type);
  }

  /** Shares one registry client (and its caches) between both directions. */
  public SpecificAvroSerde(SchemaRegistryClient registry, Map<String, ?> configs, boolean isKey) {
    Map<String, Object> specific = withSpecificReader(configs);
    this.serializer = new AvroSerializer<>(registry, specific, isKey);
    this.deserializer = new AvroDeserializer<>(registry, specific, isKey);
  }

  /** Shares one registry client and reads every record into {@code type}. */
  public SpecificAvroSerde(
      SchemaRegistryClient registry, Map<String, ?> configs, boolean isKey, Class<T> type) {
    this(registry, configs, isKey);
    this.deserializer.forType(type);
  }

  @Override
  public void configure(Map<String, ?> configs, boolean isKey) {
    Map<String, Object> specific = withSpecificReader(configs);
    serializer.configure(specific, isKey);
    deserializer.configure(specific, isKey);
  }

  private static Map<String, Object> withSpecificReader(Map<String, ?> configs) {
    Map<String, Object> specific = new HashMap<>(configs);
    specific.put(AvroSerdeConfig.SPECIFIC_AVRO_READER, true);
    return specific;
  }

  @Override
  public Serializer<T> serializer() {
    return serializer;
  }

  @Override
  public Deserializer<T> deserializer() {
    return deserializer;
  }
}
