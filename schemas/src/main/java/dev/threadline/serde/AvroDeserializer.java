package dev.threadline.serde;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.avro.AvroRuntimeException;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.io.BinaryDecoder;
import org.apache.avro.io.DatumReader;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.specific.SpecificData;
import org.apache.avro.specific.SpecificDatumReader;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.serialization.Deserializer;

/**
 * Reads Confluent wire format (magic byte 0, 4-byte schema id, Avro binary). The writer schema
 * comes from the registry by id; with {@code specific.avro.reader=true} records are read into the
 * generated class of the same full name, through that class's schema, so data written with an older
 * schema version is resolved into the newer class (schema evolution). {@code null} stays {@code
 * null}. Malformed input fails with a {@link SerializationException} that says what is wrong.
 */
public class AvroDeserializer<T> implements Deserializer<T> {
  private SchemaRegistryClient registry;
  private AvroSerdeConfig config;
  private Class<?> targetType;
  private final Map<Integer, DatumReader<Object>> readers = new ConcurrentHashMap<>();

  /** For Kafka's reflective construction; {@link #configure} must follow. */
  public AvroDeserializer() {}

  public AvroDeserializer(SchemaRegistryClient registry, Map<String, ?> configs, boolean isKey) {
    this.registry = registry;
    this.config = AvroSerdeConfig.from(configs, isKey);
  }

  /**
   * Reads every record into {@code type} (through its schema), instead of looking the generated
   * class up by the writer schema's name: no class-loader lookups, and the reader schema is fixed.
   */
  public AvroDeserializer<T> forType(Class<T> type) {
    this.targetType = type;
    return this;
  }

  @Override
  public void configure(Map<String, ?> configs, boolean isKey) {
    this.config = AvroSerdeConfig.from(configs, isKey);
    if (registry == null) {
      this.registry = RestSchemaRegistryClient.forSerde(configs, config);
    }
  }

  @Override
  @SuppressWarnings("unchecked")
  public T deserialize(String topic, byte[] data) {
    if (data == null) {
      return null;
    }
    if (config == null) {
      throw new SerializationException("AvroDeserializer used before configure()");
    }
    if (data.length < WireFormat.HEADER_SIZE) {
      throw new SerializationException(
          "Record on topic "
              + topic
              + " is "
              + data.length
              + " bytes, too short for the Confluent wire format (magic byte 0, 4-byte schema id,"
              + " Avro binary)");
    }
    ByteBuffer buffer = ByteBuffer.wrap(data);
    byte magic = buffer.get();
    if (magic != WireFormat.MAGIC_BYTE) {
      throw new SerializationException(
          String.format(
              "Unknown magic byte 0x%02x on topic %s (expected 0x00: not Confluent-wire-format"
                  + " Avro)",
              magic, topic));
    }
    int id = buffer.getInt();
    DatumReader<Object> reader = reader(id, topic);
    try {
      BinaryDecoder decoder =
          DecoderFactory.get()
              .binaryDecoder(
                  data, WireFormat.HEADER_SIZE, data.length - WireFormat.HEADER_SIZE, null);
      Object value = reader.read(null, decoder);
      if (!decoder.isEnd()) {
        throw new SerializationException(
            "trailing bytes after the record: the payload does not match writer schema id " + id);
      }
      return (T) value;
    } catch (IOException
        | AvroRuntimeException
        | IndexOutOfBoundsException
        | ClassCastException e) {
      throw new SerializationException(
          "Could not decode the Avro payload on topic "
              + topic
              + " with writer schema id "
              + id
              + ": "
              + e,
          e);
    }
  }

  /**
   * A data model that creates records with the target class's own class loader (so nested generated
   * classes come from the same loader, also under Quarkus' split class loading) and keeps the
   * generated class's logical-type conversions. The serializer writes with the same model.
   */
  static SpecificData modelFor(Class<?> type) {
    SpecificData generated = SpecificData.getForClass(type);
    SpecificData model = new SpecificData(type.getClassLoader());
    generated.getConversions().forEach(model::addLogicalTypeConversion);
    return model;
  }

  private DatumReader<Object> reader(int id, String topic) {
    return readers.computeIfAbsent(
        id,
        i -> {
          Schema writer;
          try {
            writer = registry.byId(i);
          } catch (SchemaRegistryException e) {
            throw new SerializationException(
                "Unknown schema id "
                    + i
                    + " on topic "
                    + topic
                    + " (schema registry at "
                    + registry.url()
                    + "): "
                    + e.getMessage(),
                e);
          }
          if (!config.specificAvroReader()) {
            return new GenericDatumReader<>(writer);
          }
          Class<?> type = targetType != null ? targetType : SpecificData.get().getClass(writer);
          if (type == null) {
            throw new SerializationException(
                "specific.avro.reader=true but no generated class "
                    + writer.getFullName()
                    + " is on the classpath (schema id "
                    + i
                    + ", topic "
                    + topic
                    + ")");
          }
          return new SpecificDatumReader<>(
              writer, SpecificData.getForClass(type).getSchema(type), modelFor(type));
        });
  }
}
