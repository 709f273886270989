package dev.threadline.serde;

import java.io.IOException;
import java.io.OutputStream;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import org.apache.avro.Schema;
import org.apache.avro.SchemaNormalization;
import org.apache.avro.generic.GenericContainer;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.DatumWriter;
import org.apache.avro.io.EncoderFactory;
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
      Buffer buffer = BUFFERS.get();
      // Reconfiguring flushes what a failed record may have left in the encoder; reset drops it.
      buffer.encoder = EncoderFactory.get().binaryEncoder(buffer.out, buffer.encoder);
      buffer.out.reset(id);
      writers.computeIfAbsent(schema, writerFactory(data)).write(data, buffer.encoder);
      buffer.encoder.flush();
      return buffer.out.toByteArray();
    } catch (IOException | RuntimeException e) {
      BUFFERS.remove();
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

  /**
   * Per serializing thread, reused: the output buffer and the encoder (a buffered encoder writing
   * into an unsynchronized array, instead of a direct encoder writing byte by byte into a {@code
   * ByteArrayOutputStream}). Stream threads serialize one record at a time, so reuse is safe.
   */
  private static final ThreadLocal<Buffer> BUFFERS = ThreadLocal.withInitial(Buffer::new);

  private static final class Buffer {
    final WireBuffer out = new WireBuffer();
    BinaryEncoder encoder;
  }

  /** A growable byte array that starts each record with the wire-format header. */
  static final class WireBuffer extends OutputStream {
    /**
     * Larger buffers are let go after use, so one huge record does not pin memory; model requests
     * of long threads (~100 KB at 1,000 steps) keep theirs instead of regrowing it every time.
     */
    private static final int RETAINED = 1024 * 1024;

    private byte[] bytes = new byte[1024];
    private int count;

    void reset(int schemaId) {
      if (bytes.length > RETAINED) {
        bytes = new byte[1024];
      }
      bytes[0] = WireFormat.MAGIC_BYTE;
      bytes[1] = (byte) (schemaId >>> 24);
      bytes[2] = (byte) (schemaId >>> 16);
      bytes[3] = (byte) (schemaId >>> 8);
      bytes[4] = (byte) schemaId;
      count = WireFormat.HEADER_SIZE;
    }

    @Override
    public void write(int b) {
      ensure(1);
      bytes[count++] = (byte) b;
    }

    @Override
    public void write(byte[] b, int off, int len) {
      ensure(len);
      System.arraycopy(b, off, bytes, count, len);
      count += len;
    }

    private void ensure(int more) {
      if (count + more > bytes.length) {
        bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, count + more));
      }
    }

    byte[] toByteArray() {
      return Arrays.copyOf(bytes, count);
    }
  }
}
