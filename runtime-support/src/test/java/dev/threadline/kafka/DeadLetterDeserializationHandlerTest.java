package dev.threadline.kafka;

import static dev.threadline.kafka.ErrorContexts.header;
import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.serde.SchemaRegistryException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.streams.errors.DeserializationExceptionHandler;
import org.apache.kafka.streams.errors.ErrorHandlerContext;
import org.apache.kafka.streams.processor.TaskId;
import org.junit.jupiter.api.Test;

class DeadLetterDeserializationHandlerTest {

  @Test
  void resumesAndDeadLettersTheOriginalBytesWithTheReasonAndOrigin() {
    var handler = new DeadLetterDeserializationHandler();
    handler.configure(
        Map.of(
            DeadLetterDeserializationHandler.TOPIC_CONFIG,
            "x.dead-letters",
            "application.id",
            "threadline-projector"));
    byte[] key = "t-1".getBytes(StandardCharsets.UTF_8);
    byte[] value = {1, 2, 3};
    var record = new ConsumerRecord<>("x.thread-commands", 2, 41L, key, value);

    var response =
        handler.handleError(
            context(), record, new SerializationException("Unknown magic byte 0x01"));

    assertThat(response.result()).isEqualTo(DeserializationExceptionHandler.Result.RESUME);
    assertThat(response.deadLetterQueueRecords())
        .singleElement()
        .satisfies(
            dlq -> {
              assertThat(dlq.topic()).isEqualTo("x.dead-letters");
              assertThat(dlq.key()).isEqualTo(key);
              assertThat(dlq.value()).isEqualTo(value);
              assertThat(header(dlq.headers(), "threadline.dlq.reason"))
                  .contains("Unknown magic byte 0x01");
              assertThat(header(dlq.headers(), "threadline.dlq.topic"))
                  .isEqualTo("x.thread-commands");
              assertThat(header(dlq.headers(), "threadline.dlq.partition")).isEqualTo("2");
              assertThat(header(dlq.headers(), "threadline.dlq.stage"))
                  .isEqualTo("threadline-projector");
              assertThat(header(dlq.headers(), "threadline.dlq.offset")).isEqualTo("41");
            });
  }

  @Test
  void aRegistryOutageIsNoPoisonPillTheThreadFailsToReadTheRecordAgain() {
    var handler = new DeadLetterDeserializationHandler();
    handler.configure(Map.of(DeadLetterDeserializationHandler.TOPIC_CONFIG, "x.dead-letters"));
    var record = new ConsumerRecord<>("x.thread-commands", 2, 41L, new byte[] {1}, new byte[] {0});
    var unreachable =
        new SerializationException(
            "Unknown schema id 7",
            new SchemaRegistryException("schema registry unreachable", -1, -1, null));
    var failing =
        new SerializationException(
            "Unknown schema id 7",
            new SchemaRegistryException("answered HTTP 503", 503, 50301, null));
    var unknown =
        new SerializationException(
            "Unknown schema id 7",
            new SchemaRegistryException("answered HTTP 404", 404, 40403, null));

    assertThat(handler.handleError(context(), record, unreachable).result())
        .isEqualTo(DeserializationExceptionHandler.Result.FAIL);
    assertThat(handler.handleError(context(), record, failing).result())
        .isEqualTo(DeserializationExceptionHandler.Result.FAIL);
    var dropped = handler.handleError(context(), record, unknown);
    assertThat(dropped.result()).isEqualTo(DeserializationExceptionHandler.Result.RESUME);
    assertThat(dropped.deadLetterQueueRecords()).hasSize(1);
  }

  private static ErrorHandlerContext context() {
    return ErrorContexts.at("commands-source", new TaskId(0, 2), null, null);
  }
}
