package dev.threadline.executor.consume;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/**
 * Whether a record read before its transaction ended (read_uncommitted) was committed: the record
 * is read again by a read_committed consumer of no group, which returns it once its transaction
 * committed and steps over it if the transaction aborted. Until its transaction ends, the call
 * waits: a step processor's transaction ends within its commit interval, or its timeout (an
 * executor that stops meanwhile waits it out; one that dies reads the record again when it is
 * back). One record at a time: the requests that wait are those of agents naming hook functions
 * with side effects.
 */
public final class DecidedRecords implements AutoCloseable {
  private static final Duration POLL = Duration.ofMillis(100);

  private final KafkaConsumer<byte[], byte[]> consumer;

  /** {@code connection}: the executor's Kafka connection settings. */
  public DecidedRecords(Map<String, Object> connection) {
    Map<String, Object> config = new HashMap<>(connection);
    config.remove(ConsumerConfig.GROUP_ID_CONFIG);
    config.remove(ConsumerConfig.GROUP_INSTANCE_ID_CONFIG);
    config.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
    config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
    config.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 1);
    this.consumer =
        new KafkaConsumer<>(config, new ByteArrayDeserializer(), new ByteArrayDeserializer());
  }

  /** Whether {@code record}'s transaction committed (true) or aborted (false), once it ended. */
  public synchronized boolean committed(ConsumerRecord<?, ?> record) {
    TopicPartition partition = new TopicPartition(record.topic(), record.partition());
    consumer.assign(List.of(partition));
    consumer.seek(partition, record.offset());
    while (true) {
      for (ConsumerRecord<byte[], byte[]> again : consumer.poll(POLL).records(partition)) {
        // The first record at or after it: itself if it committed, a later one if it aborted.
        return again.offset() == record.offset();
      }
      if (consumer.position(partition) > record.offset()) {
        return false; // stepped over: its transaction aborted
      }
    }
  }

  @Override
  public synchronized void close() {
    consumer.close();
  }
}
