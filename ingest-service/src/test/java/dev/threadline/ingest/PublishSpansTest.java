package dev.threadline.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.avro.Abort;
import dev.threadline.avro.ThreadCommand;
import dev.threadline.testkit.InMemoryTraces;
import dev.threadline.traces.KafkaSpans;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.context.Context;
import io.opentelemetry.sdk.trace.data.SpanData;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** The ingest's span for a command it publishes is a Kafka producer's, by the conventions. */
class PublishSpansTest {
  private final InMemoryTraces traces = new InMemoryTraces();

  @Test
  void aPublishedCommandsSpanSendsToTheCommandTopicKeyedByItsThread() {
    ThreadCommand command =
        new ThreadCommand("c-1", "acme", "t-1", Instant.EPOCH, new Abort("stop"));

    IngestTelemetry.publishSpan(
            traces.telemetry().getTracer("dev.threadline"),
            command,
            "threadline.thread-commands",
            Context.root())
        .startSpan()
        .end();

    SpanData span = traces.only("publish Abort");
    assertThat(span.getKind()).isEqualTo(SpanKind.PRODUCER);
    assertThat(span.getAttributes().get(KafkaSpans.SYSTEM)).isEqualTo("kafka");
    assertThat(span.getAttributes().get(KafkaSpans.OPERATION_TYPE)).isEqualTo("send");
    assertThat(span.getAttributes().get(KafkaSpans.DESTINATION))
        .isEqualTo("threadline.thread-commands");
    assertThat(span.getAttributes().get(KafkaSpans.KEY)).isEqualTo("t-1");
  }
}
