package dev.threadline.projector.http;

import com.sun.net.httpserver.HttpExchange;
import dev.threadline.config.ApiKeys;
import java.time.Clock;
import java.time.Duration;

/**
 * How one projector instance vouches for a request it forwards to another: it sends the tenant it
 * authenticated and a signature of the request with the internal token ({@code
 * threadline.internal.token}, the same on every instance) — never the caller's API key, nor the
 * token itself — so an address in the group's metadata that is not a projector learns nothing it
 * can use elsewhere. The signature covers the path, query, tenant and time, and holds for {@link
 * #VALID}.
 */
final class ForwardedRequests {
  /** The header of a forwarded request: {@code <epoch second>.<signature>}. */
  static final String HEADER = "X-Threadline-Forwarded";

  static final Duration VALID = Duration.ofSeconds(60);

  private final ApiKeys keys;
  private final Clock clock;

  ForwardedRequests(ApiKeys keys, Clock clock) {
    this.keys = keys;
    this.clock = clock;
  }

  /** The {@link #HEADER} value for forwarding {@code pathAndQuery} for {@code tenant}. */
  String vouch(String pathAndQuery, String tenant) {
    long now = clock.instant().getEpochSecond();
    String signature =
        keys.sign(payload(now, pathAndQuery, tenant))
            .orElseThrow(
                () ->
                    Problem.unavailable(
                        "another projector instance owns this; forwarding to it needs"
                            + " threadline.internal.token set, the same, on every instance"));
    return now + "." + signature;
  }

  /** The tenant a forwarded {@code exchange} is for, if another instance vouched for it. */
  String tenantOf(HttpExchange exchange) {
    String header = exchange.getRequestHeaders().getFirst(HEADER);
    String tenant = exchange.getRequestHeaders().getFirst(ApiKeys.TENANT_HEADER);
    int dot = header == null ? -1 : header.indexOf('.');
    if (dot < 1 || tenant == null || tenant.isBlank()) {
      throw Problem.unauthorized("a forwarded request needs its signature and tenant");
    }
    long at;
    try {
      at = Long.parseLong(header.substring(0, dot));
    } catch (NumberFormatException e) {
      throw Problem.unauthorized("a forwarded request needs its signature and tenant");
    }
    long age = Math.abs(clock.instant().getEpochSecond() - at);
    if (age > VALID.toSeconds()
        || !keys.verify(payload(at, pathAndQuery(exchange), tenant), header.substring(dot + 1))) {
      throw Problem.unauthorized("the forwarded request's signature does not hold");
    }
    return tenant;
  }

  static String pathAndQuery(HttpExchange exchange) {
    var uri = exchange.getRequestURI();
    return uri.getRawPath() + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery());
  }

  private static String payload(long at, String pathAndQuery, String tenant) {
    return at + "\n" + tenant + "\n" + pathAndQuery;
  }
}
