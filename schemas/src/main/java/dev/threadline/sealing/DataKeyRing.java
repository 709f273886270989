package dev.threadline.sealing;

import dev.threadline.avro.ThreadDataKey;
import dev.threadline.topics.TopicDescriptor;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import javax.crypto.SecretKey;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;

/**
 * A reader's copy of {@code thread-data-keys}: every live thread's data key, unwrapped, on the heap
 * (about 150 bytes a thread). A key is committed in the same transaction as the first event it
 * seals, so a reader that has an event (read committed) and not its key catches up to the topic's
 * end and finds it then — unless the thread was deleted and the key is gone: its events stay
 * sealed, which is the point. An event written well before the ring last caught up cannot be
 * waiting for its key, so a missing key of such an event (a deleted thread's history, as when a
 * reader restores from the log) costs no round trip to the broker.
 */
public final class DataKeyRing implements AutoCloseable {
  private static final Duration CATCH_UP = Duration.ofSeconds(30);

  /**
   * How long a key's transaction may still be open after the timestamp of the events it seals: the
   * step processor's transactions time out far sooner (Kafka Streams' exactly-once producers, 10
   * s), so an event older than this before a catch-up had its key read by it, if it has one.
   */
  static final Duration OPEN_TRANSACTION = Duration.ofMinutes(5);

  private volatile Instant caughtUpAsOf = Instant.EPOCH;
  private final EventSeal seal;
  private final Consumer<String, ThreadDataKey> consumer;
  private final List<TopicPartition> partitions;
  private final Map<String, SecretKey> keys = new ConcurrentHashMap<>();

  DataKeyRing(EventSeal seal, Consumer<String, ThreadDataKey> consumer, String topic) {
    this.seal = seal;
    this.consumer = consumer;
    this.partitions =
        consumer.partitionsFor(topic).stream()
            .map(p -> new TopicPartition(topic, p.partition()))
            .toList();
    consumer.assign(partitions);
    consumer.seekToBeginning(partitions);
    catchUp();
  }

  /** A ring over {@code topic}, read with the service's Kafka {@code connection}. */
  public static DataKeyRing open(
      EventSeal seal,
      TopicDescriptor<String, ThreadDataKey> topic,
      Map<String, Object> connection) {
    Map<String, Object> config = new HashMap<>(connection);
    config.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
    config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
    config.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
    config.remove(ConsumerConfig.GROUP_ID_CONFIG);
    return new DataKeyRing(
        seal,
        new KafkaConsumer<>(
            config, topic.keySerde().deserializer(), topic.valueSerde().deserializer()),
        topic.name());
  }

  /**
   * The data key of {@code threadId}'s event written at {@code writtenAt}, or empty when the thread
   * has none (never sealed, or deleted).
   */
  public Optional<SecretKey> keyOf(String threadId, Instant writtenAt) {
    SecretKey key = keys.get(threadId);
    if (key == null && writtenAt.isAfter(caughtUpAsOf.minus(OPEN_TRANSACTION))) {
      catchUp();
      key = keys.get(threadId);
    }
    return Optional.ofNullable(key);
  }

  /** Reads to the end each partition had when this was called. */
  private synchronized void catchUp() {
    Instant started = Instant.now();
    Map<TopicPartition, Long> ends = consumer.endOffsets(partitions);
    Instant deadline = Instant.now().plus(CATCH_UP);
    while (behind(ends)) {
      if (Instant.now().isAfter(deadline)) {
        throw new IllegalStateException(
            "thread-data-keys was not read to its end within " + CATCH_UP.toSeconds() + " s");
      }
      for (ConsumerRecord<String, ThreadDataKey> r : consumer.poll(Duration.ofMillis(200))) {
        if (r.value() == null) {
          keys.remove(r.key());
        } else {
          keys.put(r.key(), seal.unwrap(r.value()));
        }
      }
    }
    caughtUpAsOf = started;
  }

  private boolean behind(Map<TopicPartition, Long> ends) {
    for (var end : ends.entrySet()) {
      if (consumer.position(end.getKey()) < end.getValue()) {
        return true;
      }
    }
    return false;
  }

  @Override
  public synchronized void close() {
    consumer.close();
  }
}
