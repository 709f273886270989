package dev.threadline.kafka;

import static dev.threadline.kafka.ErrorContexts.header;
import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.avro.CommandRejected;
import dev.threadline.avro.Compact;
import dev.threadline.avro.ThreadCommand;
import dev.threadline.avro.ThreadEvent;
import dev.threadline.serde.InMemorySchemaRegistryClient;
import dev.threadline.serde.SchemaRegistryException;
import dev.threadline.topics.CommandEnvelope;
import dev.threadline.topics.SerdeFactory;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Map;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.streams.errors.ErrorHandlerContext;
import org.apache.kafka.streams.errors.ProcessingExceptionHandler;
import org.apache.kafka.streams.processor.TaskId;
import org.apache.kafka.streams.processor.api.Record;
import org.junit.jupiter.api.Test;

class DeadLetterProcessingHandlerTest {
  private final SerdeFactory serdes =
      new SerdeFactory(Map.of(), new InMemorySchemaRegistryClient());
  private final Deserializer<ThreadEvent> events =
      serdes.valueSerde(ThreadEvent.class).deserializer();

  private DeadLetterProcessingHandler handler() {
    var handler =
        new DeadLetterProcessingHandler(serdes.valueSerde(ThreadEvent.class).serializer());
    handler.configure(
        Map.of(
            DeadLetterDeserializationHandler.TOPIC_CONFIG,
            "x.dead-letters",
            DeadLetterProcessingHandler.EVENTS_TOPIC_CONFIG,
            "x.thread-events",
            "application.id",
            "threadline-step-processor"));
    return handler;
  }

  @Test
  void aRecordWhoseProcessingFailsIsDeadLetteredAndReportedToItsThread() {
    ThreadCommand command =
        CommandEnvelope.of(
            "c-9", "acme", "t-1", Instant.parse("2026-11-22T10:00:00Z"), new Compact("tidy"));

    var response =
        handler()
            .handleError(
                context(new TaskId(0, 2)),
                new Record<>("t-1", command, 0L),
                new IllegalStateException("store value unreadable"));

    assertThat(response.result()).isEqualTo(ProcessingExceptionHandler.Result.RESUME);
    assertThat(response.deadLetterQueueRecords()).hasSize(2);
    var dead = response.deadLetterQueueRecords().get(0);
    assertThat(dead.topic()).isEqualTo("x.dead-letters");
    assertThat(dead.value()).isEqualTo(new byte[] {7, 7});
    assertThat(header(dead.headers(), "threadline.dlq.reason")).contains("store value unreadable");
    var told = response.deadLetterQueueRecords().get(1);
    assertThat(told.topic()).isEqualTo("x.thread-events");
    ThreadEvent event = events.deserialize("x.thread-events", told.value());
    assertThat(event.getSeq()).isZero();
    assertThat(event.getTenantId()).isEqualTo("acme");
    CommandRejected rejected = (CommandRejected) event.getPayload();
    assertThat(rejected.getCommandId()).isEqualTo("c-9");
    assertThat(rejected.getCommandType()).isEqualTo("Compact");
  }

  @Test
  void aRegistryOutageFailsTheThreadAndAGlobalStoreOnlyLogs() {
    var outage =
        handler()
            .handleError(
                context(new TaskId(0, 2)),
                new Record<>("t-1", "x", 0L),
                new RuntimeException(new SchemaRegistryException("unreachable", -1, -1, null)));
    var global =
        handler()
            .handleError(
                context(new TaskId(-1, -1)),
                new Record<>("acme/a", "x", 0L),
                new IllegalStateException("bad"));

    assertThat(outage.result()).isEqualTo(ProcessingExceptionHandler.Result.FAIL);
    assertThat(global.result()).isEqualTo(ProcessingExceptionHandler.Result.RESUME);
    assertThat(global.deadLetterQueueRecords()).isEmpty();
  }

  private static ErrorHandlerContext context(TaskId task) {
    return ErrorContexts.at(
        "thread-step", task, "t-1".getBytes(StandardCharsets.UTF_8), new byte[] {7, 7});
  }
}
