package dev.threadline.ingest.http;

import com.fasterxml.jackson.databind.JsonNode;
import dev.threadline.avro.Abort;
import dev.threadline.avro.AgentDefinition;
import dev.threadline.avro.ApprovalDecision;
import dev.threadline.avro.CancelEffect;
import dev.threadline.avro.Compact;
import dev.threadline.avro.SetEnv;
import dev.threadline.avro.SetValue;
import dev.threadline.avro.Terminate;
import dev.threadline.config.Limits;
import dev.threadline.ingest.Caller;
import dev.threadline.ingest.IngestSecrets;
import dev.threadline.ingest.Problem;
import dev.threadline.ingest.Replies;
import dev.threadline.ingest.ThreadCall;
import dev.threadline.ingest.ThreadCommandSender;
import dev.threadline.ingest.bodies.EnvJson;
import dev.threadline.ingest.bodies.Json;
import dev.threadline.ingest.bodies.MessageJson;
import dev.threadline.ingest.bodies.ThreadBodies;
import dev.threadline.ingest.bodies.ThreadValues;
import dev.threadline.ingest.bodies.TypedBody;
import dev.threadline.ingest.identity.ForAgentKeys;
import dev.threadline.ingest.kafka.CommandLog;
import io.smallrye.common.annotation.RunOnVirtualThread;
import jakarta.inject.Inject;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

/**
 * The commands to one thread: a message, a tool, cancelling an effect, abort, terminate, delete,
 * compact, env and key-value writes, approvals. Each becomes one {@code ThreadCommand} keyed by the
 * thread's id, answered 202 with its id only after the broker acknowledged it.
 */
// Each request on a virtual thread: one waiting on the projector or the broker holds no worker
// every tenant shares (docs/operations.md, "Held reads").
@RunOnVirtualThread
@ForAgentKeys
@Path("/v1/threads/{id}")
@Produces(MediaType.APPLICATION_JSON)
@APIResponse(
    responseCode = "202",
    description = "accepted: the command's id, which the events it causes carry",
    content = @Content(schema = @Schema(implementation = Replies.Accepted.class)))
public class ThreadCommandResource {
  @Inject Caller caller;
  @Inject CommandLog log;
  @Inject ThreadCommandSender sender;
  @Inject Limits limits;
  @Inject IngestSecrets secrets;
  @Inject TypedBody typed;

