package dev.threadline.step;

import dev.threadline.avro.SealedPayload;
import dev.threadline.avro.ThreadDataKey;
import dev.threadline.avro.ThreadDeleted;
import dev.threadline.avro.ThreadEvent;
import dev.threadline.sealing.EventSeal;
import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.Map;
import java.util.function.BiConsumer;
import javax.crypto.SecretKey;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * Seals a thread's events with its data key when the operator set an events key ({@link
 * EventSeal}). A thread's first sealed event makes its key: kept in {@value StoreNames#DATA_KEYS}
 * and published, wrapped, on {@code thread-data-keys} in the same transaction as the event, so a
 * reader never has an event without its key. Deleting the thread deletes the key in both. Left in
 * the clear: events outside a thread's log ({@code seq 0}: refusals) and {@code ThreadDeleted},
 * which readers must see to forget the thread and which says nothing but that it happened.
 */
final class EventSealer {
  private final EventSeal seal;
  private final OutputTopics topics;
  private final KeyValueStore<String, ThreadDataKey> keys;

  /** {@code seal}: null when events are written in the clear. */
  EventSealer(EventSeal seal, OutputTopics topics, KeyValueStore<String, ThreadDataKey> keys) {
    this.seal = seal;
    this.topics = topics;
    this.keys = keys;
  }

  /**
   * The sealing of one transition's plan: {@code publish} plans a {@code thread-data-keys} record
   * (key, value; null value: a tombstone) and {@code plan} the store writes, so nothing is kept if
   * the transition is not carried out.
   */
  Session session(Plan plan, BiConsumer<String, ThreadDataKey> publish) {
    return new Session(plan, publish);
  }

  final class Session {
    private final Plan plan;
    private final BiConsumer<String, ThreadDataKey> publish;

    /** The keys this transition used, kept or made: a transition's events unwrap a key once. */
    private final Map<String, SecretKey> used = new HashMap<>();

    private Session(Plan plan, BiConsumer<String, ThreadDataKey> publish) {
      this.plan = plan;
      this.publish = publish;
    }

    /** {@code event} as it goes on the log. */
    ThreadEvent seal(ThreadEvent event) {
      if (seal == null || event.getSeq() <= 0 || event.getPayload() instanceof ThreadDeleted) {
        return event;
      }
      String threadId = event.getThreadId();
      byte[] plain = topics.serialize(Routes.EVENTS_SINK, threadId, event).value();
      byte[] sealed = EventSeal.seal(keyOf(event), threadId, event.getSeq(), plain);
      return ThreadEvent.newBuilder(event)
          .setPayload(new SealedPayload(ByteBuffer.wrap(sealed)))
          .build();
    }

    /** Forgets {@code threadId}'s key, wherever it was kept: its sealed events are shredded. */
    void erase(String threadId) {
      if (keys.get(threadId) != null || used.containsKey(threadId)) {
        plan.then(() -> keys.delete(threadId));
        publish.accept(threadId, null);
      }
    }

    private SecretKey keyOf(ThreadEvent event) {
      String threadId = event.getThreadId();
      SecretKey key = used.get(threadId);
      if (key != null) {
        return key;
      }
      ThreadDataKey kept = keys.get(threadId);
      if (kept != null) {
        key = seal.unwrap(kept);
        used.put(threadId, key);
        return key;
      }
      EventSeal.DataKey fresh =
          seal.newDataKey(event.getTenantId(), threadId, event.getTimestamp());
      used.put(threadId, fresh.key());
      plan.then(() -> keys.put(threadId, fresh.record()));
      publish.accept(threadId, fresh.record());
      return fresh.key();
    }
  }
}
