package dev.threadline.ingest;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.traces.TraceHeaders;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.nio.charset.StandardCharsets;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;

/**
 * A command the ingest publishes carries the trace the request carried in {@code traceparent}: the
 * caller's trace goes on through the thread's work. These tests run without a traces exporter, so
 * the ingest makes no span of its own and writes no trace a caller did not bring (with one, its
 * publishing span is the caller's child: {@code TracesAcceptance} on the local stack).
 */
@QuarkusTest
@QuarkusTestResource(ClusterResource.class)
class CommandTracesTest {
  private static final String TRACE = "0af7651916cd43dd8448eb211c80319c";
  private static final String CALLER_SPAN = "b7ad6b7169203331";

  private static SpanContext carried(String threadId) {
    ConsumerRecord<byte[], byte[]> command =
        CommandTopic.readAll(
                ClusterResource.topics().threadCommands().name(),
                1,
                r -> new String(r.key(), StandardCharsets.UTF_8).equals(threadId))
            .getFirst();
    return Span.fromContext(TraceHeaders.extract(command.headers())).getSpanContext();
  }

  @Test
  void aMessageSentWithATraceparentIsPublishedInTheCallersTrace() {
    given()
        .header("Authorization", "Bearer key-a")
        .header("traceparent", "00-" + TRACE + "-" + CALLER_SPAN + "-01")
        .contentType("application/json")
        .body("{\"text\": \"hi\"}")
        .post("/v1/threads/traced-1/messages")
        .then()
        .statusCode(202);

    SpanContext carried = carried("traced-1");
    assertThat(carried.getTraceId()).isEqualTo(TRACE);
    assertThat(carried.getSpanId()).isEqualTo(CALLER_SPAN); // no span of the ingest's own
  }

  @Test
  void aMessageSentWithoutOneCarriesNoTraceWhenNothingExportsTraces() {
    given()
        .header("Authorization", "Bearer key-a")
        .contentType("application/json")
        .body("{\"text\": \"hi\"}")
        .post("/v1/threads/traced-2/messages")
        .then()
        .statusCode(202);

    assertThat(carried("traced-2").isValid()).isFalse();
  }
}
