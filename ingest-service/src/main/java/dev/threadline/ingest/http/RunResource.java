package dev.threadline.ingest.http;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.threadline.config.Limits;
import dev.threadline.config.OpenSlots;
import dev.threadline.ingest.Caller;
import dev.threadline.ingest.Replies;
import dev.threadline.ingest.RunCancellation;
import dev.threadline.ingest.ThreadCall;
import dev.threadline.ingest.ThreadCommandSender;
import dev.threadline.ingest.bodies.MessageJson;
import dev.threadline.ingest.identity.ForAgentKeys;
import dev.threadline.ingest.reads.ProjectorReads;
import io.smallrye.common.annotation.RunOnVirtualThread;
import jakarta.inject.Inject;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.io.InputStream;
import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

/**
 * Runs: a run is the handling of one message a client sent, named by its command's id, from the
 * turn that takes the message to the end of that turn (docs/ingest.md, "Runs"). Sending one answers
 * at once ({@code POST …/runs}), or streams it ({@code …/runs/stream}), or waits for its end
 * ({@code …/runs/wait}); its status, stream and outcome are read from the projector through here,
 * so an app needs one base URL. A retried request with the same {@code Idempotency-Key} names the
 * same run, and its message is applied once.
 */
// Each request on a virtual thread: one waiting on the projector or the broker holds no worker
// every tenant shares (docs/operations.md, "Held reads").
@RunOnVirtualThread
@ForAgentKeys
@Path("/v1/threads/{id}/runs")
@Produces(MediaType.APPLICATION_JSON)
public class RunResource {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Duration READ_TIMEOUT = Duration.ofSeconds(30);

  @Inject Caller caller;
  @Inject ThreadCommandSender sender;
  @Inject ProjectorReads projector;
  @Inject Limits limits;
  @Inject RunCancellation cancellation;

  @POST
  @APIResponse(
      responseCode = "202",
      description = "the run, to stream, join or cancel",
      content = @Content(schema = @Schema(implementation = Replies.RunStarted.class)))
  public Response create(
      @BeanParam ThreadCall call, @RequestBody(ref = "SendMessage") String body) {
    String tenant = sender.tenant(call);
    return caller.replay(
        call.headers(),
        tenant,
        call.threadId() + "/message",
        body,
        () -> {
          String runId = send(call, tenant, body);
          return Response.status(202)
              .header("Location", runPath(call, runId))
              .entity(new Replies.RunStarted(runId, call.threadId(), "pending"))
              .build();
        });
  }

  @POST
  @Path("/stream")
  @Produces(MediaType.SERVER_SENT_EVENTS)
  public Response createAndStream(
      @BeanParam ThreadCall call, @RequestBody(ref = "SendMessage") String body) {
    String tenant = sender.tenant(call);
    Object payload = MessageJson.command(body, limits);
    OpenSlots.Slot slot = projector.hold(tenant);
    String runId = sender.commandId(call.headers(), tenant, call.threadId(), "message");
    // The stream is opened before the message is sent, so it misses none of the run's tokens.
    HttpResponse<InputStream> stream =
        projector.open(tenant, runPath(call, runId) + "/stream", null, slot);
    try {
      sender.publishAs(call.headers(), tenant, call.threadId(), runId, payload);
    } catch (RuntimeException e) {
      ProjectorReads.abandon(stream);
      slot.close();
      throw e;
    }
    return projector.relay(stream, slot).header("Content-Location", runPath(call, runId)).build();
  }

  @POST
  @Path("/wait")
  public Response createAndWait(
      @BeanParam ThreadCall call,
      @QueryParam("wait") @DefaultValue("60") long wait,
      @RequestBody(ref = "SendMessage") String body) {
    String tenant = sender.tenant(call);
    OpenSlots.Slot slot = projector.hold(tenant);
    String runId = sendHolding(slot, call, tenant, body);
    var joined = projector.open(tenant, runPath(call, runId) + "/join?wait=" + wait, null, slot);
    if (joined.statusCode() == 404) {
      // The run was accepted: not seen within the wait (a stack busy starting, say), it is on its
      // way, never missing — answered as a join that outwaited it.
      ProjectorReads.abandon(joined);
      slot.close();
      return Response.status(202)
          .header("Content-Location", runPath(call, runId))
          .entity(Map.of("run", new Replies.RunStarted(runId, call.threadId(), "pending")))
          .build();
    }
    return projector.relay(joined, slot).header("Content-Location", runPath(call, runId)).build();
  }

  /** The thread's runs, newest first, as the projector lists them ({@code docs/ingest.md}). */
  @GET
  public Response list(
      @BeanParam ThreadCall call,
      @QueryParam("status") String status,
      @QueryParam("limit") @DefaultValue("10") long limit,
      @QueryParam("offset") @DefaultValue("0") long offset) {
    String query = "?limit=" + limit + "&offset=" + offset;
    if (status != null) {
      query += "&status=" + URLEncoder.encode(status, StandardCharsets.UTF_8);
    }
    String path = ProjectorReads.threadPath(call.threadId()) + "/runs" + query;
    return projector.relay(sender.tenant(call), path, null, null).build();
  }

  @GET
  @Path("/{runId}")
  public Response get(@BeanParam ThreadCall call, @PathParam("runId") String runId) {
    return projector.relay(sender.tenant(call), runPath(call, runId), null, null).build();
  }

  @GET
  @Path("/{runId}/join")
  public Response join(
      @BeanParam ThreadCall call,
      @PathParam("runId") String runId,
      @QueryParam("wait") @DefaultValue("60") long wait) {
    String tenant = sender.tenant(call);
    return projector
        .relay(tenant, runPath(call, runId) + "/join?wait=" + wait, null, projector.hold(tenant))
        .build();
  }

  @GET
  @Path("/{runId}/stream")
  @Produces(MediaType.SERVER_SENT_EVENTS)
  public Response stream(@BeanParam ThreadCall call, @PathParam("runId") String runId) {
    String lastEventId = call.headers().getHeaderString("Last-Event-ID");
    String tenant = sender.tenant(call);
    return projector
        .relay(tenant, runPath(call, runId) + "/stream", lastEventId, projector.hold(tenant))
        .build();
  }

  /**
   * Cancels a run that is running or interrupted: its turn is aborted (a {@code cancelled} run
   * after). A run still queued, or one that ended, is not cancelled (409).
   */
  @POST
  @Path("/{runId}/cancel")
  @APIResponse(
      responseCode = "202",
      description = "the run is being cancelled",
      content = @Content(schema = @Schema(implementation = Replies.RunCancelling.class)))
  public Response cancel(@BeanParam ThreadCall call, @PathParam("runId") String runId) {
    String tenant = sender.tenant(call);
    return cancellation.cancel(call.headers(), tenant, call.threadId(), runId);
  }

  /** {@link #send}, giving {@code slot} back if the message is refused. */
  private String sendHolding(OpenSlots.Slot slot, ThreadCall call, String tenant, String body) {
    try {
      return send(call, tenant, body);
    } catch (RuntimeException e) {
      slot.close();
      throw e;
    }
  }

  private String send(ThreadCall call, String tenant, String body) {
    Object payload = MessageJson.command(body, limits);
    return sender.publish(call, tenant, "message", payload);
  }

  private static String runPath(ThreadCall call, String runId) {
    return ProjectorReads.runPath(call.threadId(), runId);
  }
}
