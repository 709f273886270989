package dev.threadline.projector;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.avro.ThreadEvent;
import dev.threadline.config.ModelProfiles;
import dev.threadline.serde.InMemorySchemaRegistryClient;
import dev.threadline.testkit.InMemoryTraces;
import dev.threadline.topics.SerdeFactory;
import dev.threadline.topics.Topics;
import dev.threadline.topics.TopicsConfig;
import dev.threadline.traces.TraceHeaders;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.context.Context;
import io.opentelemetry.sdk.trace.data.SpanData;
import java.util.Map;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.test.TestRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Each event is projected in a span, a child of the decision that wrote it. */
class ProjectorTracesTest {
  private final InMemoryTraces traces = new InMemoryTraces();
  private final SerdeFactory serdes =
      new SerdeFactory(Map.of(), new InMemorySchemaRegistryClient());
  private final Topics topics = new Topics(TopicsConfig.defaults(), serdes);
  private TopologyTestDriver driver;

  @AfterEach
  void close() {
    driver.close();
  }

  @Test
  void anEventIsProjectedInASpanUnderTheDecisionThatWroteIt() throws Exception {
    driver =
        ProjectorTestDriver.start(
            topics, serdes, new LiveFeed(), new ModelProfiles(Map.of()), traces.telemetry());
    Span decision = traces.telemetry().getTracer("test").spanBuilder("step").startSpan();
    ThreadEvent created = new Events("tr-1", "acme").created("helper", null);

    ProjectorTestDriver.events(driver, topics)
        .pipeInput(new TestRecord<>("tr-1", created, carrying(decision), created.getTimestamp()));

    SpanData projected = traces.only("project ThreadCreated");
    assertThat(projected.getTraceId()).isEqualTo(decision.getSpanContext().getTraceId());
    assertThat(projected.getParentSpanId()).isEqualTo(decision.getSpanContext().getSpanId());
  }

  @Test
  void aTurnIsAnInvokeAgentSpanFromItsStartToItsEndInTheTraceOfWhatStartedIt() throws Exception {
    driver =
        ProjectorTestDriver.start(
            topics, serdes, new LiveFeed(), new ModelProfiles(Map.of()), traces.telemetry());
    Span request = traces.telemetry().getTracer("test").spanBuilder("POST").startSpan();
    Span answer = traces.telemetry().getTracer("test").spanBuilder("chat").startSpan();
    Events thread = new Events("tr-2", "acme", java.time.Instant.now().minusSeconds(60));
    var events = ProjectorTestDriver.events(driver, topics);
    ThreadEvent created = thread.created("helper", null);
    events.pipeInput(
        new TestRecord<>("tr-2", created, new RecordHeaders(), created.getTimestamp()));
    ThreadEvent started = thread.turnStarted();
    events.pipeInput(new TestRecord<>("tr-2", started, carrying(request), started.getTimestamp()));
    ThreadEvent ended = thread.turnEnded("response");
    events.pipeInput(new TestRecord<>("tr-2", ended, carrying(answer), ended.getTimestamp()));

    SpanData turn = traces.only("invoke_agent helper");
    assertThat(turn.getTraceId()).isEqualTo(request.getSpanContext().getTraceId());
    assertThat(turn.getParentSpanId()).isEqualTo(request.getSpanContext().getSpanId());
    assertThat(turn.getStartEpochNanos())
        .isEqualTo(started.getTimestamp().toEpochMilli() * 1_000_000);
    assertThat(turn.getEndEpochNanos()).isEqualTo(ended.getTimestamp().toEpochMilli() * 1_000_000);
    assertThat(turn.getAttributes().get(TurnSpans.OPERATION)).isEqualTo("invoke_agent");
    assertThat(turn.getAttributes().get(TurnSpans.AGENT)).isEqualTo("helper");
    assertThat(turn.getAttributes().get(TurnSpans.CONVERSATION)).isEqualTo("tr-2");
    SpanData projected = traces.only("project TurnCompleted");
    assertThat(projected.getAttributes().get(dev.threadline.traces.KafkaSpans.SYSTEM))
        .isEqualTo("kafka");
    assertThat(projected.getAttributes().get(dev.threadline.traces.KafkaSpans.KEY))
        .isEqualTo("tr-2");
    assertThat(projected.getAttributes().get(dev.threadline.traces.KafkaSpans.GROUP)).isNotBlank();
  }

  private static RecordHeaders carrying(Span span) {
    RecordHeaders headers = new RecordHeaders();
    TraceHeaders.inject(Context.root().with(span), headers);
    return headers;
  }
}
