package dev.threadline.ingest.http;

import com.fasterxml.jackson.databind.JsonNode;
import dev.threadline.avro.UserMessage;
import dev.threadline.config.Limits;
import dev.threadline.ingest.Caller;
import dev.threadline.ingest.IngestSecrets;
import dev.threadline.ingest.Replies;
import dev.threadline.ingest.ThreadCall;
import dev.threadline.ingest.ThreadCommandSender;
import dev.threadline.ingest.ThreadCreation;
import dev.threadline.ingest.ThreadForks;
import dev.threadline.ingest.bodies.MessageJson;
import dev.threadline.ingest.bodies.ThreadBodies;
import dev.threadline.ingest.bodies.TypedBody;
import dev.threadline.ingest.identity.ForAgentKeys;
import dev.threadline.ingest.kafka.CommandLog;
import dev.threadline.ingest.reads.ProjectorJson;
import dev.threadline.ingest.reads.ProjectorReads;
import io.smallrye.common.annotation.RunOnVirtualThread;
import jakarta.inject.Inject;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.time.Clock;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

/**
 * Threads: create one, fork one (the other commands to a thread are {@link ThreadCommandResource}'s
 * and {@link EffectResource}'s). Every call becomes one {@code ThreadCommand} keyed by thread id
 * and is answered only after the broker acknowledged it.
 */
// Each request on a virtual thread: one waiting on the projector or the broker holds no worker
// every tenant shares (docs/operations.md, "Held reads").
@RunOnVirtualThread
@ForAgentKeys
@Path("/v1/threads")
@Produces(MediaType.APPLICATION_JSON)
public class ThreadResource {
  @Inject Caller caller;
  @Inject CommandLog log;
  @Inject ThreadCommandSender sender;
  @Inject Limits limits;
  @Inject IngestSecrets secrets;
  @Inject TypedBody typed;
  @Inject ThreadCreation creation;
  @Inject ThreadForks forks;
  @Inject ProjectorReads reads;
  private final Clock clock = Clock.systemUTC();

  @POST
  @APIResponse(
      responseCode = "201",
      description = "the thread's id",
      content = @Content(schema = @Schema(implementation = Replies.ThreadCreated.class)))
  public Response create(
      @RequestBody(ref = "CreateThread") String body, @Context HttpHeaders headers) {
    String tenant = caller.tenant(headers);
    return caller.replay(
        headers, tenant, "create", body, () -> createThread(tenant, body, headers));
  }

  private Response createThread(String tenant, String body, HttpHeaders headers) {
    ThreadBodies.CreateThread request = typed.read(body, ThreadBodies.CreateThread.class, "");
    JsonNode m = request.message();
    UserMessage message =
        m != null && !m.isNull() ? MessageJson.messageOrText(m, "message.", limits) : null;
    String threadId = Caller.id(headers, tenant, "thread");
    creation.create(
        headers,
        tenant,
        threadId,
        request.agent(),
        message,
        ThreadBodies.metadata(request),
        request.env());
    return Response.status(201).entity(new Replies.ThreadCreated(threadId)).build();
  }

  /**
   * Forks the thread into a new one that goes on from its state at event {@code atSeq} (default:
   * its last): the messages of its window then, its values then, its agent, env and metadata as
   * they are. 201 once the new thread holds what it copied (202 if it does not yet after 30 s).
   */
  @POST
  @Path("/{id}/fork")
  @APIResponse(
      responseCode = "201",
      description = "the new thread and where it comes from",
      content = @Content(schema = @Schema(implementation = Replies.ThreadForked.class)))
  public Response fork(@BeanParam ThreadCall call, @RequestBody(ref = "Fork") String body) {
    String tenant = sender.tenant(call);
    return caller.replay(
        call.headers(),
        tenant,
        call.threadId() + "/fork",
        body,
        () -> {
          Long atSeq =
              body == null || body.isBlank()
                  ? null
                  : typed.read(body, ThreadBodies.Fork.class, "").atSeq();
          ThreadForks.Forked f =
              forks.fork(
                  call.headers(), tenant, new ProjectorJson(reads, tenant), call.threadId(), atSeq);
          return Response.status(f.seeded() ? 201 : 202)
              .entity(
                  new Replies.ThreadForked(
                      f.threadId(),
                      new Replies.ForkedFrom(f.fromThreadId(), f.atSeq()),
                      f.seeded()))
              .build();
        });
  }
}
