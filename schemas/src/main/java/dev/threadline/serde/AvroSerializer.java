package dev.threadline.serde;

import java.io.IOException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import org.apache.avro.Schema;
import org.apache.avro.SchemaNormalization;
import org.apache.avro.generic.GenericContainer;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.io.DatumWriter;
import org.apache.avro.specific.SpecificData;
import org.apache.avro.specific.SpecificDatumWriter;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.serialization.Serializer;

/**
 * Serializes Avro records (generated specific classes or generic records) in Confluent's wire
 * format, registering or looking up the writer schema in a schema registry. Byte-compatible with
 * Confluent's {@code KafkaAvroSerializer}; {@code null} (a tombstone) stays {@code null}.
 */
public class AvroSerializer<T> implements Serializer<T> {
  private SchemaRegistryClient registry;
  private AvroSerdeConfig config;
  private boolean isKey;
  private final Map<Schema, DatumWriter<Object>> writers = new ConcurrentHashMap<>();
  private final Map<String, Integer> idBySubjectAndSchema = new ConcurrentHashMap<>();
  private final Map<TopicSchema, Integer> idByTopicAndSchema = new ConcurrentHashMap<>();

  private record TopicSchema(String topic, Schema schema) {}

  static final EncodeBuffers BUFFERS = new EncodeBuffers();

  /** For Kafka's reflective construction; {@link #configure} must follow. */
  public AvroSerializer() {}

  /** For tests and callers that share one registry client. */
  public AvroSerializer(SchemaRegistryClient registry, Map<String, ?> configs, boolean isKey) {
    this.registry = registry;
    this.config = AvroSerdeConfig.from(configs, isKey);
    this.isKey = isKey;
  }

  @Override
  public void configure(Map<String, ?> configs, boolean isKey) {
    this.config = AvroSerdeConfig.from(configs, isKey);
    this.isKey = isKey;
    if (registry == null) {
      this.registry = RestSchemaRegistryClient.forSerde(configs, config);
    }
  }

  @Override
  public byte[] serialize(String topic, T data) {
    if (data == null) {
      return null;
    }
    if (config == null) {
      throw new SerializationException("AvroSerializer used before configure()");
    }
    if (!(data instanceof GenericContainer container)) {
      throw new SerializationException(
          "AvroSerializer for topic "
              + topic
              + " takes Avro records, not "
              + data.getClass().getName());
    }
    Schema schema = container.getSchema();
    // The hot path: one hash lookup (Schema caches its hash; equals is identity first). The
    // subject and the schema's fingerprint are computed once per topic and schema, on a miss.
    int id =
        idByTopicAndSchema.computeIfAbsent(
            new TopicSchema(topic, schema),
            k -> schemaId(config.subjectNameStrategy().subject(topic, isKey, schema), schema));
    try {
      EncodeBuffers.Buffer buffer = BUFFERS.take();
      buffer.out.reset(id);
      writers.computeIfAbsent(schema, writerFactory(data)).write(data, buffer.encoder);
      buffer.encoder.flush();
      byte[] wire = buffer.out.toByteArray();
      // Only after success: a buffer a failed record may have left bytes in is not used again.
      BUFFERS.give(buffer);
      return wire;
    } catch (IOException | RuntimeException e) {
      throw new SerializationException(
          "Could not serialize "
              + schema.getFullName()
              + " for topic "
              + topic
              + " (subject '"
              + config.subjectNameStrategy().subject(topic, isKey, schema)
              + "', schema id "
              + id
              + "): "
              + e.getMessage(),
          e);
    }
  }

  private int schemaId(String subject, Schema schema) {
    return idBySubjectAndSchema.computeIfAbsent(
        subject + '\u0000' + SchemaNormalization.parsingFingerprint64(schema),
        k -> {
          if (config.useLatestVersion()) {
            SchemaRegistryClient.RegisteredSchema latest = registry.latest(subject);
            if (SchemaNormalization.parsingFingerprint64(latest.schema())
                != SchemaNormalization.parsingFingerprint64(schema)) {
              throw new SerializationException(
                  "use.latest.version: the record's schema "
                      + schema.getFullName()
                      + " differs from the latest version "
                      + latest.version()
                      + " of subject '"
                      + subject
                      + "' at "
                      + registry.url());
            }
            return latest.id();
          }
          return config.autoRegisterSchemas()
              ? registry.register(subject, schema)
              : registry.lookup(subject, schema);
        });
  }

  @SuppressWarnings("unchecked")
  private static Function<Schema, DatumWriter<Object>> writerFactory(Object data) {
    if (data instanceof SpecificRecord) {
      return s ->
          (DatumWriter<Object>) (DatumWriter<?>) new SpecificDatumWriter<>(s, modelFor(data));
    }
    return s -> new GenericDatumWriter<>(s, GenericData.get());
  }

  /**
   * The deserializer's data model for the record's class, plus the generated {@code customEncode}
   * of every record class that has one (Avro leaves them off unless asked: {@code
   * org.apache.avro.specific.use_custom_coders}); they write the same bytes without reflection.
   */
  private static SpecificData modelFor(Object data) {
    SpecificData model = AvroDeserializer.modelFor(data.getClass());
    model.setCustomCoders(true);
    return model;
  }
}
