package dev.threadline.sealing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.avro.ChatMessage;
import dev.threadline.avro.MessageAppended;
import dev.threadline.avro.Role;
import dev.threadline.avro.SealedPayload;
import dev.threadline.avro.ThreadDataKey;
import dev.threadline.avro.ThreadEvent;
import dev.threadline.serde.InMemorySchemaRegistryClient;
import dev.threadline.topics.SerdeFactory;
import dev.threadline.topics.Topics;
import dev.threadline.topics.TopicsConfig;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.MockConsumer;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;

/**
 * A reader opens a sealed event with its thread's key, however late the key's record is read, and
 * an event whose key was tombstoned stays sealed.
 */
class DataKeyRingTest {
  private static final Instant NOW = Instant.now();
  private final Topics topics =
      new Topics(
          TopicsConfig.defaults(), new SerdeFactory(Map.of(), new InMemorySchemaRegistryClient()));
  private final String keysTopic = topics.threadDataKeys().name();
  private final String eventsTopic = topics.threadEvents().name();
  private final TopicPartition partition = new TopicPartition(keysTopic, 0);
  private final EventSeal seal = EventSeal.of(EventSeal.newKey());
  private int endOffsetLookups;

  /** A key whose transaction marker lands on thread-data-keys at lookup {@link #markerLandsAt}. */
  private ThreadDataKey markerPending;

  private int markerLandsAt;
  private final MockConsumer<String, ThreadDataKey> consumer =
      new MockConsumer<>("earliest") {
        @Override
        public synchronized Map<TopicPartition, Long> endOffsets(
            java.util.Collection<TopicPartition> partitions) {
          endOffsetLookups++;
          if (markerPending != null && endOffsetLookups == markerLandsAt) {
            publish("t-1", markerPending);
          }
          return super.endOffsets(partitions);
        }
      };
  private long offset;

  private DataKeyRing ring() {
    return new DataKeyRing(seal, consumerOver(), keysTopic, java.time.Duration.ofSeconds(5));
  }

  /** Publishes {@code value} (null: a tombstone) as the step processor would. */
  private void publish(String threadId, ThreadDataKey value) {
    long at = offset++;
    consumer.updateEndOffsets(Map.of(partition, offset));
    consumer.schedulePollTask(
        () -> consumer.addRecord(new ConsumerRecord<>(keysTopic, 0, at, threadId, value)));
  }

  private static ThreadEvent said(String threadId, long seq, String text) {
    return said(threadId, seq, text, NOW);
  }

  private static ThreadEvent said(String threadId, long seq, String text, Instant at) {
    return new ThreadEvent(
        threadId,
        "acme",
        seq,
        1,
        1,
        0L,
        at,
        new MessageAppended(
            seq, ChatMessage.newBuilder().setRole(Role.USER).setContent(text).build(), null));
  }

  private byte[] sealed(EventSeal.DataKey key, ThreadEvent event) {
    var serializer = topics.threadEvents().valueSerde().serializer();
    byte[] plain = serializer.serialize(eventsTopic, event);
    ThreadEvent onTheLog =
        ThreadEvent.newBuilder(event)
            .setPayload(
                new SealedPayload(
                    ByteBuffer.wrap(
                        EventSeal.seal(key.key(), event.getThreadId(), event.getSeq(), plain))))
            .build();
    return serializer.serialize(eventsTopic, onTheLog);
  }

  /**
   * A step processor killed with a transaction open holds thread-data-keys' last stable offset back
   * until the broker aborts it: a key committed behind it is waited for that long, or the reader
   * would keep its thread's events sealed for good (the analytics tables did, on a slow machine).
   */
  @Test
  void aKeyIsWaitedForLongerThanADeadProducersTransactionHoldsItsPartitionBack() {
    Duration heldBack =
        DataKeyRing.DEAD_TRANSACTION_TIMEOUT.plus(DataKeyRing.TIMED_OUT_TRANSACTION_CHECK);
    assertThat(DataKeyRing.KEY_WAIT).isGreaterThanOrEqualTo(heldBack.multipliedBy(2));
  }

