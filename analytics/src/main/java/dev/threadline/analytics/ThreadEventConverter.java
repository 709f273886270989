package dev.threadline.analytics;

import dev.threadline.avro.ThreadEvent;
import dev.threadline.kafka.StreamsLifecycle;
import dev.threadline.sealing.DataKeyRing;
import dev.threadline.sealing.UnsealingDeserializer;
import dev.threadline.topics.SerdeFactory;
import dev.threadline.topics.Topics;
import dev.threadline.topics.TopicsConfig;
import java.util.HashMap;
import java.util.Map;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaAndValue;
import org.apache.kafka.connect.errors.DataException;
import org.apache.kafka.connect.storage.Converter;

/**
 * A Kafka Connect converter for {@code thread-events}: Threadline's Avro in the Confluent wire
 * format (the schema registry named by the same settings as the services', {@code
 * threadline.schema.registry.url} and its credentials) read into an {@link EventRow}. With an
 * events key set ({@code threadline.events.key}) sealed events are opened with their threads' keys;
 * a deleted thread's stay sealed and read as {@code SealedPayload} rows. Confluent's own converter
 * is not on Maven Central, and a row flat enough for analysts is what a sink needs anyway. It reads
 * only: writing events is the step processor's.
 */
public final class ThreadEventConverter implements Converter {
  private Deserializer<ThreadEvent> events;
  private DataKeyRing ring;

  @Override
  public void configure(Map<String, ?> configs, boolean isKey) {
    Map<String, String> settings = new HashMap<>();
    configs.forEach((k, v) -> settings.put(k, String.valueOf(v)));
    Topics topics =
        new Topics(
            TopicsConfig.from(settings), new SerdeFactory(StreamsLifecycle.serdeConfig(settings)));
    Deserializer<ThreadEvent> plain = topics.threadEvents().valueSerde().deserializer();
    ring = DataKeyRing.forSettings(settings, topics.threadDataKeys()).orElse(null);
    events = ring == null ? plain : new UnsealingDeserializer(plain, ring);
  }

  @Override
  public SchemaAndValue toConnectData(String topic, byte[] value) {
    if (value == null) {
      return SchemaAndValue.NULL;
    }
    ThreadEvent event;
    try {
      event = events.deserialize(topic, value);
    } catch (RuntimeException e) {
      throw new DataException("not a thread event of " + topic + ": " + e.getMessage(), e);
    }
    return new SchemaAndValue(EventRow.SCHEMA, EventRow.of(event));
  }

  @Override
  public byte[] fromConnectData(String topic, Schema schema, Object value) {
    throw new DataException("thread-events are written by the step processor, not by Connect");
  }

  @Override
  public void close() {
    if (ring != null) {
      ring.close();
    }
  }
}
