package dev.threadline.ingest.langgraph;

import static dev.threadline.ingest.langgraph.LangChainMessages.JSON;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.threadline.avro.DeleteThread;
import dev.threadline.ingest.Caller;
import dev.threadline.ingest.Problem;
import dev.threadline.ingest.ThreadCommandSender;
import dev.threadline.ingest.ThreadCreation;
import dev.threadline.ingest.ThreadForks;
import dev.threadline.ingest.bodies.ThreadBodies;
import dev.threadline.ingest.identity.ForAgentKeys;
import dev.threadline.ingest.identity.ForEndUsers;
import dev.threadline.ingest.identity.Identity;
import dev.threadline.ingest.identity.ReadsOnly;
import dev.threadline.ingest.identity.ThreadOwners;
import dev.threadline.ingest.identity.UserThreadQuota;
import dev.threadline.ingest.kafka.CommandLog;
import dev.threadline.ingest.reads.ProjectorJson;
import dev.threadline.ingest.reads.ProjectorReads;
import dev.threadline.store.StoreLimits;
import io.smallrye.common.annotation.RunOnVirtualThread;
import jakarta.inject.Inject;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.List;
import java.util.UUID;

/**
 * The LangGraph Agent Server's threads: create, get, update (metadata), copy, search (by status,
 * metadata, ids), state (read, and messages added), history, delete. A LangGraph thread exists
 * before its first run, a Threadline thread only with its agent: a thread created without {@code
 * graph_id} is {@linkplain DeclaredThreads declared} until its first run ({@code assistant_id})
 * creates it on Threadline with the metadata it was given. Any id the tenant has no thread under
 * reads as a new, empty thread, so nothing tells another tenant's thread apart from a free id.
 */
// Each request on a virtual thread: one waiting on the projector or the broker holds no worker
// every tenant shares (docs/operations.md, "Held reads").
@RunOnVirtualThread
@ForAgentKeys
@Path("/")
@Produces(MediaType.APPLICATION_JSON)
public class AgentServerThreads {
  /** How long {@code POST /threads} waits for the thread it created to read as created. */
  private static final java.time.Duration CREATED_WITHIN = java.time.Duration.ofSeconds(10);

  @Inject Caller caller;
  @Inject ThreadCommandSender sender;
  @Inject ThreadCreation creation;
  @Inject ThreadForks forks;
  @Inject StateUpdates stateUpdates;
  @Inject ProjectorReads reads;
  @Inject CommandLog log;
  @Inject StoreLimits storeLimits;
  @Inject UserThreadQuota userThreads;
  @Context HttpHeaders headers;

  @ForEndUsers
  @POST
  @Path("threads")
  public Response create(String body) {
    Identity who = caller.identity(headers);
    String tenant = who.tenant();
    JsonNode request = LangGraphJson.body(body);
    String threadId = request.path("thread_id").asText(UUID.randomUUID().toString());
    sender.tenant(threadId, headers);
    // The SDKs send the graph in the metadata.
    String graph =
        request.path("graph_id").asText(request.path("metadata").path("graph_id").asText(""));
    ProjectorJson projector = new ProjectorJson(reads, tenant);
    if (graph.isBlank()) {
      if (who.agentScoped()) {
        // A declared thread runs no agent until its first run: none a scoped key could reach.
        throw Problem.forbidden(
            "a key scoped to agents "
                + who.agents()
                + " creates a thread on one of them: name it as graph_id");
      }
      JsonNode metadata =
          JSON.valueToTree(ThreadOwners.owned(RunStarts.metadata(request.path("metadata")), who));
      return Response.ok(declare(projector, who, threadId, metadata)).build();
    }
    if (projector.summary(threadId) == null) {
      creation.create(
          headers,
          tenant,
          threadId,
          graph,
          null,
          RunStarts.metadata(request.path("metadata")),
          null);
      // Answered once the thread reads as created: a run sent right after finds it, and does not
      // create it a second time ("thread already exists"); it is listed at once too.
      projector.awaitSummary(threadId, CREATED_WITHIN);
    }
    ObjectNode thread = ThreadViews.fresh(threadId);
    if (request.path("metadata").isObject()) {
      thread.set("metadata", request.path("metadata"));
    }
    return Response.ok(thread).build();
  }

