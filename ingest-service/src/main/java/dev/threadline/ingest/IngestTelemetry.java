package dev.threadline.ingest;

import dev.threadline.avro.ThreadCommand;
import dev.threadline.traces.KafkaSpans;
import dev.threadline.traces.Tracing;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanBuilder;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * The ingest's OpenTelemetry, set up as the other services' ({@link Tracing}: the standard {@code
 * OTEL_*} variables, exported only when an endpoint is set). Quarkus's own OpenTelemetry extension
 * is the usual way; its release for this platform is not in the registry Threadline builds from, so
 * the ingest uses the SDK directly and traces each request it answers ({@link RequestSpans}) and,
 * within it, the commands it publishes ({@link CommandLog}).
 */
@ApplicationScoped
public class IngestTelemetry {
  private final OpenTelemetry telemetry = Tracing.start("threadline-ingest");

  private final Tracer tracer = telemetry.getTracer(Tracing.SCOPE);

  /**
   * Runs {@code send} of {@code command} in its span — a child of {@code caller}, the trace the
   * request carried, if any — current so that the record carries it: the step processor's decision
   * on it is its child.
   */
  public void publishing(ThreadCommand command, String topic, Context caller, Runnable send) {
    Tracing.within(publishSpan(tracer, command, topic, caller), send);
  }

  /**
   * The span that sends {@code command} to {@code topic}: a producer's, by the messaging
   * conventions, the thread as its record's key.
   */
  static SpanBuilder publishSpan(
      Tracer tracer, ThreadCommand command, String topic, Context caller) {
    return tracer
        .spanBuilder("publish " + command.getPayload().getClass().getSimpleName())
        .setParent(caller)
        .setSpanKind(SpanKind.PRODUCER)
        .setAttribute("threadline.thread.id", command.getThreadId())
        .setAllAttributes(KafkaSpans.sending(topic, command.getThreadId()));
  }

  /**
   * The span of one HTTP request ({@code POST /v1/threads/{id}/messages}), a child of the trace the
   * request carried in {@code traceparent}, if any; started, to be ended by the caller.
   */
  public Span request(String method, String route, String path, Context caller) {
    return tracer
        .spanBuilder(method + " " + route)
        .setParent(caller)
        .setSpanKind(SpanKind.SERVER)
        .setAttribute("http.request.method", method)
        .setAttribute("http.route", route)
        .setAttribute("url.path", path)
        .startSpan();
  }

  /** Sends what is still batched before the process ends. */
  @PreDestroy
  void close() {
    if (telemetry instanceof OpenTelemetrySdk sdk) {
      sdk.close();
    }
  }
}
