package dev.threadline.traces;

import static org.assertj.core.api.Assertions.assertThat;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.context.Context;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.junit.jupiter.api.Test;

class TraceHeadersTest {
  private final OpenTelemetrySdk telemetry =
      OpenTelemetrySdk.builder().setTracerProvider(SdkTracerProvider.builder().build()).build();

  @Test
  void aSpansContextWrittenIntoHeadersIsReadBackAsItsParent() {
    Span span = telemetry.getTracer("test").spanBuilder("step").startSpan();
    RecordHeaders headers = new RecordHeaders();
    headers.add("traceparent", "stale".getBytes());

    TraceHeaders.inject(Context.root().with(span), headers);
    Context read = TraceHeaders.extract(headers);

    assertThat(headers.headers("traceparent")).hasSize(1);
    assertThat(Span.fromContext(read).getSpanContext().getTraceId())
        .isEqualTo(span.getSpanContext().getTraceId());
    assertThat(Span.fromContext(read).getSpanContext().getSpanId())
        .isEqualTo(span.getSpanContext().getSpanId());
  }

  @Test
  void aCallersTraceparentHeaderIsReadAsItsContext() {
    String traceparent = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01";

    Context read =
        TraceHeaders.extractHttp(name -> name.equals("traceparent") ? traceparent : null);

    assertThat(Span.fromContext(read).getSpanContext().getTraceId())
        .isEqualTo("0af7651916cd43dd8448eb211c80319c");
    assertThat(TraceHeaders.extractHttp(name -> null)).isEqualTo(Context.root());
  }

  @Test
  void headersWithoutATraceGiveTheRootContext() {
    assertThat(TraceHeaders.extract(new RecordHeaders())).isEqualTo(Context.root());
  }

  @Test
  void spansAreMadeOnlyWhenAnExporterOrEndpointIsSet() {
    assertThat(Tracing.exported(Map.<String, String>of()::get)).isFalse();
    assertThat(Tracing.exported(Map.of("otel.traces.exporter", "none")::get)).isFalse();
    assertThat(
            Tracing.exported(Map.of("otel.exporter.otlp.endpoint", "http://collector:4318")::get))
        .isTrue();
    assertThat(Tracing.exported(Map.of("otel.traces.exporter", "otlp")::get)).isTrue();
    assertThat(Tracing.start("threadline-test")).isSameAs(OpenTelemetry.noop());
  }

  /** No spans of its own, but the trace a record brings goes on in what the service writes. */
  @Test
  @SuppressWarnings("try") // the context is current for what the span writes, not read here
  void withoutAnExporterAServiceWritesNoTraceOfItsOwnButCarriesOnACallers() {
    OpenTelemetry telemetry = Tracing.start("threadline-test");
    Tracing.within(
        telemetry.getTracer(Tracing.SCOPE).spanBuilder("step"),
        () -> assertThat(TraceHeaders.current().toArray()).isEmpty());

    String caller = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01";
    Context brought =
        TraceHeaders.extract(
            new RecordHeaders().add("traceparent", caller.getBytes(StandardCharsets.UTF_8)));
    try (var scope = brought.makeCurrent()) {
      Tracing.within(
          telemetry.getTracer(Tracing.SCOPE).spanBuilder("step"),
          () ->
              assertThat(
                      new String(
                          TraceHeaders.current().lastHeader("traceparent").value(),
                          StandardCharsets.UTF_8))
                  .isEqualTo(caller));
    }
  }
}
