package dev.threadline.logs;

import java.util.HashMap;
import java.util.Map;
import org.slf4j.MDC;

/**
 * The ids of the work a thread of a service is doing, on every log line it writes meanwhile (SLF4J
 * MDC: {@code threadId}, {@code tenantId}, {@code requestId}, and the trace's {@code traceId} and
 * {@code spanId}; in JSON logs, the line's {@code mdc}). Open it around the work; closing puts back
 * what was there before, so they nest. A null id leaves what is there.
 */
public final class LogIds implements AutoCloseable {
  private final Map<String, String> before = new HashMap<>();

  private LogIds() {}

  public static LogIds of(String threadId, String tenantId, String requestId) {
    LogIds ids = new LogIds();
    ids.put("threadId", threadId);
    ids.put("tenantId", tenantId);
    ids.put("requestId", requestId);
    return ids;
  }

  /** The trace and span of {@code span}, when it has any (a record or request brought one). */
  public static LogIds ofSpan(io.opentelemetry.api.trace.SpanContext span) {
    LogIds ids = new LogIds();
    if (span.isValid()) {
      ids.put("traceId", span.getTraceId());
      ids.put("spanId", span.getSpanId());
    }
    return ids;
  }

  private void put(String key, String value) {
    if (value != null) {
      before.put(key, MDC.get(key));
      MDC.put(key, value);
    }
  }

  @Override
  public void close() {
    before.forEach(
        (key, value) -> {
          if (value == null) {
            MDC.remove(key);
          } else {
            MDC.put(key, value);
          }
        });
  }
}
