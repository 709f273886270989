package dev.threadline.ingest.langgraph;

import static dev.threadline.ingest.langgraph.LangChainMessages.JSON;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.threadline.config.OpenSlots;
import dev.threadline.ingest.Caller;
import dev.threadline.ingest.Problem;
import dev.threadline.ingest.RunCancellation;
import dev.threadline.ingest.ThreadCommandSender;
import dev.threadline.ingest.identity.ForAgentKeys;
import dev.threadline.ingest.identity.ForEndUsers;
import dev.threadline.ingest.reads.ProjectorJson;
import dev.threadline.ingest.reads.ProjectorReads;
import io.smallrye.common.annotation.RunOnVirtualThread;
import jakarta.inject.Inject;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.io.InputStream;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * The LangGraph Agent Server's runs ({@code docs/langgraph-api.md}): create one in the background,
 * stream it, wait for it, read, join, rejoin and cancel it — on a thread, or stateless on a new
 * one. Each is a Threadline run read through the projector and translated ({@link RunStreams}).
 */
// Each request on a virtual thread: one waiting on the projector or the broker holds no worker
// every tenant shares (docs/operations.md, "Held reads").
@ForAgentKeys
@ForEndUsers
@RunOnVirtualThread
@Path("/")
@Produces(MediaType.APPLICATION_JSON)
public class AgentServerRuns {
  @Inject Caller caller;
  @Inject ThreadCommandSender sender;
  @Inject ProjectorReads reads;
  @Inject RunStarts starts;
  @Inject RunStreams streams;
  @Inject RunCancellation cancellation;
  @Inject RunDeletion deletion;
  @Context HttpHeaders headers;

  @POST
  @Path("threads/{thread_id}/runs")
  public Response create(@PathParam("thread_id") String threadId, String body) {
    String tenant = tenant(threadId);
    JsonNode request = LangGraphJson.body(body);
    String runId = starts.runId(headers, tenant, threadId);
    starts.start(headers, tenant, threadId, runId, request);
    String now = Instant.now().toString();
    return Response.ok(
            run(runId, threadId, request.path("assistant_id").asText(""), "pending", now, now))
        .build();
  }

  @POST
  @Path("threads/{thread_id}/runs/stream")
  @Produces(MediaType.SERVER_SENT_EVENTS)
  public Response stream(@PathParam("thread_id") String threadId, String body) {
    String tenant = tenant(threadId);
    JsonNode request = LangGraphJson.body(body);
    OpenSlots.Slot slot = reads.hold(tenant);
    String runId = starts.runId(headers, tenant, threadId);
    ThreadMessages state;
    HttpResponse<InputStream> source;
    try {
      state = ThreadMessages.read(new ProjectorJson(reads, tenant), threadId);
    } catch (RuntimeException e) {
      slot.close();
      throw e;
    }
    // Opened before the run's command is sent: the stream misses none of its tokens.
    source = streams.open(tenant, threadId, runId, null, slot);
    try {
      starts.start(headers, tenant, threadId, runId, request);
    } catch (RuntimeException e) {
      ProjectorReads.abandon(source);
      slot.close();
      throw e;
    }
    return streams.stream(threadId, runId, RunStreams.modes(request), state, source, slot);
  }

  @POST
  @Path("runs/stream")
  @Produces(MediaType.SERVER_SENT_EVENTS)
  public Response streamStateless(String body) {
    return stream(UUID.randomUUID().toString(), body);
  }

  @POST
  @Path("threads/{thread_id}/runs/wait")
  public Response waitFor(@PathParam("thread_id") String threadId, String body) {
    String tenant = tenant(threadId);
    JsonNode request = LangGraphJson.body(body);
    OpenSlots.Slot slot = reads.hold(tenant);
    String runId = starts.runId(headers, tenant, threadId);
    try {
      starts.start(headers, tenant, threadId, runId, request);
    } catch (RuntimeException e) {
      slot.close();
      throw e;
    }
    return streams.join(tenant, threadId, runId, slot);
  }

  @POST
  @Path("runs/wait")
  public Response waitStateless(String body) {
    return waitFor(UUID.randomUUID().toString(), body);
  }

