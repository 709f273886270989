package dev.threadline.kafka;

import dev.threadline.serde.SchemaRegistryException;
import dev.threadline.topics.DeadLetters;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.streams.errors.DeserializationExceptionHandler;
import org.apache.kafka.streams.errors.ErrorHandlerContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Poison pills: a record that cannot be deserialized — bytes that are not the wire format, a schema
 * id the registry does not know, a payload that does not decode — goes, byte for byte, to the
 * dead-letter topic with the reason and its origin in headers, and processing continues (principle
 * 6). The dead letter is produced in the same transaction as the task's other output. The Streams
 * application id names the component that refused the record. A registry that is out of reach is no
 * fault of the record: that fails the thread, to read the record again later.
 */
public final class DeadLetterDeserializationHandler implements DeserializationExceptionHandler {
  /** Configuration key naming the dead-letter topic. */
  public static final String TOPIC_CONFIG = "threadline.dead-letters.topic";

  private static final Logger log = LoggerFactory.getLogger(DeadLetterDeserializationHandler.class);
  private String topic;
  private String component;
  private long maxBytes;

  @Override
  public void configure(Map<String, ?> configs) {
    Object configured = configs.get(TOPIC_CONFIG);
    if (configured == null) {
      throw new IllegalArgumentException(
          "missing " + TOPIC_CONFIG + " for " + getClass().getSimpleName());
    }
    this.topic = configured.toString();
    Object applicationId = configs.get("application.id");
    this.component = applicationId == null ? "unknown" : applicationId.toString();
    this.maxBytes = dev.threadline.config.Limits.from(configs).recordBytes();
  }

  @Override
  public Response handleError(
      ErrorHandlerContext context, ConsumerRecord<byte[], byte[]> record, Exception exception) {
    if (SchemaRegistryException.isOutage(exception)) {
      // Nothing is wrong with the record: the registry that names its schema is out of reach.
      // Failing stops the stream thread, which is replaced (after a pause, see StreamsLifecycle)
      // and reads the record again.
      log.warn(
          "schema registry unreachable reading {}-{}@{}; will try again: {}",
          context.topic(),
          context.partition(),
          context.offset(),
          exception.getMessage());
      return Response.fail();
    }
    log.warn(
        "dead-lettering an undeserializable record (task {}, {}-{}@{}): {}",
        context.taskId(),
        context.topic(),
        context.partition(),
        context.offset(),
        exception.getMessage());
    var headers =
        DeadLetters.headers(
            record.headers(),
            "undeserializable: " + exception.getMessage(),
            component,
            context.topic(),
            context.partition(),
            context.offset());
    return Response.resume(
        List.of(
            new ProducerRecord<>(
                topic,
                null,
                record.key(),
                DeadLetters.fitted(record.key(), record.value(), headers, maxBytes),
                headers)));
  }
}
