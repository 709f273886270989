package dev.threadline.traces;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanBuilder;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.context.Scope;
import io.opentelemetry.sdk.autoconfigure.AutoConfiguredOpenTelemetrySdk;
import io.opentelemetry.sdk.autoconfigure.spi.ConfigProperties;
import java.util.Map;

/**
 * A service's OpenTelemetry, set up by the SDK's own autoconfiguration from the standard {@code
 * OTEL_*} environment variables (or {@code otel.*} system properties), so an operator configures
 * Threadline's traces as any other service's. Traces leave the process over OTLP only when an
 * endpoint or an exporter is set ({@code OTEL_EXPORTER_OTLP_ENDPOINT}); otherwise spans are made
 * and go nowhere. Metrics and logs are not exported this way: the services have Micrometer's
 * Prometheus endpoint and their log files.
 */
public final class Tracing {
  /** The instrumentation scope of every Threadline span. */
  public static final String SCOPE = "dev.threadline";

  private Tracing() {}

  /** The OpenTelemetry of service {@code serviceName} (unless {@code OTEL_SERVICE_NAME} says). */
  public static OpenTelemetry start(String serviceName) {
    return AutoConfiguredOpenTelemetrySdk.builder()
        .addPropertiesSupplier(
            () ->
                Map.of(
                    "otel.service.name", serviceName,
                    "otel.metrics.exporter", "none",
                    "otel.logs.exporter", "none"))
        .addPropertiesCustomizer(Tracing::exporterOnlyWhenConfigured)
        .build()
        .getOpenTelemetrySdk();
  }

  /**
   * Runs {@code work} in the span {@code span} starts, current while it runs (so the records it
   * writes carry it); a failure marks the span an error and goes on.
   */
  @SuppressWarnings("try") // the span is current for what the work writes, not read here
  public static void within(SpanBuilder span, Runnable work) {
    Span started = span.startSpan();
    try (Scope scope = started.makeCurrent()) {
      work.run();
    } catch (RuntimeException | Error e) {
      started.recordException(e);
      started.setStatus(StatusCode.ERROR, String.valueOf(e.getMessage()));
      throw e;
    } finally {
      started.end();
    }
  }

  /** No exporter and no endpoint set: no exporter, rather than one that fails on every batch. */
  static Map<String, String> exporterOnlyWhenConfigured(ConfigProperties config) {
    boolean configured =
        config.getString("otel.traces.exporter") != null
            || config.getString("otel.exporter.otlp.endpoint") != null
            || config.getString("otel.exporter.otlp.traces.endpoint") != null;
    return configured ? Map.of() : Map.of("otel.traces.exporter", "none");
  }
}
