package dev.threadline.ingest;

import dev.threadline.ingest.identity.Identity;
import dev.threadline.ingest.identity.ThreadOwners;
import dev.threadline.ingest.kafka.CommandLog;
import dev.threadline.keys.ThreadIds;
import dev.threadline.topics.CommandEnvelope;
import dev.threadline.traces.TraceHeaders;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import java.time.Clock;
import java.util.function.Supplier;

/**
 * How an endpoint turns a request on a thread into one {@code ThreadCommand} keyed by the thread's
 * id, answered only after the broker acknowledged it.
 */
@ApplicationScoped
public class ThreadCommandSender {
  @Inject Caller caller;
  @Inject CommandLog log;
  @Inject RequestTrace trace;
  @Inject StoredBytesQuota storedBytes;
  @Inject ThreadOwners owners;
  private final Clock clock = Clock.systemUTC();

  /**
   * The command endpoints' one shape: check the caller and the thread id (401, 404), build the
   * payload from the request (400, 422), publish it and answer 202 with the command id.
   */
  public Response command(ThreadCall call, String purpose, Supplier<Object> payload) {
    String tenant = tenant(call);
    return accepted(publish(call, tenant, purpose, payload.get()));
  }

  /** {@link #tenant(String, HttpHeaders)} of a call on one thread. */
  public String tenant(ThreadCall call) {
    return tenant(call.threadId(), call.headers());
  }

  /** {@link #publish(HttpHeaders, String, String, String, Object)} to the thread a call names. */
  public String publish(ThreadCall call, String tenant, String purpose, Object payload) {
    return publish(call.headers(), tenant, call.threadId(), purpose, payload);
  }

  /**
   * The caller's tenant, for a command on a thread id that could exist — for an end user's token,
   * one that is theirs or free ({@link ThreadOwners}). Whether the thread exists and is the
   * tenant's is the step processor's to decide ("unknown thread" for both): an answer here that
   * told another tenant's thread apart from a missing one would tell a tenant which of another's
   * thread ids exist (docs/ingest.md).
   */
  public String tenant(String threadId, HttpHeaders headers) {
    Identity who = caller.identity(headers);
    if (!ThreadIds.isValid(threadId)) {
      throw Problem.notFound("no thread '" + threadId + "'");
    }
    owners.check(who, threadId);
    return who.tenant();
  }

  /** Publishes {@code payload} to thread {@code threadId}; returns the command's id. */
  public String publish(
      HttpHeaders headers, String tenant, String threadId, String purpose, Object payload) {
    return publishAs(
        headers, tenant, threadId, commandId(headers, tenant, threadId, purpose), payload);
  }

  /**
   * The id a command for {@code purpose} on the thread gets: derived from the request's {@code
   * Idempotency-Key}, or fresh — known before it is sent, so a run's stream can be opened first.
   */
  public String commandId(HttpHeaders headers, String tenant, String threadId, String purpose) {
    return Caller.id(headers, tenant, threadId + "/" + purpose);
  }

  /**
   * Publishes {@code payload} to thread {@code threadId} as command {@code commandId}, unless it
   * adds to threads that hold the tenant's most ({@link StoredBytesQuota}).
   */
  public String publishAs(
      HttpHeaders headers, String tenant, String threadId, String commandId, Object payload) {
    storedBytes.check(tenant, payload);
    // Published within the request's span; outside a traced request, in the caller's trace.
    io.opentelemetry.context.Context parent = trace.context();
    log.publish(
        CommandEnvelope.of(commandId, tenant, threadId, clock.instant(), payload),
        parent != null ? parent : TraceHeaders.extractHttp(headers::getHeaderString));
    return commandId;
  }

  public static Response accepted(String commandId) {
    return Response.status(202).entity(new Replies.Accepted(commandId)).build();
  }
}
