package dev.threadline.ingest;

import com.fasterxml.jackson.databind.JsonNode;
import dev.threadline.avro.Abort;
import dev.threadline.avro.AgentDefinition;
import dev.threadline.avro.ApprovalDecision;
import dev.threadline.avro.CancelEffect;
import dev.threadline.avro.Compact;
import dev.threadline.avro.QueueMessage;
import dev.threadline.avro.QueueTool;
import dev.threadline.avro.ScheduleEffect;
import dev.threadline.avro.SetEnv;
import dev.threadline.avro.SetValue;
import dev.threadline.avro.Terminate;
import dev.threadline.avro.UserMessage;
import dev.threadline.config.Limits;
import dev.threadline.config.Utf8;
import jakarta.inject.Inject;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.time.Clock;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;

/**
 * Threads: create, message, queue tools, schedule and cancel effects, abort, terminate, compact,
 * approve. Every call becomes one {@code ThreadCommand} keyed by thread id and is answered only
 * after the broker acknowledged it.
 */
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
  private final Clock clock = Clock.systemUTC();

  @POST
  public Response create(
      @RequestBody(
              content =
                  @Content(
                      mediaType = MediaType.APPLICATION_JSON,
                      schema = @Schema(implementation = ThreadBodies.CreateThread.class)))
          String body,
      @Context HttpHeaders headers) {
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
    return Response.status(201).entity(Map.of("threadId", threadId)).build();
  }

  @POST
  @Path("/{id}/messages")
  public Response message(
      @BeanParam ThreadCall call,
      @RequestBody(
              content =
                  @Content(
                      mediaType = MediaType.APPLICATION_JSON,
                      schema = @Schema(implementation = MessageBodies.SendMessage.class)))
          String body) {
    String tenant = sender.tenant(call);
    return caller.replay(
        call.headers(),
        tenant,
        call.threadId() + "/message",
        body,
        () -> sendMessage(tenant, call, body));
  }

  private Response sendMessage(String tenant, ThreadCall call, String body) {
    Object payload = MessageJson.command(body, limits);
    return ThreadCommandSender.accepted(sender.publish(call, tenant, "message", payload));
  }

  @POST
  @Path("/{id}/tools")
  public Response queueTool(
      @BeanParam ThreadCall call,
      @RequestBody(
              content =
                  @Content(
                      mediaType = MediaType.APPLICATION_JSON,
                      schema = @Schema(implementation = ThreadBodies.QueueTool.class)))
          String body) {
    return sender.command(
        call, "tool", () -> tool(typed.read(body, ThreadBodies.QueueTool.class, ""), ""));
  }

  @POST
  @Path("/{id}/effects")
  public Response scheduleEffect(
      @BeanParam ThreadCall call,
      @RequestBody(
              content =
                  @Content(
                      mediaType = MediaType.APPLICATION_JSON,
                      schema = @Schema(implementation = ThreadBodies.ScheduleEffect.class)))
          String body) {
    String tenant = sender.tenant(call);
    ThreadBodies.ScheduleEffect request = typed.read(body, ThreadBodies.ScheduleEffect.class, "");
    Instant fireAt = fireAt(request);
    Object action;
    if (request.message() != null && !request.message().isNull()) {
      action = new QueueMessage(MessageJson.messageOrText(request.message(), "message.", limits));
    } else if (request.tool() != null) {
      action = tool(request.tool(), "tool.");
    } else {
      throw Problem.invalid("message", "give 'message' or 'tool'");
    }
    String effectId = Caller.id(call.headers(), tenant, "effect");
    String commandId =
        sender.publish(call, tenant, "effect", new ScheduleEffect(effectId, fireAt, action));
    return Response.status(202)
        .entity(Map.of("commandId", commandId, "effectId", effectId))
        .build();
  }

  /**
   * When an effect fires: {@code at}, or {@code delaySeconds} from now — within {@code
   * threadline.limits.effect.horizon.seconds} of now either way (400 outside it).
   */
  private Instant fireAt(ThreadBodies.ScheduleEffect request) {
    long horizon = limits.effectHorizonSeconds();
    Instant now = clock.instant();
    String range =
        "within "
            + horizon
            + " seconds of now ("
            + dev.threadline.config.Limits.key("effect.horizon.seconds")
            + ")";
    if (request.at() != null) {
      Instant at;
      try {
        at = Instant.parse(request.at());
      } catch (DateTimeParseException e) {
        throw Problem.invalid("at", "must be an ISO-8601 instant such as 2026-11-22T10:00:00Z");
      }
      if (at.isAfter(now.plusSeconds(horizon)) || at.isBefore(now.minusSeconds(horizon))) {
        throw Problem.badRequest("at: must be " + range);
      }
      return at;
    }
    Long delay = request.delaySeconds();
    if (delay == null) {
      throw Problem.invalid(
          "at", "give 'at' (an instant) or 'delaySeconds' (a number of seconds, at least 0)");
    }
    if (delay > horizon) {
      throw Problem.badRequest("delaySeconds: must be at most " + horizon + ", to fire " + range);
    }
    return now.plusSeconds(delay);
  }

  @DELETE
  @Path("/{id}/effects/{effectId}")
  public Response cancelEffect(@BeanParam ThreadCall call, @PathParam("effectId") String effectId) {
    return sender.command(call, "cancel-" + effectId, () -> new CancelEffect(effectId));
  }

  @POST
  @Path("/{id}/abort")
  public Response abort(
      @BeanParam ThreadCall call,
      @RequestBody(
              content =
                  @Content(
                      mediaType = MediaType.APPLICATION_JSON,
                      schema = @Schema(implementation = ThreadBodies.Reason.class)))
          String body) {
    return sender.command(call, "abort", () -> new Abort(reason(body)));
  }

  @POST
  @Path("/{id}/terminate")
  public Response terminate(
      @BeanParam ThreadCall call,
      @RequestBody(
              content =
                  @Content(
                      mediaType = MediaType.APPLICATION_JSON,
                      schema = @Schema(implementation = ThreadBodies.Reason.class)))
          String body) {
    return sender.command(call, "terminate", () -> new Terminate(reason(body)));
  }

  /**
   * Deletes the thread and the children its registry names: terminated if it was not, what it holds
   * erased by the step processor, its log ended with {@code ThreadDeleted}.
   */
  @DELETE
  @Path("/{id}")
  public Response delete(@BeanParam ThreadCall call) {
    return sender.command(call, "delete", () -> new dev.threadline.avro.DeleteThread(null));
  }

  @POST
  @Path("/{id}/compact")
  public Response compact(
      @BeanParam ThreadCall call,
      @RequestBody(
              content =
                  @Content(
                      mediaType = MediaType.APPLICATION_JSON,
                      schema = @Schema(implementation = ThreadBodies.Reason.class)))
          String body) {
    return sender.command(call, "compact", () -> new Compact(reason(body)));
  }

  /**
   * Sets variable {@code name} of the thread's env: {@code {"value": "...", "secret": true}} —
   * sealed here unless {@code "secret": false} says it is text (this service does not know the
   * thread's agent, so a value is a secret unless said otherwise).
   */
  @PUT
  @Path("/{id}/env/{name}")
  public Response setEnv(
      @BeanParam ThreadCall call,
      @PathParam("name") String name,
      @RequestBody(
              content =
                  @Content(
                      mediaType = MediaType.APPLICATION_JSON,
                      schema = @Schema(implementation = AgentBody.EnvValue.class)))
          String body) {
    String tenant = caller.tenant(call.headers());
    JsonNode request = Json.parse(body);
    boolean secret = request.path("secret").asBoolean(true);
    if (!secret) {
      // Which agent the thread runs is the step processor's to know; a variable any agent of the
      // tenant's declares secret never travels as text, not even to be refused there.
      List<String> declaring =
          log.agents().list(tenant).stream()
              .filter(
                  a ->
                      a.getVariables().stream()
                          .anyMatch(v -> v.getName().equals(name) && v.getSecret()))
              .map(AgentDefinition::getName)
              .toList();
      if (!declaring.isEmpty()) {
        throw Problem.invalid(
            "env." + name,
            "declared secret by " + declaring + ": send it sealed (without \"secret\": false)");
      }
    }
    var value = EnvJson.value(name, request, secret, tenant, secrets);
    return sender.command(call, "env-" + name, () -> new SetEnv(name, value));
  }

  @DELETE
  @Path("/{id}/env/{name}")
  public Response removeEnv(@BeanParam ThreadCall call, @PathParam("name") String name) {
    return sender.command(call, "env-" + name, () -> new SetEnv(name, null));
  }

  /**
   * Sets {@code key} of the thread's key-value store (spec §14) to the JSON value in the body, as
   * the {@code set_value} tool would (its caps: 422 naming {@code key}, 413 naming the body); JSON
   * {@code null} deletes it.
   */
  @PUT
  @Path("/{id}/values/{key}")
  public Response setValue(
      @BeanParam ThreadCall call,
      @PathParam("key") String key,
      @RequestBody(
              content =
                  @Content(
                      mediaType = MediaType.APPLICATION_JSON,
                      schema = @Schema(description = "any JSON value; null deletes the key")))
          String body) {
    String json = ThreadValues.valueJson(key, body);
    return sender.command(call, "value-" + key, () -> new SetValue(key, json));
  }

  @DELETE
  @Path("/{id}/values/{key}")
  public Response deleteValue(@BeanParam ThreadCall call, @PathParam("key") String key) {
    ThreadValues.requireKey(key);
    return sender.command(call, "value-" + key, () -> new SetValue(key, null));
  }

  @POST
  @Path("/{id}/approvals/{callId}")
  public Response approve(
      @BeanParam ThreadCall call,
      @PathParam("callId") String callId,
      @RequestBody(
              content =
                  @Content(
                      mediaType = MediaType.APPLICATION_JSON,
                      schema = @Schema(implementation = ThreadBodies.Approval.class)))
          String body) {
    return sender.command(
        call,
        "approval-" + callId,
        () -> {
          var request = typed.read(body, ThreadBodies.Approval.class, "");
          // requestId and epoch, when given, fence the decision to the approval they came from.
          return new ApprovalDecision(
              callId, request.approve(), request.reason(), request.requestId(), request.epoch());
        });
  }

  private QueueTool tool(ThreadBodies.QueueTool request, String prefix) {
    String json = request.arguments() == null ? "{}" : request.arguments().toString();
    long bytes = Utf8.length(json);
    if (bytes > limits.toolArgumentsBytes()) {
      throw Problem.tooLarge(
          prefix + "arguments",
          Limits.over(
              "the argument object", bytes, limits.toolArgumentsBytes(), "tool.arguments.bytes"));
    }
    return new QueueTool(request.name(), json);
  }

  private String reason(String body) {
    return typed.read(body, ThreadBodies.Reason.class, "").reason();
  }
}
