package dev.threadline.projector.http;

import com.sun.net.httpserver.HttpExchange;
import java.util.Map;

/** A request's numeric parameters, each checked against its range (400 naming it otherwise). */
final class Params {
  private Params() {}

  static long longParam(
      Map<String, String> query, String name, long defaultValue, long min, long max) {
    String raw = query.get(name);
    return raw == null || raw.isBlank() ? defaultValue : parseLong(name, raw.trim(), min, max);
  }

  static long parseLong(String name, String raw, long min, long max) {
    long value;
    try {
      value = Long.parseLong(raw);
    } catch (NumberFormatException e) {
      throw Problem.badRequest(name + " must be a whole number, not '" + raw + "'");
    }
    if (value < min || value > max) {
      throw Problem.badRequest(name + " must be between " + min + " and " + max);
    }
    return value;
  }

  /** Where a stream resumes: after {@code Last-Event-ID}, or {@code ?after=}. */
  static long after(HttpExchange exchange) {
    String lastEventId = exchange.getRequestHeaders().getFirst("Last-Event-ID");
    return lastEventId != null && !lastEventId.isBlank()
        ? parseLong("Last-Event-ID", lastEventId.trim(), 0, Long.MAX_VALUE)
        : longParam(Router.query(exchange), "after", 0, 0, Long.MAX_VALUE);
  }
}
