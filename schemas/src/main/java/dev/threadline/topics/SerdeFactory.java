package dev.threadline.topics;

import dev.threadline.serde.SchemaRegistryClient;
import dev.threadline.serde.SpecificAvroSerde;
import java.lang.reflect.InvocationTargetException;
import java.util.HashMap;
import java.util.Map;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.common.serialization.Serde;

/**
 * Makes the Avro value serdes of the topic descriptors from client configuration ({@code
 * schema.registry.url} and Confluent's other serde keys).
 *
 * <p>{@code threadline.avro.serde.class} chooses the implementation: Threadline's {@link
 * SpecificAvroSerde} by default, or any {@code Serde} with a public no-argument constructor and
 * Confluent's {@code configure(Map, boolean)} contract, such as {@code
 * io.confluent.kafka.streams.serdes.avro.SpecificAvroSerde} when Confluent's jars are on the
 * classpath. The bytes on the wire are the same either way.
 */
public final class SerdeFactory {
  public static final String SERDE_CLASS = "threadline.avro.serde.class";

  private final Map<String, Object> configs;
  private final String serdeClass;
  private final SchemaRegistryClient registry;

  /**
   * Serdes that share one given registry client (e.g. an {@link
   * dev.threadline.serde.InMemorySchemaRegistryClient} under {@code TopologyTestDriver}).
   */
  public SerdeFactory(Map<String, ?> configs, SchemaRegistryClient registry) {
    this.configs = new HashMap<>(configs);
    this.configs.putIfAbsent("schema.registry.url", registry.url());
    this.configs.put("specific.avro.reader", true);
    this.serdeClass = SpecificAvroSerde.class.getName();
    this.registry = registry;
  }

  public SerdeFactory(Map<String, ?> configs) {
    this.registry = null;
    this.configs = new HashMap<>(configs);
    this.configs.put("specific.avro.reader", true);
    Object configured = configs.get(SERDE_CLASS);
    this.serdeClass =
        configured == null ? SpecificAvroSerde.class.getName() : configured.toString().trim();
  }

  /** A value serde for generated class {@code type}, configured and ready. */
  @SuppressWarnings("unchecked")
  public <T extends SpecificRecord> Serde<T> valueSerde(Class<T> type) {
    if (registry != null) {
      return new SpecificAvroSerde<>(registry, configs, false, type);
    }
    if (serdeClass.equals(SpecificAvroSerde.class.getName())) {
      // Our own serde reads into the descriptor's type directly, whatever the class loader.
      SpecificAvroSerde<T> own = new SpecificAvroSerde<>(type);
      own.configure(configs, false);
      return own;
    }
    Serde<T> serde;
    try {
      Class<?> cls =
          Class.forName(serdeClass, true, Thread.currentThread().getContextClassLoader());
      serde = (Serde<T>) cls.getDeclaredConstructor().newInstance();
    } catch (ClassNotFoundException e) {
      throw new ConfigException(SERDE_CLASS, serdeClass, "class not found on the classpath");
    } catch (ReflectiveOperationException | ClassCastException e) {
      Throwable cause = e instanceof InvocationTargetException ite ? ite.getCause() : e;
      throw new ConfigException(
          SERDE_CLASS, serdeClass, "not a Serde with a public no-argument constructor: " + cause);
    }
    serde.configure(configs, false);
    return serde;
  }
}
