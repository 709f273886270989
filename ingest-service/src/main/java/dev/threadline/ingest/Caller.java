package dev.threadline.ingest;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.core.HttpHeaders;
import java.nio.charset.StandardCharsets;
import java.util.UUID;

/**
 * Who is calling (from the bearer key) and the ids their requests get. Ids derived from an {@code
 * Idempotency-Key} are deterministic, so a retried request carries the same command id through any
 * instance and the step processor applies it once; {@link #replay} additionally remembers recent
 * answers so a retry to the same instance writes nothing new.
 */
@ApplicationScoped
public class Caller {
  private static final int REMEMBERED = 10_000;
  private final Tenants tenants;
  private final java.util.Map<String, jakarta.ws.rs.core.Response> answers =
      java.util.Collections.synchronizedMap(
          new java.util.LinkedHashMap<>(1024, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(
                java.util.Map.Entry<String, jakarta.ws.rs.core.Response> eldest) {
              return size() > REMEMBERED;
            }
          });

  public Caller(Tenants tenants) {
    this.tenants = tenants;
  }

  /**
   * Answers a request once per idempotency key: {@code action} runs for the first request, a retry
   * with the same key (same tenant, same route) gets the remembered answer.
   */
  public jakarta.ws.rs.core.Response replay(
      HttpHeaders headers,
      String tenant,
      String route,
      java.util.function.Supplier<jakarta.ws.rs.core.Response> action) {
    String key = headers.getHeaderString("Idempotency-Key");
    if (key == null || key.isBlank()) {
      return action.get();
    }
    String remembered = tenant + "\u0000" + route + "\u0000" + key;
    jakarta.ws.rs.core.Response previous = answers.get(remembered);
    if (previous != null) {
      return jakarta.ws.rs.core.Response.status(previous.getStatus())
          .entity(previous.getEntity())
          .build();
    }
    jakarta.ws.rs.core.Response answer = action.get();
    answers.put(remembered, answer);
    return answer;
  }

  /** The caller's tenant; 401 without a known key. */
  public String tenant(HttpHeaders headers) {
    return tenants
        .tenantOf(headers.getHeaderString(HttpHeaders.AUTHORIZATION))
        .orElseThrow(Problem::unauthorized);
  }

  /**
   * A fresh id, or with an {@code Idempotency-Key} one derived from the tenant, the key and the
   * purpose: a retried request gets the same id, so the step processor applies it once.
   */
  public static String id(HttpHeaders headers, String tenant, String purpose) {
    String key = headers.getHeaderString("Idempotency-Key");
    if (key == null || key.isBlank()) {
      return UUID.randomUUID().toString();
    }
    return UUID.nameUUIDFromBytes(
            (tenant + "\u0000" + key + "\u0000" + purpose).getBytes(StandardCharsets.UTF_8))
        .toString();
  }
}