  /**
   * A thread without a graph: declared until its first run ({@link DeclaredThreads}); one that
   * exists, or is declared already, is answered as it is.
   */
  private ObjectNode declare(
      ProjectorJson projector, Identity who, String threadId, JsonNode metadata) {
    JsonNode summary = projector.summary(threadId);
    if (summary != null) {
      return ThreadViews.thread(projector, threadId, summary);
    }
    DeclaredThreads declared = declared(projector, who.tenant());
    ObjectNode found = declared.find(threadId);
    if (found == null) {
      userThreads.check(who, threadId);
      declared.declare(threadId, metadata);
      found = declared.find(threadId);
    }
    return found == null ? ThreadViews.fresh(threadId) : found;
  }

  @ForEndUsers
  @GET
  @Path("threads/{thread_id}")
  public Response get(@PathParam("thread_id") String threadId) {
    String tenant = sender.tenant(threadId, headers);
    ProjectorJson projector = new ProjectorJson(reads, tenant);
    JsonNode summary = projector.summary(threadId);
    if (summary == null) {
      ObjectNode found = declared(projector, tenant).find(threadId);
      return Response.ok(found == null ? ThreadViews.fresh(threadId) : found).build();
    }
    return Response.ok(ThreadViews.thread(projector, threadId, summary)).build();
  }

  /**
   * {@code threads.update}: the metadata given merged into the thread's (an entry given null is
   * removed; other values than text kept as their JSON); answered as the thread with it merged.
   */
  @ForEndUsers
  @PATCH
  @Path("threads/{thread_id}")
  public Response update(@PathParam("thread_id") String threadId, String body) {
    String tenant = sender.tenant(threadId, headers);
    JsonNode metadata = LangGraphJson.body(body).path("metadata");
    if (!metadata.isObject()) {
      throw Problem.invalid("metadata", "required: an object of the entries to set");
    }
    if (metadata.has(ThreadOwners.OWNER) && caller.identity(headers).endUser()) {
      throw Problem.invalid("metadata.owner", "a thread's owner is the user who made it");
    }
    ProjectorJson projector = new ProjectorJson(reads, tenant);
    JsonNode summary = projector.summary(threadId);
    java.util.Map<String, String> changes = new java.util.TreeMap<>();
    metadata
        .properties()
        .forEach(
            e ->
                changes.put(
                    e.getKey(),
                    e.getValue().isNull()
                        ? null
                        : e.getValue().isTextual()
                            ? e.getValue().asText()
                            : e.getValue().toString()));
    if (summary == null) {
      ObjectNode declared = declared(projector, tenant).update(threadId, changes);
      if (declared == null) {
        throw Problem.notFound("no thread " + threadId);
      }
      return Response.ok(declared).build();
    }
    sender.publish(headers, tenant, threadId, "metadata", ThreadBodies.metadataChange(changes));
    ObjectNode thread = ThreadViews.thread(projector, threadId, summary);
    ObjectNode merged = thread.withObjectProperty("metadata");
    changes.forEach(
        (k, v) -> {
          if (v == null) {
            merged.remove(k);
          } else {
            merged.set(k, metadata.get(k));
          }
        });
    return Response.ok(thread).build();
  }

  /**
   * {@code threads.copy}: a new thread that goes on from this one as it is now — a fork at its last
   * event ({@link ThreadForks}), its messages, values, agent and env.
   */
  // Closed to end users: a fork does not carry its source's metadata, so a user's copy would have
  // no owner and be theirs to make but not to read.
  @POST
  @Path("threads/{thread_id}/copy")
  public Response copy(@PathParam("thread_id") String threadId) {
    String tenant = sender.tenant(threadId, headers);
    ProjectorJson projector = new ProjectorJson(reads, tenant);
    ThreadForks.Forked forked = forks.fork(headers, tenant, projector, threadId, null);
    JsonNode summary = projector.summary(forked.threadId());
    return Response.ok(
            summary == null
                ? ThreadViews.fresh(forked.threadId())
                : ThreadViews.thread(projector, forked.threadId(), summary))
        .build();
  }

  @ForEndUsers
  @GET
  @Path("threads/{thread_id}/state")
  public Response state(@PathParam("thread_id") String threadId) {
    ProjectorJson projector = projector(threadId);
    return Response.ok(ThreadViews.state(projector, threadId, projector.summary(threadId))).build();
  }

  /** {@code updateState}: messages added to the idle thread, no turn run ({@link StateUpdates}). */
  @ForEndUsers
  @POST
  @Path("threads/{thread_id}/state")
  public Response updateState(@PathParam("thread_id") String threadId, String body) {
    String tenant = sender.tenant(threadId, headers);
    ProjectorJson projector = new ProjectorJson(reads, tenant);
    return Response.ok(
            stateUpdates.update(headers, tenant, projector, threadId, LangGraphJson.body(body)))
        .build();
  }

