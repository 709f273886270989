package dev.threadline.kafka;

import dev.threadline.avro.CommandRejected;
import dev.threadline.avro.ThreadCommand;
import dev.threadline.avro.ThreadEvent;
import dev.threadline.serde.SchemaRegistryException;
import dev.threadline.topics.DeadLetters;
import dev.threadline.topics.SerdeFactory;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.Serializer;
import org.apache.kafka.streams.errors.ErrorHandlerContext;
import org.apache.kafka.streams.errors.ProcessingExceptionHandler;
import org.apache.kafka.streams.processor.api.Record;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The last line behind a processor's own error handling: a record whose processing throws goes,
 * byte for byte, to the dead-letter topic with the reason, and — when {@link #EVENTS_TOPIC_CONFIG}
 * names the event log — an event outside its thread's log ({@code seq 0}) says so; the partition
 * goes on. A schema registry out of reach is no fault of the record: that fails the thread, to
 * process the record again later. (A global store's thread cannot write either; there the record is
 * only logged.)
 */
public final class DeadLetterProcessingHandler implements ProcessingExceptionHandler {
  /** The thread-events topic, for the event that reports a failed record; unset: no event. */
  public static final String EVENTS_TOPIC_CONFIG = "threadline.dead-letters.events.topic";

  private static final Logger log = LoggerFactory.getLogger(DeadLetterProcessingHandler.class);
  private String topic;
  private String component;
  private long maxBytes = dev.threadline.config.Limits.defaults().recordBytes();
  private String eventsTopic;
  private Serializer<ThreadEvent> events;

  public DeadLetterProcessingHandler() {}

  /** A handler whose events are serialized with {@code events} (tests). */
  DeadLetterProcessingHandler(Serializer<ThreadEvent> events) {
    this.events = events;
  }

  @Override
  public void configure(Map<String, ?> configs) {
    Object configured = configs.get(DeadLetterDeserializationHandler.TOPIC_CONFIG);
    if (configured == null) {
      throw new IllegalArgumentException(
          "missing " + DeadLetterDeserializationHandler.TOPIC_CONFIG + " for " + getClass());
    }
    topic = configured.toString();
    Object applicationId = configs.get("application.id");
    component = applicationId == null ? "unknown" : applicationId.toString();
    maxBytes = dev.threadline.config.Limits.from(configs).recordBytes();
    Object eventsConfigured = configs.get(EVENTS_TOPIC_CONFIG);
    if (eventsConfigured != null) {
      eventsTopic = eventsConfigured.toString();
      if (events == null) {
        events =
            new SerdeFactory(new HashMap<>(configs)).valueSerde(ThreadEvent.class).serializer();
      }
    }
  }

  @Override
  public Response handleError(
      ErrorHandlerContext context, Record<?, ?> record, Exception exception) {
    if (SchemaRegistryException.isOutage(exception)) {
      log.warn("schema registry unreachable processing {}; will try again", where(context));
      return Response.fail();
    }
    log.error("dead-lettering a record whose processing failed ({})", where(context), exception);
    if (context.taskId() == null || context.taskId().subtopology() < 0) {
      return Response.resume(); // a global store's thread has nowhere to write
    }
    String reason = "processing failed: " + exception;
    List<ProducerRecord<byte[], byte[]>> records = new ArrayList<>();
    var headers =
        DeadLetters.headers(
            context.headers(),
            reason,
            component,
            context.topic(),
            context.partition(),
            context.offset());
    byte[] key = context.sourceRawKey();
    records.add(
        new ProducerRecord<>(
            topic,
            null,
            key,
            DeadLetters.fitted(key, context.sourceRawValue(), headers, maxBytes),
            headers));
    if (events != null && record.key() instanceof String threadId) {
      records.add(event(threadId, record.value(), reason));
    }
    return Response.resume(records);
  }

  /** An event outside the thread's log, for the sender of a command, else the thread's owner. */
  private ProducerRecord<byte[], byte[]> event(String threadId, Object value, String reason) {
    ThreadCommand command = value instanceof ThreadCommand c ? c : null;
    ThreadEvent event =
        ThreadEvent.newBuilder()
            .setThreadId(threadId)
            .setTenantId(command == null ? "" : command.getTenantId())
            .setSeq(0)
            .setTurn(0)
            .setStep(0)
            .setTimestamp(Instant.now())
            .setPayload(
                new CommandRejected(
                    command == null ? null : command.getCommandId(),
                    command != null
                        ? command.getPayload().getClass().getSimpleName()
                        : value == null ? null : value.getClass().getSimpleName(),
                    reason))
            .build();
    return new ProducerRecord<>(
        eventsTopic,
        threadId.getBytes(StandardCharsets.UTF_8),
        events.serialize(eventsTopic, event));
  }

  private static String where(ErrorHandlerContext context) {
    return "task "
        + context.taskId()
        + ", "
        + context.topic()
        + "-"
        + context.partition()
        + "@"
        + context.offset();
  }
}
