package dev.threadline.topics;

import dev.threadline.serde.SchemaRegistryException;
import java.time.Duration;
import org.apache.kafka.common.serialization.Deserializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Decodes a global store's records and, while the schema registry is out of reach, waits and tries
 * again (1 s, doubling to 30 s) instead of calling the record unreadable: an outage is no reason to
 * skip a record of a compacted topic that every task reads.
 */
public final class PatientDecoder<T> {
  private static final Logger log = LoggerFactory.getLogger(PatientDecoder.class);
  private static final Duration MAX_PAUSE = Duration.ofSeconds(30);
  private final Deserializer<T> deserializer;

  public PatientDecoder(Deserializer<T> deserializer) {
    this.deserializer = deserializer;
  }

  /** The value in {@code bytes}; any failure but an outage is thrown. */
  public T decode(String topic, byte[] bytes) {
    Duration pause = Duration.ofSeconds(1);
    while (true) {
      try {
        return deserializer.deserialize(topic, bytes);
      } catch (RuntimeException e) {
        if (!SchemaRegistryException.isOutage(e)) {
          throw e;
        }
        log.warn("schema registry unreachable reading {}; again in {}", topic, pause);
        try {
          Thread.sleep(pause);
        } catch (InterruptedException interrupted) {
          Thread.currentThread().interrupt();
          throw e;
        }
        pause = pause.multipliedBy(2).compareTo(MAX_PAUSE) > 0 ? MAX_PAUSE : pause.multipliedBy(2);
      }
    }
  }
}
