package dev.threadline.ingest;

import dev.threadline.config.ApiKeys;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * Whether a thread exists and is the caller's, as the projector knows it (its read API, with the
 * services' internal token, for the caller's tenant — another tenant's thread is answered as a
 * missing one). A thread created a moment ago may not be projected yet, so a first "no such thread"
 * is asked again fenced at its first event, which the projector waits up to 10 s for. Without
 * {@code threadline.projector.url} and {@code threadline.internal.token} (every shipped deployment
 * sets both) nothing is checked, and the start says so.
 */
@ApplicationScoped
public class ThreadOwners {
  private static final Logger log = Logger.getLogger(ThreadOwners.class);
  private static final HttpClient HTTP =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

  private final String projector;
  private final String token;

  public ThreadOwners(
      @ConfigProperty(name = "threadline.projector.url") Optional<String> projector,
      @ConfigProperty(name = "threadline.internal.token") Optional<String> token) {
    this.projector = projector.map(u -> u.replaceAll("/+$", "")).orElse(null);
    this.token = token.filter(t -> !t.isBlank()).orElse(null);
    if (this.projector == null || this.token == null) {
      log.warn(
          "uploads are not checked against the caller's threads: set threadline.projector.url"
              + " and threadline.internal.token");
    }
  }

  /** Returns if {@code threadId} is a thread of {@code tenant}'s; else a 404 (or a 503). */
  void requireOwned(String tenant, String threadId) {
    if (projector == null || token == null) {
      return;
    }
    int status = status(tenant, threadId, "");
    if (status == 404) {
      // Perhaps created a moment ago: wait for its first event to be projected.
      status = status(tenant, threadId, "?atLeastSeq=1");
    }
    switch (status) {
      case 200 -> {}
      case 404, 503 -> throw Problem.notFound("no thread " + threadId);
      default ->
          throw Problem.unavailable(
              "could not check the thread: the projector answered " + status + "; retry");
    }
  }

  private int status(String tenant, String threadId, String query) {
    HttpRequest request =
        HttpRequest.newBuilder(
                URI.create(
                    projector
                        + "/v1/threads/"
                        + URLEncoder.encode(threadId, StandardCharsets.UTF_8)
                        + query))
            .header("Authorization", "Bearer " + token)
            .header(ApiKeys.TENANT_HEADER, tenant)
            .timeout(Duration.ofSeconds(15))
            .build();
    try {
      return HTTP.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
    } catch (IOException e) {
      throw Problem.unavailable("could not check the thread: " + e.getMessage() + "; retry");
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw Problem.unavailable("interrupted while checking the thread; retry");
    }
  }
}
