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
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A reader's copy of {@code thread-data-keys}: every live thread's data key, unwrapped, on the heap
 * (about 150 bytes a thread). A key is committed in the same transaction as the first event it
 * seals, so a reader that has an event (read committed) and not its key catches up to the topic's
 * end and finds it then (waiting, up to {@link #KEY_WAIT}, for the transaction's marker to reach
 * the keys' partition) — unless the thread was deleted and the key is gone: its events stay sealed,
 * which is the point. An event written well before the ring last caught up cannot be waiting for
 * its key, so a missing key of such an event (a deleted thread's history, as when a reader restores
 * from the log) costs no round trip to the broker.
 */
public final class DataKeyRing implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(DataKeyRing.class);
  private static final Duration CATCH_UP = Duration.ofSeconds(30);

  /**
   * How long a key's transaction may still be open after the timestamp of the events it seals: the
   * step processor's transactions time out far sooner (Kafka Streams' exactly-once producers, 10
   * s), so an event older than this before a catch-up had its key read by it, if it has one.
   */
  static final Duration OPEN_TRANSACTION = Duration.ofMinutes(5);

  /**
   * How long a recent event's key is waited for: the coordinator writes a transaction's commit
   * markers to its partitions one after another, so an event may be read committed on thread-events
   * a moment before its key, committed in the same transaction, is below thread-data-keys' last
   * stable offset. And another transaction can hold that offset back for longer: one of a step
   * processor that died with it open, until its restart fences it or the broker aborts it — its
   * timeout ({@link #DEAD_TRANSACTION_TIMEOUT}) plus up to one pass of the broker's check for
   * timed-out transactions ({@link #TIMED_OUT_TRANSACTION_CHECK}). A reader that gave up sooner
   * would keep that thread's events sealed for good.
   */
  static final Duration KEY_WAIT = Duration.ofSeconds(60);

  /** Kafka Streams' exactly-once producers' {@code transaction.timeout.ms}. */
  static final Duration DEAD_TRANSACTION_TIMEOUT = Duration.ofSeconds(10);

  /** The broker's {@code transaction.abort.timed.out.transaction.cleanup.interval.ms} default. */
  static final Duration TIMED_OUT_TRANSACTION_CHECK = Duration.ofSeconds(10);

  private volatile Instant caughtUpAsOf = Instant.EPOCH;
  private final Duration keyWait;
  private final EventSeal seal;
  private final Consumer<String, ThreadDataKey> consumer;
  private final List<TopicPartition> partitions;
  private final Map<String, SecretKey> keys = new ConcurrentHashMap<>();

  /**
   * Threads without a key, since when: tombstoned, or waited for in vain. Their events are not
   * waited for; kept for {@link #OPEN_TRANSACTION}, after which their events are old anyway.
   */
  private final Map<String, Instant> keyless = new ConcurrentHashMap<>();

  DataKeyRing(
      EventSeal seal, Consumer<String, ThreadDataKey> consumer, String topic, Duration keyWait) {
    this.seal = seal;
    this.keyWait = keyWait;
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
        topic.name(),
        KEY_WAIT);
  }

  /**
   * The ring a service with {@code settings} reads sealed events with: empty when no events key is
   * set ({@code threadline.events.key} / {@code THREADLINE_EVENTS_KEY}), and so nothing is sealed.
   */
  public static Optional<DataKeyRing> forSettings(
      Map<String, String> settings, TopicDescriptor<String, ThreadDataKey> topic) {
    return EventSeal.fromSettings(settings, System.getenv())
        .map(seal -> open(seal, topic, dev.threadline.kafka.KafkaClients.connection(settings)));
  }

  /**
   * The data key of {@code threadId}'s event written at {@code writtenAt}, or empty when the thread
   * has none (never sealed, or deleted).
   */
  public Optional<SecretKey> keyOf(String threadId, Instant writtenAt) {
    SecretKey key = keys.get(threadId);
    if (key != null
        || keyless.containsKey(threadId)
        || !writtenAt.isAfter(caughtUpAsOf.minus(OPEN_TRANSACTION))) {
      return Optional.ofNullable(key);
    }
    Instant deadline = Instant.now().plus(keyWait);
    while (true) {
      catchUp();
      key = keys.get(threadId);
      if (key != null || keyless.containsKey(threadId)) {
        return Optional.ofNullable(key);
      }
      if (Instant.now().isAfter(deadline)) {
        keyless.put(threadId, Instant.now());
        log.warn(
            "no data key for thread {} on thread-data-keys after {} ms: its events stay sealed",
            threadId,
            keyWait.toMillis());
        return Optional.empty();
      }
      try {
        Thread.sleep(20);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return Optional.empty();
      }
    }
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
          keyless.put(r.key(), started);
        } else {
          keys.put(r.key(), seal.unwrap(r.value()));
          keyless.remove(r.key());
        }
      }
    }
    caughtUpAsOf = started;
    keyless.values().removeIf(since -> since.isBefore(started.minus(OPEN_TRANSACTION)));
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
