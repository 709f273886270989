package dev.threadline.testkit;

import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.propagation.ContextPropagators;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import java.util.List;

/** An OpenTelemetry whose spans, once ended, are kept in memory for a test to read. */
public final class InMemoryTraces {
  private final InMemorySpanExporter exporter = InMemorySpanExporter.create();
  private final OpenTelemetrySdk telemetry =
      OpenTelemetrySdk.builder()
          .setTracerProvider(
              SdkTracerProvider.builder()
                  .addSpanProcessor(SimpleSpanProcessor.create(exporter))
                  .build())
          .setPropagators(ContextPropagators.create(W3CTraceContextPropagator.getInstance()))
          .build();

  public OpenTelemetrySdk telemetry() {
    return telemetry;
  }

  /** The spans ended so far, in the order they ended. */
  public List<SpanData> spans() {
    return exporter.getFinishedSpanItems();
  }

  /** The one ended span named {@code name}. */
  public SpanData only(String name) {
    List<SpanData> named = spans().stream().filter(s -> s.getName().equals(name)).toList();
    if (named.size() != 1) {
      throw new AssertionError(
          "expected one span '"
              + name
              + "', got "
              + spans().stream().map(SpanData::getName).toList());
    }
    return named.getFirst();
  }
}
