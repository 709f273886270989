package dev.threadline.executor;

import dev.threadline.config.OutageBackoff;
import dev.threadline.serde.SchemaRegistryException;
import dev.threadline.topics.DeadLetters;
import dev.threadline.topics.TopicDescriptor;
import dev.threadline.traces.TraceHeaders;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.serialization.Deserializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Publishes results with an idempotent, acks=all producer, each carrying the trace of the call that
 * made it. {@code publish(..., true)} returns only once the broker acknowledged, which is what lets
 * the caller commit the request's offset. Undecodable requests are dead-lettered with the reason.
 */
final class ResultPublisher {
  private static final Logger log = LoggerFactory.getLogger(ResultPublisher.class);

  private final Producer<byte[], byte[]> producer;
  private final String deadLetters;

  ResultPublisher(Producer<byte[], byte[]> producer, String deadLetters) {
    this.producer = producer;
    this.deadLetters = deadLetters;
  }

  /**
   * Publishes {@code value} (awaiting the broker's acknowledgement if asked); its bytes as sent.
   */
  <V> byte[] publish(TopicDescriptor<String, V> topic, String threadId, V value, boolean await) {
    byte[] bytes = topic.serialize(value);
    send(topic, threadId, bytes, await);
    return bytes;
  }

  /**
   * Writes a store item under {@code key} ({@code item} null: its tombstone), once acknowledged: a
   * tool's write to its tenant's store is durable when the tool goes on.
   */
  void store(
      TopicDescriptor<String, dev.threadline.avro.StoreItem> topic,
      String key,
      dev.threadline.avro.StoreItem item) {
    send(topic, key, item == null ? null : topic.serialize(item), true);
  }

  /** Publishes a value's bytes as an earlier {@link #publish} sent them, once acknowledged. */
  void publishAgain(TopicDescriptor<String, ?> topic, String threadId, byte[] bytes) {
    send(topic, threadId, bytes, true);
  }

  private void send(
      TopicDescriptor<String, ?> topic, String threadId, byte[] bytes, boolean await) {
    var sent =
        producer.send(
            new ProducerRecord<>(
                topic.name(),
                null,
                threadId.getBytes(StandardCharsets.UTF_8),
                bytes,
                TraceHeaders.current()));
    if (await) {
      try {
        sent.get();
      } catch (ExecutionException e) {
        // Not acknowledged: fail the record so its offset is not committed and it is redelivered.
        throw new IllegalStateException(
            "could not publish to " + topic.name() + ": " + e.getCause(), e.getCause());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted while publishing to " + topic.name(), e);
      }
    }
  }

  /**
   * The request, or null after dead-lettering it when it cannot be decoded. While the schema
   * registry is out of reach the request is no poison pill: it waits, and is decoded once the
   * registry is back.
   */
  <T> T decode(ConsumerRecord<String, byte[]> record, Deserializer<T> deserializer) {
    OutageBackoff backoff = new OutageBackoff();
    while (true) {
      try {
        return deserializer.deserialize(record.topic(), record.value());
      } catch (SerializationException e) {
        if (!SchemaRegistryException.isOutage(e)) {
          return deadLetter(record, e);
        }
        java.time.Duration pause = backoff.pause(System.nanoTime());
        log.warn(
            "schema registry unreachable decoding {}-{}@{}; again in {}",
            record.topic(),
            record.partition(),
            record.offset(),
            pause);
        try {
          Thread.sleep(pause.toMillis());
        } catch (InterruptedException interrupted) {
          Thread.currentThread().interrupt();
          throw new IllegalStateException("interrupted while the registry is out of reach", e);
        }
      }
    }
  }

  private <T> T deadLetter(ConsumerRecord<String, byte[]> record, SerializationException e) {
    log.warn(
        "dead-lettering an undecodable request {}-{}@{}: {}",
        record.topic(),
        record.partition(),
        record.offset(),
        e.getMessage());
    var headers =
        DeadLetters.headers(
            record.headers(),
            "undeserializable: " + e.getMessage(),
            "tool-executor",
            record.topic(),
            record.partition(),
            record.offset());
    byte[] key = record.key() == null ? null : record.key().getBytes(StandardCharsets.UTF_8);
    try {
      producer.send(new ProducerRecord<>(deadLetters, null, key, record.value(), headers)).get();
    } catch (ExecutionException ex) {
      throw new IllegalStateException(
          "could not dead-letter " + record.topic() + "@" + record.offset(), ex.getCause());
    } catch (InterruptedException ex) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(ex);
    }
    return null;
  }
}
