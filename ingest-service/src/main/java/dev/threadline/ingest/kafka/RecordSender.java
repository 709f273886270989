package dev.threadline.ingest.kafka;

import dev.threadline.ingest.Problem;
import dev.threadline.topics.TopicDescriptor;
import dev.threadline.traces.TraceHeaders;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.jboss.logging.Logger;

/**
 * The ingest service's producer: idempotent, {@code acks=all}, every send awaited — a 202 means the
 * record is durable; a broker that does not answer in time is a 503 with Retry-After, and nothing
 * is half-written ({@link SendFailures} says what is known of a send's fate).
 */
final class RecordSender {
  private static final Logger log = Logger.getLogger(RecordSender.class);

  private final Duration sendTimeout;
  private final KafkaProducer<byte[], byte[]> producer;

  RecordSender(KafkaConnection kafka, long sendTimeoutMs) {
    this.sendTimeout = Duration.ofMillis(sendTimeoutMs);
    Map<String, Object> config = kafka.settings();
    // 202 Accepted means durable: all in-sync replicas have it, written exactly once per send.
    config.put(ProducerConfig.ACKS_CONFIG, "all");
    config.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
    config.put(ProducerConfig.LINGER_MS_CONFIG, 0);
    // Bound every wait so an unreachable broker turns into a prompt 503, not a hung request.
    config.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, sendTimeoutMs);
    config.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, (int) sendTimeoutMs);
    config.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, (int) sendTimeoutMs * 2);
    this.producer =
        new KafkaProducer<>(config, new ByteArraySerializer(), new ByteArraySerializer());
  }

  /** A tombstone for {@code key}: on a compacted topic, the key's record is deleted. */
  void tombstone(String topic, String key) {
    try {
      producer
          .send(new ProducerRecord<>(topic, key.getBytes(StandardCharsets.UTF_8), null))
          .get(sendTimeout.toMillis() * 2, TimeUnit.MILLISECONDS);
    } catch (ExecutionException | TimeoutException | KafkaException e) {
      throw SendFailures.sending(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw Problem.unavailable(SendFailures.UNKNOWN_OUTCOME);
    }
  }

  /** {@code value} as {@code topic} stores it; a value that cannot be encoded is refused. */
  <T> byte[] encode(TopicDescriptor<String, T> topic, T value) {
    try {
      return topic.serialize(value);
    } catch (RuntimeException e) {
      log.warnf("could not encode a record for %s: %s", topic.name(), e.getMessage());
      throw SendFailures.encoding(e);
    }
  }

  /** Sends {@code value} under {@code key}, with the current trace; returns its encoded size. */
  <T> int send(TopicDescriptor<String, T> topic, String key, T value) {
    byte[] bytes = encode(topic, value);
    try {
      producer
          .send(
              new ProducerRecord<>(
                  topic.name(),
                  null,
                  key.getBytes(StandardCharsets.UTF_8),
                  bytes,
                  TraceHeaders.current()))
          .get(sendTimeout.toMillis() * 2, TimeUnit.MILLISECONDS);
    } catch (ExecutionException | TimeoutException | KafkaException e) {
      log.warnf("could not publish to %s: %s", topic.name(), e.getMessage());
      throw SendFailures.sending(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw Problem.unavailable(SendFailures.UNKNOWN_OUTCOME);
    }
    return bytes.length;
  }

  void close() {
    producer.close(Duration.ofSeconds(5));
  }
}
