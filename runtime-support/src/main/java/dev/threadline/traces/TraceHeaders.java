package dev.threadline.traces;

import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.propagation.TextMapGetter;
import io.opentelemetry.context.propagation.TextMapPropagator;
import io.opentelemetry.context.propagation.TextMapSetter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeaders;

/**
 * The trace context a record carries in its headers (W3C {@code traceparent}, with the propagators
 * the service's OpenTelemetry has), so one thread's step is one trace across the ingest, the step
 * processor, the executors and the projector.
 */
public final class TraceHeaders {
  private TraceHeaders() {}

  private static final TextMapGetter<Headers> GETTER =
      new TextMapGetter<>() {
        @Override
        public Iterable<String> keys(Headers headers) {
          List<String> keys = new ArrayList<>();
          headers.forEach(h -> keys.add(h.key()));
          return keys;
        }

        @Override
        public String get(Headers headers, String key) {
          Header header = headers == null ? null : headers.lastHeader(key);
          return header == null || header.value() == null
              ? null
              : new String(header.value(), StandardCharsets.UTF_8);
        }
      };

  private static final TextMapSetter<Headers> SETTER =
      (headers, key, value) -> {
        headers.remove(key);
        headers.add(key, value.getBytes(StandardCharsets.UTF_8));
      };

  private static final TextMapPropagator W3C = W3CTraceContextPropagator.getInstance();

  private static final TextMapGetter<UnaryOperator<String>> HTTP_GETTER =
      new TextMapGetter<>() {
        @Override
        public Iterable<String> keys(UnaryOperator<String> header) {
          return W3C.fields();
        }

        @Override
        public String get(UnaryOperator<String> header, String key) {
          return header == null ? null : header.apply(key);
        }
      };

  /** The context {@code headers} carry (the root context when they carry none). */
  public static Context extract(Headers headers) {
    return W3C.extract(Context.root(), headers, GETTER);
  }

  /**
   * The context an HTTP request's headers carry ({@code header}: a header's value by name, or
   * null), so a caller's own trace goes on through what it asked for.
   */
  public static Context extractHttp(UnaryOperator<String> header) {
    return W3C.extract(Context.root(), header, HTTP_GETTER);
  }

  /** {@code headers} with {@code context} written into them, replacing what they carried. */
  public static Headers inject(Context context, Headers headers) {
    W3C.inject(context, headers, SETTER);
    return headers;
  }

  /** New headers carrying the current context (none when no span is current). */
  public static Headers current() {
    return inject(Context.current(), new RecordHeaders());
  }
}