  @Test
  void aKeyPublishedAfterTheRingStartedIsFoundWhenItsFirstEventIsRead() {
    DataKeyRing ring = ring();
    EventSeal.DataKey key = seal.newDataKey("acme", "t-1", NOW);
    publish("t-1", key.record());
    var reader = new UnsealingDeserializer(topics.threadEvents().valueSerde().deserializer(), ring);

    ThreadEvent read = reader.deserialize(eventsTopic, sealed(key, said("t-1", 1, "my card")));

    assertThat(read).isEqualTo(said("t-1", 1, "my card"));
  }

  /**
   * A transaction's markers land on each of its partitions in turn: its event may be read committed
   * on thread-events while its key on thread-data-keys is still past the last stable offset. The
   * key is committed, so the ring waits for it rather than leave a live thread's event sealed.
   */
  @Test
  void aKeyWhoseTransactionMarkerLandsAfterItsEventsIsWaitedFor() {
    DataKeyRing ring = ring();
    EventSeal.DataKey key = seal.newDataKey("acme", "t-1", NOW);
    markerPending = key.record();
    markerLandsAt = endOffsetLookups + 3; // two catch-ups still end before the key
    var reader = new UnsealingDeserializer(topics.threadEvents().valueSerde().deserializer(), ring);

    ThreadEvent read = reader.deserialize(eventsTopic, sealed(key, said("t-1", 1, "my card")));

    assertThat(read).isEqualTo(said("t-1", 1, "my card"));
  }

  /**
   * A recent event whose key never comes (sealed with another events key's data, or its key lost)
   * is waited for once, then its thread's later events stay sealed without a wait each.
   */
  @Test
  void aRecentEventWhoseKeyNeverComesIsWaitedForOncePerThread() {
    DataKeyRing ring =
        new DataKeyRing(seal, consumerOver(), keysTopic, java.time.Duration.ofMillis(200));
    EventSeal.DataKey lost = seal.newDataKey("acme", "t-lost", NOW);
    var reader = new UnsealingDeserializer(topics.threadEvents().valueSerde().deserializer(), ring);

    assertThat(reader.deserialize(eventsTopic, sealed(lost, said("t-lost", 1, "a"))).getPayload())
        .isInstanceOf(SealedPayload.class);
    int lookupsAfterTheWait = endOffsetLookups;
    for (int seq = 2; seq <= 5; seq++) {
      byte[] bytes = sealed(lost, said("t-lost", seq, "a"));
      assertThat(reader.deserialize(eventsTopic, bytes).getPayload())
          .isInstanceOf(SealedPayload.class);
    }
    assertThat(endOffsetLookups).isEqualTo(lookupsAfterTheWait);
  }

  private MockConsumer<String, ThreadDataKey> consumerOver() {
    consumer.updatePartitions(
        keysTopic, List.of(new PartitionInfo(keysTopic, 0, Node.noNode(), null, null)));
    consumer.updateBeginningOffsets(Map.of(partition, 0L));
    consumer.updateEndOffsets(Map.of(partition, offset));
    return consumer;
  }

  /** A deleted thread's history, read long after: no round trip per event to look for its key. */
  @Test
  void anOldEventWithoutAKeyStaysSealedWithoutAskingTheBroker() {
    EventSeal.DataKey gone = seal.newDataKey("acme", "t-gone", NOW);
    var reader =
        new UnsealingDeserializer(topics.threadEvents().valueSerde().deserializer(), ring());
    int lookupsAtStart = endOffsetLookups;
    Instant longBefore = NOW.minus(DataKeyRing.OPEN_TRANSACTION).minusSeconds(60);

    for (int seq = 1; seq <= 5; seq++) {
      byte[] bytes = sealed(gone, said("t-gone", seq, "my card", longBefore));
      assertThat(reader.deserialize(eventsTopic, bytes).getPayload())
          .isInstanceOf(SealedPayload.class);
    }
    assertThat(endOffsetLookups).isEqualTo(lookupsAtStart);
  }

  @Test
  void anEventWhoseKeyWasTombstonedStaysSealed() {
    EventSeal.DataKey key = seal.newDataKey("acme", "t-1", NOW);
    publish("t-1", key.record());
    publish("t-1", null);
    var reader =
        new UnsealingDeserializer(topics.threadEvents().valueSerde().deserializer(), ring());

    ThreadEvent read = reader.deserialize(eventsTopic, sealed(key, said("t-1", 1, "my card")));

    assertThat(read.getPayload()).isInstanceOf(SealedPayload.class);
    assertThat(read.getSeq()).isEqualTo(1);
    assertThat(read.toString()).doesNotContain("my card");
  }
}
