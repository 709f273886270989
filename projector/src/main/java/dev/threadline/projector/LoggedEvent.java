package dev.threadline.projector;

import dev.threadline.avro.ThreadEvent;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;

/**
 * A canonical event together with the bytes it had on {@code thread-events} (Confluent wire
 * format). The timeline store keeps those bytes as they were, so projecting an event decodes it
 * once and never encodes it again; readers of the store still get the decoded event.
 */
public record LoggedEvent(ThreadEvent event, byte[] bytes) {

  /** Decodes with {@code events} and keeps the bytes. {@code null} (a tombstone) stays null. */
  static Deserializer<LoggedEvent> deserializer(Deserializer<ThreadEvent> events) {
    return (topic, bytes) ->
        bytes == null ? null : new LoggedEvent(events.deserialize(topic, bytes), bytes);
  }

  /** Writes the kept bytes; reads like {@link #deserializer}. */
  static Serde<LoggedEvent> serde(Deserializer<ThreadEvent> events) {
    return Serdes.serdeFrom(
        (topic, logged) -> logged == null ? null : logged.bytes, deserializer(events));
  }
}
