package dev.threadline.sealing;

import dev.threadline.avro.SealedPayload;
import dev.threadline.avro.ThreadEvent;
import java.nio.ByteBuffer;
import org.apache.kafka.common.serialization.Deserializer;

/**
 * Reads {@code thread-events} as if nothing were sealed: a {@link SealedPayload} is opened with its
 * thread's data key and the event inside read as the step processor wrote it (its own schema id, so
 * schema evolution works as for any event). An event whose key is gone — its thread deleted — stays
 * sealed: a reader sees that it happened, with its thread, seq, turn and time, and nothing of what
 * it said.
 */
public final class UnsealingDeserializer implements Deserializer<ThreadEvent> {
  private final Deserializer<ThreadEvent> events;
  private final DataKeyRing ring;

  public UnsealingDeserializer(Deserializer<ThreadEvent> events, DataKeyRing ring) {
    this.events = events;
    this.ring = ring;
  }

  @Override
  public ThreadEvent deserialize(String topic, byte[] bytes) {
    ThreadEvent event = events.deserialize(topic, bytes);
    if (event == null || !(event.getPayload() instanceof SealedPayload sealed)) {
      return event;
    }
    return ring.keyOf(event.getThreadId(), event.getTimestamp())
        .map(
            key ->
                events.deserialize(
                    topic,
                    EventSeal.open(
                        key, event.getThreadId(), event.getSeq(), bytes(sealed.getSealed()))))
        .orElse(event);
  }

  private static byte[] bytes(ByteBuffer buffer) {
    ByteBuffer copy = buffer.duplicate();
    byte[] out = new byte[copy.remaining()];
    copy.get(out);
    return out;
  }

  @Override
  public void close() {
    events.close();
  }
}
