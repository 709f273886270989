package dev.threadline.ingest.reads;

import dev.threadline.config.ApiKeys;
import dev.threadline.config.OpenSlots;
import dev.threadline.ingest.Problem;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.StreamingOutput;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.resteasy.reactive.server.core.CurrentRequestManager;
import org.jboss.resteasy.reactive.server.core.ResteasyReactiveRequestContext;

/**
 * Reads of the projector's API on a caller's behalf, so an app reads what it wrote through the
 * ingest's one base URL: asked with the services' internal token for the tenant the caller's key
 * named here (the projector answers another tenant's thread as a missing one). Bodies come back as
 * they arrive, so a stream is passed on event by event.
 */
@ApplicationScoped
public class ProjectorReads {
  private static final HttpClient HTTP =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

  private static final Duration READ_TIMEOUT = Duration.ofSeconds(30);
  static final String HELD_PER_TENANT = "threadline.ingest.held.reads.per.tenant";
  static final String HELD_TOTAL = "threadline.ingest.held.reads.total";

  private final String projector;
  private final ApiKeys passes;
  private final OpenSlots held;

  public ProjectorReads(
      @ConfigProperty(name = "threadline.projector.url") Optional<String> projector,
      @ConfigProperty(name = "threadline.internal.token") Optional<String> token,
      @ConfigProperty(name = HELD_PER_TENANT, defaultValue = "50") int heldPerTenant,
      @ConfigProperty(name = HELD_TOTAL, defaultValue = "150") int heldTotal) {
    this.projector = projector.map(u -> u.replaceAll("/+$", "")).orElse(null);
    this.passes = ApiKeys.parse(null, null).withInternalToken(token.orElse(null));
    this.held = new OpenSlots(heldPerTenant, heldTotal, HELD_PER_TENANT, HELD_TOTAL);
  }

  /** Whether reads can be asked: the projector's URL and the internal token are set. */
  public boolean configured() {
    return projector != null && passes.tenantPass("", java.time.Instant.EPOCH).isPresent();
  }

  /** The projector's own readiness ({@code /q/health/ready}) within {@code timeout}: its status. */
  public int readiness(Duration timeout) throws IOException, InterruptedException {
    HttpRequest request =
        HttpRequest.newBuilder(URI.create(projector + "/q/health/ready")).timeout(timeout).build();
    return HTTP.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
  }

  /** The projector's path of thread {@code threadId}. */
  public static String threadPath(String threadId) {
    return "/v1/threads/" + URLEncoder.encode(threadId, StandardCharsets.UTF_8);
  }

  /** The projector's path of run {@code runId} of thread {@code threadId}. */
  public static String runPath(String threadId, String runId) {
    return threadPath(threadId) + "/runs/" + URLEncoder.encode(runId, StandardCharsets.UTF_8);
  }

  /**
   * A slot for one of {@code tenant}'s held reads — a stream, a wait for a run, a fenced read, an
   * upload's wait for its new thread, a purge — each of which holds a connection to the projector
   * (and a virtual thread) for as long as it lasts: past the caps a 429, before anything is sent on
   * the request's behalf. Give it to {@link #relay}, or close it.
   */
  public OpenSlots.Slot hold(String tenant) {
    try {
      return held.take(tenant);
    } catch (OpenSlots.Full full) {
      throw Problem.rateLimited(
          "held reads (streams, waits, fenced reads): " + full.getMessage(), 5);
    }
  }

  /**
   * The projector's answer to {@code GET pathAndQuery} for {@code tenant}; {@code timeout} null for
   * a stream, which lasts as long as the projector keeps it open.
   */
  public HttpResponse<InputStream> get(
      String tenant, String pathAndQuery, String lastEventId, Duration timeout) {
    if (!configured()) {
      throw Problem.unavailable(
          "reads through the ingest need threadline.projector.url and threadline.internal.token");
    }
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create(projector + pathAndQuery))
            // A pass for the caller's tenant alone, never the token itself.
            .header(
                "Authorization",
                "Bearer " + passes.tenantPass(tenant, java.time.Instant.now()).orElseThrow());
    if (lastEventId != null && !lastEventId.isBlank()) {
      request.header("Last-Event-ID", lastEventId);
    }
    if (timeout != null) {
      request.timeout(timeout);
    }
    try {
      return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofInputStream());
    } catch (IOException e) {
      throw Problem.unavailable("the projector is unreachable (" + e.getMessage() + "); retry");
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw Problem.unavailable("interrupted while reading from the projector; retry");
    }
  }

  /**
   * The projector's answer to {@code GET pathAndQuery} as this service's: its status and type, its
   * body passed on as it comes. With a {@link #hold held} slot the read may last as long as the
   * projector keeps it open (a stream, a wait) and gives the slot back when it ends; without, it is
   * a read of at most 30 s.
   */
  public Response.ResponseBuilder relay(
      String tenant, String pathAndQuery, String lastEventId, OpenSlots.Slot slot) {
    return relay(open(tenant, pathAndQuery, lastEventId, slot), slot);
  }

  /**
   * {@link #get} for {@link #relay}: a held read has no timeout, and its slot is given back if the
   * projector cannot be asked.
   */
  public HttpResponse<InputStream> open(
      String tenant, String pathAndQuery, String lastEventId, OpenSlots.Slot slot) {
    try {
      return get(tenant, pathAndQuery, lastEventId, slot == null ? READ_TIMEOUT : null);
    } catch (RuntimeException e) {
      if (slot != null) {
        slot.close();
      }
      throw e;
    }
  }

  /**
   * An {@link #open opened} read passed on; {@code slot} given back when it ends — at once when the
   * client goes away ({@link HeldRelay}).
   */
  public Response.ResponseBuilder relay(HttpResponse<InputStream> answer, OpenSlots.Slot slot) {
    String type = answer.headers().firstValue("Content-Type").orElse(MediaType.APPLICATION_JSON);
    Response.ResponseBuilder response =
        Response.status(answer.statusCode()).type(type).header("Cache-Control", "no-cache");
    answer
        .headers()
        .firstValue("Retry-After")
        .ifPresent(seconds -> response.header("Retry-After", seconds));
    HeldRelay held = slot == null ? null : held(slot, answer);
    return response.entity(
        (StreamingOutput)
            out -> {
              if (held == null) {
                try (InputStream in = answer.body()) {
                  in.transferTo(out);
                }
                return;
              }
              try (held) {
                held.pass(out, type.startsWith(MediaType.SERVER_SENT_EVENTS));
              }
            });
  }

  /**
   * A held read of the request being served, relayed from {@code answer}: ended, and {@code slot}
   * given back, as soon as the request's client goes away.
   */
  public HeldRelay held(OpenSlots.Slot slot, HttpResponse<InputStream> answer) {
    ResteasyReactiveRequestContext current = CurrentRequestManager.get();
    return new HeldRelay(slot, answer, current == null ? null : current.serverResponse());
  }

  /** Closes an {@link #open opened} read that will not be passed on (its run was never sent). */
  public static void abandon(HttpResponse<InputStream> answer) {
    try {
      answer.body().close();
    } catch (IOException e) {
      // Abandoned either way: the projector sees the connection close.
    }
  }
}