  @POST
  @Path("/messages")
  public Response message(
      @BeanParam ThreadCall call, @RequestBody(ref = "SendMessage") String body) {
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
  @Path("/tools")
  public Response queueTool(
      @BeanParam ThreadCall call, @RequestBody(ref = "QueueTool") String body) {
    return sender.command(
        call,
        "tool",
        () -> ThreadBodies.tool(typed.read(body, ThreadBodies.QueueTool.class, ""), "", limits));
  }

  /** Messages added to the idle thread's conversation, no turn run (LangGraph's updateState). */
  @POST
  @Path("/messages/append")
  public Response appendMessages(
      @BeanParam ThreadCall call, @RequestBody(ref = "AppendMessages") String body) {
    return sender.command(
        call,
        "append",
        () ->
            ThreadBodies.appended(typed.read(body, ThreadBodies.AppendMessages.class, ""), limits));
  }

  /** New metadata: each entry set, or removed when null; the others kept; a finished thread too. */
  @PATCH
  public Response setMetadata(
      @BeanParam ThreadCall call, @RequestBody(ref = "SetMetadata") String body) {
    return sender.command(
        call,
        "metadata",
        () ->
            ThreadBodies.metadataChange(
                typed.read(body, ThreadBodies.SetMetadata.class, "").metadata()));
  }

  @DELETE
  @Path("/effects/{effectId}")
  public Response cancelEffect(@BeanParam ThreadCall call, @PathParam("effectId") String effectId) {
    return sender.command(call, "cancel-" + effectId, () -> new CancelEffect(effectId));
  }

  @POST
  @Path("/abort")
  public Response abort(@BeanParam ThreadCall call, @RequestBody(ref = "Reason") String body) {
    return sender.command(call, "abort", () -> new Abort(reason(body)));
  }

  @POST
  @Path("/terminate")
  public Response terminate(@BeanParam ThreadCall call, @RequestBody(ref = "Reason") String body) {
    return sender.command(call, "terminate", () -> new Terminate(reason(body)));
  }

  /**
   * Deletes the thread and the children its registry names: terminated if it was not, what it holds
   * erased by the step processor, its log ended with {@code ThreadDeleted}.
   */
  @DELETE
  public Response delete(@BeanParam ThreadCall call) {
    return sender.command(call, "delete", () -> new dev.threadline.avro.DeleteThread(null));
  }

  @POST
  @Path("/compact")
  public Response compact(@BeanParam ThreadCall call, @RequestBody(ref = "Reason") String body) {
    return sender.command(call, "compact", () -> new Compact(reason(body)));
  }

  /**
   * Branches the thread in place: its active window up to message {@code atMessageSeq} copied to
   * the head, and a turn run there on {@code message} (an edited message resent) or, without one,
   * on the copies alone (an answer regenerated). Refused, as a {@code CommandRejected} on the log,
   * while a turn runs, on a subagent's thread, outside the active window, or where it would cut a
   * tool call from its result.
   */
  @POST
  @Path("/branch")
  public Response branch(@BeanParam ThreadCall call, @RequestBody(ref = "Branch") String body) {
    return sender.command(
        call,
        "branch",
        () -> {
          ThreadBodies.Branch b = typed.read(body, ThreadBodies.Branch.class, "");
          JsonNode m = b.message();
          return new dev.threadline.avro.Branch(
              b.atMessageSeq(),
              m != null && !m.isNull() ? MessageJson.messageOrText(m, "message.", limits) : null);
        });
  }

  /**
   * Sets variable {@code name} of the thread's env: {@code {"value": "...", "secret": true}} —
   * sealed here unless {@code "secret": false} says it is text (this service does not know the
   * thread's agent, so a value is a secret unless said otherwise).
   */
  @PUT
  @Path("/env/{name}")
  public Response setEnv(
      @BeanParam ThreadCall call,
      @PathParam("name") String name,
      @RequestBody(ref = "EnvValue") String body) {
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
  @Path("/env/{name}")
  public Response removeEnv(@BeanParam ThreadCall call, @PathParam("name") String name) {
    return sender.command(call, "env-" + name, () -> new SetEnv(name, null));
  }

  /**
   * Sets {@code key} of the thread's key-value store (spec §14) to the JSON value in the body, as
   * the {@code set_value} tool would (its caps: 422 naming {@code key}, 413 naming the body); JSON
   * {@code null} deletes it.
   */
  @PUT
  @Path("/values/{key}")
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
  @Path("/values/{key}")
  public Response deleteValue(@BeanParam ThreadCall call, @PathParam("key") String key) {
    ThreadValues.requireKey(key);
    return sender.command(call, "value-" + key, () -> new SetValue(key, null));
  }

  @POST
  @Path("/approvals/{callId}")
  public Response approve(
      @BeanParam ThreadCall call,
      @PathParam("callId") String callId,
      @RequestBody(ref = "Approval") String body) {
    return sender.command(
        call,
        "approval-" + callId,
        () -> {
          var request = typed.read(body, ThreadBodies.Approval.class, "");
          // requestId and epoch, when given, fence the decision to the approval they came from.
          return new ApprovalDecision(
              callId,
              request.approve(),
              request.reason(),
              request.requestId(),
              request.epoch(),
              request.arguments() == null ? null : request.arguments().toString());
        });
  }

  private String reason(String body) {
    return typed.read(body, ThreadBodies.Reason.class, "").reason();
  }
}