  /**
   * The thread's runs, newest first. LangGraph's {@code interrupted} is Threadline's interrupted
   * and cancelled runs both; {@code timeout} is a status no Threadline run has.
   */
  @GET
  @Path("threads/{thread_id}/runs")
  public Response list(
      @PathParam("thread_id") String threadId,
      @QueryParam("limit") @DefaultValue("10") long limit,
      @QueryParam("offset") @DefaultValue("0") long offset,
      @QueryParam("status") String status) {
    ProjectorJson projector = new ProjectorJson(reads, tenant(threadId));
    JsonNode summary = projector.summary(threadId);
    if (summary == null) {
      throw Problem.notFound("no thread " + threadId);
    }
    String statuses = status == null ? null : RunTranslation.threadlineStatuses(status);
    ArrayNode answer = JSON.createArrayNode();
    if (statuses != null && statuses.isEmpty()) {
      return Response.ok(answer).build();
    }
    String query = "?limit=" + limit + "&offset=" + offset;
    if (statuses != null) {
      query += "&status=" + statuses;
    }
    JsonNode runs = projector.read(ProjectorReads.threadPath(threadId) + "/runs" + query);
    if (runs != null) {
      String agent = summary.path("agent").asText();
      runs.path("runs").forEach(run -> answer.add(run(threadId, agent, run)));
    }
    return Response.ok(answer).build();
  }

  @GET
  @Path("threads/{thread_id}/runs/{run_id}")
  public Response get(@PathParam("thread_id") String threadId, @PathParam("run_id") String runId) {
    ProjectorJson projector = new ProjectorJson(reads, tenant(threadId));
    JsonNode run = projector.read(ProjectorReads.runPath(threadId, runId));
    JsonNode summary = projector.summary(threadId);
    if (run == null || summary == null) {
      throw Problem.notFound("no run " + runId + " on thread " + threadId);
    }
    return Response.ok(run(threadId, summary.path("agent").asText(), run)).build();
  }

  @GET
  @Path("threads/{thread_id}/runs/{run_id}/join")
  public Response join(@PathParam("thread_id") String threadId, @PathParam("run_id") String runId) {
    String tenant = tenant(threadId);
    return streams.join(tenant, threadId, runId, reads.hold(tenant));
  }

  @GET
  @Path("threads/{thread_id}/runs/{run_id}/stream")
  @Produces(MediaType.SERVER_SENT_EVENTS)
  public Response rejoin(
      @PathParam("thread_id") String threadId,
      @PathParam("run_id") String runId,
      @HeaderParam("Last-Event-ID") String lastEventId,
      @QueryParam("stream_mode") List<String> streamMode) {
    String tenant = tenant(threadId);
    // "-1" is the SDKs' "from the start" (useStream's reconnectOnMount sends it).
    String after = "-1".equals(lastEventId) ? null : lastEventId;
    OpenSlots.Slot slot = reads.hold(tenant);
    ThreadMessages state;
    try {
      state = RunStreams.stateBefore(new ProjectorJson(reads, tenant), threadId, runId, after);
    } catch (RuntimeException e) {
      slot.close();
      throw e;
    }
    return streams.stream(
        threadId,
        runId,
        RunStreams.modes(streamMode),
        state,
        streams.open(tenant, threadId, runId, after, slot),
        slot);
  }

  /** {@code runs.delete}: an ended run forgotten (204); 409 for one queued or running. */
  @DELETE
  @Path("threads/{thread_id}/runs/{run_id}")
  public Response delete(
      @PathParam("thread_id") String threadId, @PathParam("run_id") String runId) {
    deletion.delete(headers, tenant(threadId), threadId, runId);
    return Response.noContent().build();
  }

  @POST
  @Path("threads/{thread_id}/runs/{run_id}/cancel")
  public Response cancel(
      @PathParam("thread_id") String threadId, @PathParam("run_id") String runId) {
    return cancellation.cancel(headers, tenant(threadId), threadId, runId);
  }

  private String tenant(String threadId) {
    return sender.tenant(threadId, headers);
  }

  /** Threadline's {@code run} as LangGraph's Run. */
  private static ObjectNode run(String threadId, String agent, JsonNode run) {
    return run(
        run.path("runId").asText(),
        threadId,
        agent,
        RunTranslation.status(run.path("status").asText()),
        run.path("createdAt").asText(),
        run.path("updatedAt").asText());
  }

  private static ObjectNode run(
      String runId, String threadId, String assistant, String status, String at, String updated) {
    ObjectNode run =
        JSON.createObjectNode()
            .put("run_id", runId)
            .put("thread_id", threadId)
            .put("assistant_id", assistant)
            .put("status", status)
            .put("created_at", at)
            .put("updated_at", updated)
            .putNull("multitask_strategy");
    run.putObject("metadata");
    return run;
  }
}
