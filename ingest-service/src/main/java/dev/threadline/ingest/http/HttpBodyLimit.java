package dev.threadline.ingest.http;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.threadline.ingest.Problem;
import dev.threadline.ingest.bodies.Json;
import io.quarkus.runtime.configuration.MemorySize;
import io.vertx.ext.web.Router;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The HTTP layer's own body limit ({@code quarkus.http.limits.max-body-size}), answered as every
 * other refusal is: problem details naming the limit. Quarkus refuses a declared length over it
 * with a bare 413; this route runs just before that one and says why. A client that sends {@code
 * Expect: 100-continue} (curl does for large bodies) reads it without sending the body; the
 * connection is closed after it, as Quarkus does, so no unread body is left on it.
 */
@ApplicationScoped
public class HttpBodyLimit {
  /** Quarkus's own check runs at order -2. */
  private static final int BEFORE_QUARKUS_LIMIT = -3;

  void install(
      @Observes Router router,
      @ConfigProperty(name = "quarkus.http.limits.max-body-size") MemorySize limit,
      @ConfigProperty(name = "threadline.files.max.bytes", defaultValue = "8000000")
          long fileBytes) {
    long maxBytes = limit.asLongValue();
    byte[] problem = problem(maxBytes, fileBytes);
    router
        .route()
        .order(BEFORE_QUARKUS_LIMIT)
        .handler(
            rc -> {
              if (declaredLength(rc.request().getHeader("Content-Length")) <= maxBytes) {
                rc.next();
                return;
              }
              rc.response()
                  .setStatusCode(413)
                  .putHeader("Content-Type", Problem.MEDIA_TYPE)
                  .putHeader("Connection", "close")
                  .end(io.vertx.core.buffer.Buffer.buffer(problem))
                  .onComplete(done -> rc.request().connection().close());
            });
  }

  private static long declaredLength(String header) {
    try {
      return header == null ? -1 : Long.parseLong(header.trim());
    } catch (NumberFormatException e) {
      return -1; // Quarkus answers a malformed length itself
    }
  }

  private static byte[] problem(long maxBytes, long fileBytes) {
    try {
      return Json.MAPPER.writeValueAsBytes(
          Problem.tooLarge(
                  "$",
                  "a request body may have at most "
                      + maxBytes
                      + " bytes (quarkus.http.limits.max-body-size); a file at most "
                      + fileBytes
                      + " (threadline.files.max.bytes), any other body 1 MiB")
              .problem());
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }
}
