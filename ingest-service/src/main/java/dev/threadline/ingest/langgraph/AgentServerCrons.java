package dev.threadline.ingest.langgraph;

import static dev.threadline.ingest.langgraph.LangChainMessages.JSON;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.threadline.avro.QueueMessage;
import dev.threadline.ingest.Caller;
import dev.threadline.ingest.Crons;
import dev.threadline.ingest.Problem;
import dev.threadline.ingest.ThreadCommandSender;
import dev.threadline.ingest.ThreadCreation;
import dev.threadline.ingest.identity.ReadsOnly;
import dev.threadline.ingest.reads.ProjectorJson;
import dev.threadline.ingest.reads.ProjectorReads;
import io.smallrye.common.annotation.RunOnVirtualThread;
import jakarta.inject.Inject;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.time.Instant;
import java.util.Map;

/**
 * The LangGraph Agent Server's crons on a thread: each time of the schedule sends the cron's input
 * to the thread as a run ({@link Crons}: a recurring effect, durable as the thread's timers are).
 * Searched, counted, updated and deleted by id. A cron that starts a new thread each time has a
 * thread of its own that holds its schedule.
 */
// Each request on a virtual thread: one waiting on the projector or the broker holds no worker
// every tenant shares (docs/operations.md, "Held reads").
@RunOnVirtualThread
@Path("/")
@Produces(MediaType.APPLICATION_JSON)
public class AgentServerCrons {
  private static final Crons.Fields FIELDS = new Crons.Fields("schedule", "end_time");

  @Inject Caller caller;
  @Inject ThreadCommandSender sender;
  @Inject ThreadCreation creation;
  @Inject ProjectorReads reads;
  @Inject RunStarts starts;
  @Inject Crons crons;
  @Context HttpHeaders headers;

  @POST
  @Path("threads/{thread_id}/runs/crons")
  public Response createForThread(@PathParam("thread_id") String threadId, String body) {
    String tenant = sender.tenant(threadId, headers);
    JsonNode request = LangGraphJson.body(body);
    String assistant = request.path("assistant_id").asText("");
    if (assistant.isBlank()) {
      throw Problem.invalid("assistant_id", "required: the agent the cron's runs run");
    }
    enabled(request);
    QueueMessage message = new QueueMessage(starts.message(request));
    Crons.Asked asked = ask(request, CronViews.details(assistant, request));
    crons.checkRoom(tenant);
    // A LangGraph thread may exist before its first run; a Threadline one only with its agent.
    if (new ProjectorJson(reads, tenant).summary(threadId) == null) {
      creation.create(headers, tenant, threadId, assistant, null, Map.of(), null);
    }
    String cronId = Caller.id(headers, tenant, "cron");
    crons.schedule(headers, tenant, threadId, cronId, message, asked);
    return Response.ok(CronViews.cron(listed(cronId, threadId, asked))).build();
  }

  /**
   * A cron that starts a new thread each time: a thread of its own holds its schedule ({@code
   * crons/<cron_id>}, on the assistant, no messages) and starts each one on its agent, the cron's
   * input its first message. The threads it starts are kept ({@code on_run_completed: keep}).
   */
  @POST
  @Path("runs/crons")
  public Response create(String body) {
    String tenant = caller.tenant(headers);
    JsonNode request = LangGraphJson.body(body);
    String assistant = request.path("assistant_id").asText("");
    if (assistant.isBlank()) {
      throw Problem.invalid("assistant_id", "required: the agent the cron's runs run");
    }
    enabled(request);
    String completed = request.path("on_run_completed").asText("keep");
    if (!completed.equals("keep")) {
      throw Problem.invalid(
          "on_run_completed",
          "keep: the threads a cron starts are kept (delete one with DELETE /threads/{id})");
    }
    QueueMessage message = new QueueMessage(starts.message(request));
    ObjectNode details = CronViews.details(assistant, request).put("holder", true);
    Crons.Asked asked = ask(request, details);
    crons.checkRoom(tenant);
    String cronId = Caller.id(headers, tenant, "cron");
    String holder = "crons/" + cronId;
    creation.create(
        headers,
        tenant,
        holder,
        assistant,
        null,
        Map.of("cron_id", cronId, "cron_holder", "true"),
        null);
    crons.schedule(headers, tenant, holder, cronId, message, asked);
    return Response.ok(CronViews.cron(listed(cronId, holder, asked))).build();
  }

