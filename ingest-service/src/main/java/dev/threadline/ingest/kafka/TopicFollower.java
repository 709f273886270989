package dev.threadline.ingest.kafka;

import dev.threadline.config.OutageBackoff;
import dev.threadline.serde.SchemaRegistryException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.jboss.logging.Logger;

/**
 * Keeps views of compacted topics: each is read whole from the beginning on a thread of its own,
 * then followed (no consumer group, committed records only); a reader that fails starts again, and
 * a record the registry cannot decode for an outage is tried again rather than lost from the view.
 */
final class TopicFollower {
  private static final Logger log = Logger.getLogger(TopicFollower.class);

  private final KafkaConnection kafka;
  private volatile boolean running = true;

  TopicFollower(KafkaConnection kafka) {
    this.kafka = kafka;
  }

  /** Follows {@code topic} on daemon thread {@code threadName}, each record to {@code handler}. */
  void follow(String threadName, String topic, BiConsumer<String, byte[]> handler) {
    Thread.ofPlatform().daemon().name(threadName).start(() -> read(topic, handler));
  }

  /** The readers stop at their next poll. */
  void stop() {
    running = false;
  }

  /** Reads a whole topic from the beginning and then follows it (no consumer group). */
  private void read(String topic, BiConsumer<String, byte[]> handler) {
    Map<String, Object> config = kafka.settings();
    config.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
    config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
    while (running) {
      try (var consumer =
          new KafkaConsumer<>(config, new StringDeserializer(), new ByteArrayDeserializer())) {
        List<TopicPartition> partitions =
            consumer.partitionsFor(topic, Duration.ofSeconds(10)).stream()
                .map(p -> new TopicPartition(topic, p.partition()))
                .toList();
        consumer.assign(partitions);
        consumer.seekToBeginning(partitions);
        while (running) {
          for (var record : consumer.poll(Duration.ofMillis(200))) {
            apply(handler, record);
          }
        }
      } catch (RuntimeException e) {
        if (running) {
          log.warnf("reader of %s failed (%s); retrying", topic, e.getMessage());
          sleep();
        }
      }
    }
  }

  /**
   * Applies one record; an undecodable one is skipped (and said), but while the registry is out of
   * reach the same record is tried again, so no agent goes missing from the view for an outage.
   */
  private void apply(BiConsumer<String, byte[]> handler, ConsumerRecord<String, byte[]> record) {
    OutageBackoff backoff = new OutageBackoff();
    while (running) {
      try {
        handler.accept(record.key(), record.value());
        return;
      } catch (RuntimeException e) {
        if (!SchemaRegistryException.isOutage(e)) {
          log.warnf(
              "skipping an unreadable record %s-%d@%d: %s",
              record.topic(), record.partition(), record.offset(), e.getMessage());
          return;
        }
        log.warnf("schema registry out of reach (%s); trying the record again", e.getMessage());
        pause(backoff.pause(System.nanoTime()));
      }
    }
  }

  private static void pause(Duration pause) {
    try {
      Thread.sleep(pause);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static void sleep() {
    try {
      Thread.sleep(1_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
