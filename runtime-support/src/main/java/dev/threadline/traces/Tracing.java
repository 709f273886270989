package dev.threadline.traces;

import dev.threadline.logs.LogIds;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanBuilder;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.context.Scope;
import io.opentelemetry.sdk.autoconfigure.AutoConfiguredOpenTelemetrySdk;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * A service's OpenTelemetry, set up by the SDK's own autoconfiguration from the standard {@code
 * OTEL_*} environment variables (or {@code otel.*} system properties), so an operator configures
 * Threadline's traces as any other service's. Spans are made only when they leave the process —
 * over OTLP once an endpoint or an exporter is set ({@code OTEL_EXPORTER_OTLP_ENDPOINT}); without
 * one the service makes none and writes no trace header of its own (about 70 bytes on each of the
 * ~16 records of a step, and the CPU of the spans, for nobody), while a trace context a request or
 * record brings still travels on. Metrics and logs are not exported this way: the services have
 * Micrometer's Prometheus endpoint and their log files.
 */
public final class Tracing {
  /** The instrumentation scope of every Threadline span. */
  public static final String SCOPE = "dev.threadline";

  private Tracing() {}

  /** The OpenTelemetry of service {@code serviceName} (unless {@code OTEL_SERVICE_NAME} says). */
  public static OpenTelemetry start(String serviceName) {
    if (!exported(Tracing::standardSetting)) {
      return OpenTelemetry.noop();
    }
    return AutoConfiguredOpenTelemetrySdk.builder()
        .addPropertiesSupplier(
            () ->
                Map.of(
                    "otel.service.name", serviceName,
                    "otel.metrics.exporter", "none",
                    "otel.logs.exporter", "none"))
        .build()
        .getOpenTelemetrySdk();
  }

  /**
   * Runs {@code work} in the span {@code span} starts, current while it runs (so the records it
   * writes carry it, and the lines it logs its trace and span ids); a failure marks the span an
   * error and goes on.
   */
  @SuppressWarnings("try") // the span is current for what the work writes, not read here
  public static void within(SpanBuilder span, Runnable work) {
    Span started = span.startSpan();
    try (Scope scope = started.makeCurrent();
        LogIds ids = LogIds.ofSpan(started.getSpanContext())) {
      work.run();
    } catch (RuntimeException | Error e) {
      started.recordException(e);
      started.setStatus(StatusCode.ERROR, String.valueOf(e.getMessage()));
      throw e;
    } finally {
      started.end();
    }
  }

  /**
   * Whether spans would leave the process: a traces exporter (other than none) or an endpoint among
   * {@code setting}'s (an {@code otel.*} name to its value, or null).
   */
  static boolean exported(UnaryOperator<String> setting) {
    String exporter = setting.apply("otel.traces.exporter");
    return (exporter != null && !exporter.equals("none"))
        || setting.apply("otel.exporter.otlp.endpoint") != null
        || setting.apply("otel.exporter.otlp.traces.endpoint") != null;
  }

  /** An {@code otel.*} setting as the SDK reads it: the system property, else the variable. */
  private static String standardSetting(String name) {
    String value = System.getProperty(name);
    return value != null
        ? value
        : System.getenv(name.toUpperCase(java.util.Locale.ROOT).replace('.', '_'));
  }
}