  /** The state at one checkpoint of the thread's current branch ({@link Checkpoints}). */
  @ForEndUsers
  @GET
  @Path("threads/{thread_id}/state/{checkpoint_id}")
  public Response stateAt(
      @PathParam("thread_id") String threadId, @PathParam("checkpoint_id") String checkpointId) {
    ProjectorJson projector = projector(threadId);
    JsonNode summary = projector.summary(threadId);
    ThreadMessages messages = ThreadMessages.readState(projector, threadId);
    int count = Checkpoints.count(messages, checkpointId);
    if (count < 0) {
      throw Problem.notFound(
          "no checkpoint " + checkpointId + " on thread " + threadId + "'s current branch");
    }
    List<ObjectNode> interrupts = ThreadViews.interrupts(projector, threadId, summary);
    return Response.ok(
            Checkpoints.state(
                messages, count, threadId, interrupts, ThreadViews.updatedAt(summary)))
        .build();
  }

  /** The state at the checkpoint the body names ({@code {checkpoint: {checkpoint_id}}}). */
  @ForEndUsers
  @ReadsOnly
  @POST
  @Path("threads/{thread_id}/state/checkpoint")
  public Response stateAtNamed(@PathParam("thread_id") String threadId, String body) {
    String checkpointId = Checkpoints.requested(LangGraphJson.body(body));
    if (checkpointId == null) {
      throw Problem.invalid("checkpoint.checkpoint_id", "required: the checkpoint to read");
    }
    return stateAt(threadId, checkpointId);
  }

  /**
   * The thread's history: the states of its current branch, newest first ({@code limit}, default
   * 10; {@code before} a checkpoint) — one per message, as {@link Checkpoints} derives them.
   */
  @ForEndUsers
  @ReadsOnly
  @POST
  @Path("threads/{thread_id}/history")
  public Response history(@PathParam("thread_id") String threadId, String body) {
    JsonNode request = LangGraphJson.body(body == null || body.isBlank() ? "{}" : body);
    ProjectorJson projector = projector(threadId);
    JsonNode summary = projector.summary(threadId);
    if (summary == null) {
      return Response.ok(JSON.createArrayNode()).build();
    }
    JsonNode before = request.path("before");
    String beforeId =
        before.isObject()
            ? before.path("checkpoint_id").asText(null)
            : before.isTextual() ? before.asText() : null;
    return Response.ok(
            Checkpoints.history(
                ThreadMessages.readState(projector, threadId),
                threadId,
                ThreadViews.interrupts(projector, threadId, summary),
                ThreadViews.updatedAt(summary),
                beforeId,
                Math.max(1, request.path("limit").asInt(10))))
        .build();
  }

  @ForEndUsers
  @ReadsOnly
  @POST
  @Path("threads/search")
  public Response search(String body) {
    Identity who = caller.identity(headers);
    ProjectorJson projector = new ProjectorJson(reads, who.tenant());
    JsonNode request = LangGraphJson.body(body);
    if (who.endUser() && request instanceof ObjectNode asked) {
      // An end user's search is one of their own threads, whatever else it asks.
      asked.withObjectProperty("metadata").put(ThreadOwners.OWNER, who.user());
    }
    ThreadSearch search = ThreadSearch.of(request).within(who);
    if (search == null) {
      return Response.ok(JSON.createArrayNode()).build();
    }
    ArrayNode threads = search.run(projector, declared(projector, who.tenant()));
    ThreadViews.openings(projector, threads);
    return Response.ok(threads).build();
  }

  @ForEndUsers
  @DELETE
  @Path("threads/{thread_id}")
  public Response delete(@PathParam("thread_id") String threadId) {
    String tenant = sender.tenant(threadId, headers);
    ProjectorJson projector = new ProjectorJson(reads, tenant);
    // A declaration left behind by a run that created its thread would make it read as declared.
    declared(projector, tenant).delete(threadId);
    sender.publish(headers, tenant, threadId, "delete", new DeleteThread("deleted by the client"));
    return Response.noContent().build();
  }

  private DeclaredThreads declared(ProjectorJson projector, String tenant) {
    return DeclaredThreads.of(log, projector, storeLimits, tenant);
  }

  private ProjectorJson projector(String threadId) {
    return new ProjectorJson(reads, sender.tenant(threadId, headers));
  }
}
