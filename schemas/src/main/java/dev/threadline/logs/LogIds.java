package dev.threadline.logs;

import org.slf4j.MDC;

/**
 * The ids of the work a thread of a service is doing, on every log line it writes meanwhile (SLF4J
 * MDC: {@code threadId}, {@code tenantId}, {@code requestId}; in JSON logs, the line's {@code
 * mdc}). Open it around the work; closing removes them. A null id is left out.
 */
public final class LogIds implements AutoCloseable {
  private LogIds() {}

  public static LogIds of(String threadId, String tenantId, String requestId) {
    put("threadId", threadId);
    put("tenantId", tenantId);
    put("requestId", requestId);
    return new LogIds();
  }

  private static void put(String key, String value) {
    if (value == null) {
      MDC.remove(key);
    } else {
      MDC.put(key, value);
    }
  }

  @Override
  public void close() {
    MDC.remove("threadId");
    MDC.remove("tenantId");
    MDC.remove("requestId");
  }
}
