package dev.threadline.projector;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.threadline.avro.ThreadEvent;
import dev.threadline.serde.SchemaRegistryException;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.serialization.Deserializer;
import org.junit.jupiter.api.Test;

/**
 * Restoring the timeline from thread-events skips what is unreadable, never what is unreachable.
 */
class TimelineStoreTest {
  @Test
  void anUndecodableEventIsSkippedWhileRestoring() {
    Deserializer<ThreadEvent> broken =
        (topic, bytes) -> {
          throw new SerializationException("Unknown magic byte 0x01");
        };

    assertThat(TimelineStore.entryOf("t-1".getBytes(), new byte[] {1}, broken, "x.thread-events"))
        .isNull();
  }

  @Test
  void aRegistryOutageFailsTheRestoreInsteadOfSkippingTheEvent() {
    Deserializer<ThreadEvent> unreachable =
        (topic, bytes) -> {
          throw new SerializationException(
              "Unknown schema id 3",
              new SchemaRegistryException("schema registry unreachable", -1, -1, null));
        };

    assertThatThrownBy(
            () ->
                TimelineStore.entryOf(
                    "t-1".getBytes(), new byte[] {0, 0, 0, 0, 3}, unreachable, "x.thread-events"))
        .isInstanceOf(SerializationException.class);
  }
}
