package dev.threadline.step;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.avro.ModelRequest;
import dev.threadline.avro.ThreadCommand;
import dev.threadline.avro.ThreadGroup;
import dev.threadline.testkit.InMemoryTraces;
import dev.threadline.traces.TraceHeaders;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.context.Context;
import io.opentelemetry.sdk.trace.data.SpanData;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.streams.test.TestRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Each record the step processor handles is a span, a child of the trace the record carries, and
 * every record a decision writes carries that span on: a request's answer joins the same trace.
 */
class StepTracesTest {
  private final InMemoryTraces traces = new InMemoryTraces();
  private StepDriver d;

  @BeforeEach
  void start() {
    d = StepDriver.traced(traces.telemetry());
    d.agent(Fixtures.agent("helper", 5));
  }

  @AfterEach
  void close() {
    d.close();
  }

  /** A record whose headers carry {@code parent}'s context, as the ingest or an executor sends. */
  private static <V> TestRecord<String, V> carrying(String key, V value, SpanContext parent) {
    RecordHeaders headers = new RecordHeaders();
    TraceHeaders.inject(Context.root().with(Span.wrap(parent)), headers);
    return new TestRecord<>(key, value, headers, Fixtures.T0);
  }

  @Test
  void aCommandsStepIsAChildOfItsTraceAndItsModelRequestCarriesTheStepOn() {
    Span ingest = traces.telemetry().getTracer("test").spanBuilder("POST /v1/threads").startSpan();
    ThreadCommand create = Fixtures.create("c-1", "t-1", "helper");
    d.commands.pipeInput(carrying("t-1", create, ingest.getSpanContext()));
    ThreadCommand message = Fixtures.message("c-2", "t-1", "go");
    d.commands.pipeInput(carrying("t-1", message, ingest.getSpanContext()));

    TestRecord<String, ModelRequest> request = d.modelRequests.get(ThreadGroup.TASK).readRecord();

    SpanData step = traces.spans().getLast();
    assertThat(step.getName()).isEqualTo("step ThreadCommand");
    assertThat(step.getTraceId()).isEqualTo(ingest.getSpanContext().getTraceId());
    assertThat(step.getParentSpanId()).isEqualTo(ingest.getSpanContext().getSpanId());
    assertThat(
            step.getAttributes()
                .get(io.opentelemetry.api.common.AttributeKey.stringKey(StepSpans.THREAD_ID)))
        .isEqualTo("t-1");
    SpanContext carried =
        Span.fromContext(TraceHeaders.extract(request.headers())).getSpanContext();
    assertThat(carried.getTraceId()).isEqualTo(ingest.getSpanContext().getTraceId());
    assertThat(carried.getSpanId()).isEqualTo(step.getSpanId());

    Span executor =
        traces
            .telemetry()
            .getTracer("test")
            .spanBuilder("chat scripted")
            .setParent(Context.root().with(Span.wrap(carried)))
            .startSpan();
    ModelRequest r = request.value();
    d.modelResults.pipeInput(
        carrying(
            "t-1",
            Fixtures.reply("t-1", r.getRequestId(), r.getEpoch(), "done"),
            executor.getSpanContext()));

    SpanData answered = traces.spans().getLast();
    assertThat(answered.getName()).isEqualTo("step ModelResult");
    assertThat(answered.getTraceId()).isEqualTo(ingest.getSpanContext().getTraceId());
    assertThat(answered.getParentSpanId()).isEqualTo(executor.getSpanContext().getSpanId());
  }

  @Test
  void aRecordWithoutATraceStartsOne() {
    d.command(Fixtures.create("c-1", "t-2", "helper"));

    SpanData step = traces.spans().getLast();
    assertThat(step.getParentSpanContext().isValid()).isFalse();
    assertThat(step.getTraceId()).isNotEqualTo(SpanContext.getInvalid().getTraceId());
  }

  @Test
  void aStepsSpanNamesTheRecordItProcessesByTheMessagingConventions() {
    Span ingest = traces.telemetry().getTracer("test").spanBuilder("POST /v1/threads").startSpan();
    d.commands.pipeInput(
        carrying("t-9", Fixtures.create("c-9", "t-9", "helper"), ingest.getSpanContext()));

    SpanData step = traces.spans().getLast();
    var attributes = step.getAttributes();
    assertThat(attributes.get(dev.threadline.traces.KafkaSpans.SYSTEM)).isEqualTo("kafka");
    assertThat(attributes.get(dev.threadline.traces.KafkaSpans.OPERATION_TYPE))
        .isEqualTo("process");
    assertThat(attributes.get(dev.threadline.traces.KafkaSpans.DESTINATION))
        .endsWith("thread-commands");
    assertThat(attributes.get(dev.threadline.traces.KafkaSpans.PARTITION)).isEqualTo("0");
    assertThat(attributes.get(dev.threadline.traces.KafkaSpans.KEY)).isEqualTo("t-9");
    assertThat(attributes.get(dev.threadline.traces.KafkaSpans.GROUP)).isNotBlank();
  }
}