  @ReadsOnly
  @POST
  @Path("runs/crons/search")
  public Response search(String body) {
    JsonNode request = LangGraphJson.body(body == null || body.isBlank() ? "{}" : body);
    String tenant = caller.tenant(headers);
    CronViews.Search search = CronViews.Search.of(request);
    String threadId = request.path("thread_id").asText(null);
    return Response.ok(search.run(crons.all(tenant, threadId))).build();
  }

  @ReadsOnly
  @POST
  @Path("runs/crons/count")
  public Response count(String body) {
    JsonNode request = LangGraphJson.body(body == null || body.isBlank() ? "{}" : body);
    String tenant = caller.tenant(headers);
    String assistant = request.path("assistant_id").asText(null);
    long count =
        crons.all(tenant, request.path("thread_id").asText(null)).stream()
            .filter(
                c ->
                    assistant == null
                        || assistant.equals(c.path("details").path("assistant_id").asText(null)))
            .count();
    return Response.ok(count).build();
  }

  /** A new schedule, end, input or metadata: the cron is set again under its id. */
  @PATCH
  @Path("runs/crons/{cron_id}")
  public Response update(@PathParam("cron_id") String cronId, String body) {
    String tenant = caller.tenant(headers);
    JsonNode request = LangGraphJson.body(body);
    enabled(request);
    JsonNode cron = existing(tenant, cronId);
    ObjectNode details =
        cron.path("details").isObject()
            ? ((ObjectNode) cron.get("details")).deepCopy()
            : JSON.createObjectNode();
    ObjectNode payload = details.withObjectProperty("payload");
    if (request.has("input")) {
      payload.set("input", request.get("input"));
    }
    if (request.path("metadata").isObject()) {
      details.set("metadata", request.get("metadata"));
    }
    ObjectNode merged = JSON.createObjectNode();
    merged.set("input", payload.path("input"));
    merged.put("schedule", request.path("schedule").asText(cron.path("schedule").asText()));
    merged.put("timezone", request.path("timezone").asText(cron.path("timezone").asText(null)));
    merged.put(
        "end_time",
        request.has("end_time")
            ? request.path("end_time").asText(null)
            : cron.path("until").asText(null));
    QueueMessage message = new QueueMessage(starts.message(merged));
    Crons.Asked asked = ask(merged, details);
    String threadId = cron.path("threadId").asText();
    crons.schedule(headers, tenant, threadId, cronId, message, asked);
    return Response.ok(CronViews.cron(listed(cronId, threadId, asked))).build();
  }

  @DELETE
  @Path("runs/crons/{cron_id}")
  public Response delete(@PathParam("cron_id") String cronId) {
    String tenant = caller.tenant(headers);
    crons.cancel(headers, tenant, existing(tenant, cronId));
    return Response.noContent().build();
  }

  private JsonNode existing(String tenant, String cronId) {
    JsonNode cron = crons.find(tenant, cronId);
    if (cron == null) {
      throw Problem.notFound("no cron '" + cronId + "'");
    }
    return cron;
  }

  private Crons.Asked ask(JsonNode request, ObjectNode details) {
    return crons.ask(
        FIELDS,
        request.path("schedule").asText(null),
        request.path("timezone").asText(null),
        request.path("end_time").asText(null),
        details,
        details.path("holder").asBoolean(false));
  }

  /** A cron stops by being deleted: one asked for disabled is refused, not kept and ignored. */
  private static void enabled(JsonNode request) {
    if (!request.path("enabled").asBoolean(true)) {
      throw Problem.invalid("enabled", "a cron runs while it exists: delete it to stop it");
    }
  }

  /** The cron as the projector will list it once its command is applied. */
  private static JsonNode listed(String cronId, String threadId, Crons.Asked asked) {
    var recurrence = asked.recurrence();
    ObjectNode cron =
        JSON.createObjectNode()
            .put("cronId", cronId)
            .put("threadId", threadId)
            .put("schedule", recurrence.getCron())
            .put("timezone", recurrence.getTimezone())
            .put("nextRunAt", asked.firstAt().toString())
            .put("updatedAt", Instant.now().toString());
    if (recurrence.getUntil() != null) {
      cron.put("until", recurrence.getUntil().toString());
    }
    try {
      cron.set("details", JSON.readTree(recurrence.getDetailsJson()));
    } catch (java.io.IOException e) {
      throw new IllegalStateException(e);
    }
    return cron;
  }
}
