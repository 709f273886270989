package dev.threadline.ingest;

import dev.threadline.ingest.identity.Identity;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import java.util.function.Supplier;

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
  private final Map<String, Answer> answers =
      Collections.synchronizedMap(
          new LinkedHashMap<>(1024, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Answer> eldest) {
              return size() > REMEMBERED;
            }
          });

  /** An answer given, and the digest of the body it answered. */
  private record Answer(Response response, byte[] bodyDigest) {}

  public Caller(Tenants tenants) {
    this.tenants = tenants;
  }

  /**
   * Answers a request once per idempotency key: {@code action} runs for the first request, a retry
   * with the same key and body (same tenant, same route) gets the remembered answer, and the key
   * reused with a different body is refused with 422 — the second request would otherwise be
   * dropped as a duplicate of the first.
   */
  public Response replay(
      HttpHeaders headers, String tenant, String route, String body, Supplier<Response> action) {
    String key = headers.getHeaderString("Idempotency-Key");
    if (key == null || key.isBlank()) {
      return action.get();
    }
    String remembered = tenant + "\u0000" + route + "\u0000" + key;
    byte[] digest = digest(body);
    Answer previous = answers.get(remembered);
    if (previous != null) {
      if (!MessageDigest.isEqual(previous.bodyDigest(), digest)) {
        throw Problem.invalid(
            "Idempotency-Key",
            "already used for a different request; a new request needs a new key");
      }
      return Response.status(previous.response().getStatus())
          .entity(previous.response().getEntity())
          .build();
    }
    Response answer = action.get();
    answers.put(remembered, new Answer(answer, digest));
    return answer;
  }

  private static byte[] digest(String body) {
    try {
      return MessageDigest.getInstance("SHA-256")
          .digest((body == null ? "" : body).getBytes(StandardCharsets.UTF_8));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * The caller's tenant, by a bearer key, {@code x-api-key} or an end user's token; 401 without a
   * known one.
   */
  public String tenant(HttpHeaders headers) {
    return identity(headers).tenant();
  }

  /** Who the caller is: its tenant and, for an end user's token, its user; 401 for no one. */
  public Identity identity(HttpHeaders headers) {
    return tenants.identity(headers::getHeaderString);
  }

  /** The end user a request acts for, when it carries an end user's token (not an admin's). */
  public java.util.Optional<Identity> endUser(HttpHeaders headers) {
    return tenants.hasToken(headers::getHeaderString)
        ? java.util.Optional.of(identity(headers)).filter(Identity::endUser)
        : java.util.Optional.empty();
  }

  /**
   * The tenant whose definitions a read is for: the caller's key's, or — for a service's tool
   * loading them by name ({@code ThreadState.getAgent}) — the tenant the internal token names. Only
   * definition reads take the token; 401 without either.
   */
  public String reader(HttpHeaders headers) {
    return tenants.servedBy(headers::getHeaderString).orElseGet(() -> tenant(headers));
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
