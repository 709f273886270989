package dev.threadline.deploy;

import dev.threadline.avro.ThreadEvent;
import dev.threadline.sealing.DataKeyRing;
import dev.threadline.sealing.EventSeal;
import dev.threadline.sealing.UnsealingDeserializer;
import dev.threadline.topics.Topics;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.common.serialization.Deserializer;

/**
 * How the launcher's own readers (the demo's event tail, bench, chaos) read {@code thread-events}
 * of a stack whose events are sealed: opened with the threads' data keys, as the projector opens
 * them.
 */
final class StackEvents implements AutoCloseable {
  private final DataKeyRing ring;
  private final Deserializer<ThreadEvent> events;

  private StackEvents(DataKeyRing ring, Deserializer<ThreadEvent> events) {
    this.ring = ring;
    this.events = events;
  }

  /** {@code eventsKey}: the stack's events key, or null when its events are in the clear. */
  static StackEvents open(String bootstrap, Topics topics, String eventsKey) {
    Deserializer<ThreadEvent> plain = topics.threadEvents().valueSerde().deserializer();
    if (eventsKey == null) {
      return new StackEvents(null, plain);
    }
    DataKeyRing ring =
        DataKeyRing.open(
            EventSeal.of(eventsKey),
            topics.threadDataKeys(),
            Map.of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap));
    return new StackEvents(ring, new UnsealingDeserializer(plain, ring));
  }

  Deserializer<ThreadEvent> deserializer() {
    return events;
  }

  @Override
  public void close() {
    if (ring != null) {
      ring.close();
    }
  }
}
