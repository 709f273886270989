package dev.threadline.traces;

import static org.assertj.core.api.Assertions.assertThat;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.TraceFlags;
import io.opentelemetry.api.trace.TraceState;
import io.opentelemetry.context.Context;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.slf4j.MDC;

/**
 * What a service logs while it works in a span carries the span's trace and span ids ({@code
 * traceId}, {@code spanId}): the trace of the HTTP request that caused the work, which a record
 * brings in its {@code traceparent} — without an exporter too, when the service makes no spans of
 * its own and its span is the record's.
 */
class TracedLogLinesTest {
  private static final SpanContext REQUEST =
      SpanContext.createFromRemoteParent(
          "4bf92f3577b34da6a3ce929d0e0e4736",
          "00f067aa0ba902b7",
          TraceFlags.getSampled(),
          TraceState.getDefault());

  @Test
  void workWithinASpanLogsItsTraceIdAndNothingAfter() {
    AtomicReference<String> traceId = new AtomicReference<>();
    AtomicReference<String> spanId = new AtomicReference<>();

    Tracing.within(
        OpenTelemetry.noop()
            .getTracer(Tracing.SCOPE)
            .spanBuilder("chat")
            .setParent(Context.root().with(Span.wrap(REQUEST))),
        () -> {
          traceId.set(MDC.get("traceId"));
          spanId.set(MDC.get("spanId"));
        });

    assertThat(traceId.get()).isEqualTo("4bf92f3577b34da6a3ce929d0e0e4736");
    assertThat(spanId.get()).isNotBlank();
    assertThat(MDC.get("traceId")).isNull();
  }

  @Test
  void workWithoutATraceLogsNoTraceId() {
    AtomicReference<String> traceId = new AtomicReference<>("unset");

    Tracing.within(
        OpenTelemetry.noop().getTracer(Tracing.SCOPE).spanBuilder("chat").setParent(Context.root()),
        () -> traceId.set(MDC.get("traceId")));

    assertThat(traceId.get()).isNull();
  }
}
