package dev.threadline.ingest.http;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.threadline.avro.QueueMessage;
import dev.threadline.avro.ScheduleEffect;
import dev.threadline.config.Limits;
import dev.threadline.ingest.Caller;
import dev.threadline.ingest.Crons;
import dev.threadline.ingest.Problem;
import dev.threadline.ingest.Replies;
import dev.threadline.ingest.ThreadCall;
import dev.threadline.ingest.ThreadCommandSender;
import dev.threadline.ingest.bodies.MessageJson;
import dev.threadline.ingest.bodies.ThreadBodies;
import dev.threadline.ingest.bodies.TypedBody;
import dev.threadline.ingest.identity.ForAgentKeys;
import io.smallrye.common.annotation.RunOnVirtualThread;
import jakarta.inject.Inject;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.time.Clock;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

/**
 * Scheduled effects: a message or a tool queued into a thread at an instant, after a delay, or at
 * each time of a cron schedule ({@link Crons}). Cancelling one is {@link ThreadCommandResource}'s.
 */
// Each request on a virtual thread: one waiting on the projector or the broker holds no worker
// every tenant shares (docs/operations.md, "Held reads").
@RunOnVirtualThread
@ForAgentKeys
@Path("/v1/threads/{id}/effects")
@Produces(MediaType.APPLICATION_JSON)
public class EffectResource {
  private static final Crons.Fields FIELDS = new Crons.Fields("cron", "until");

  @Inject ThreadCommandSender sender;
  @Inject Limits limits;
  @Inject TypedBody typed;
  @Inject Crons crons;
  private final Clock clock = Clock.systemUTC();

  @POST
  @APIResponse(
      responseCode = "202",
      description = "accepted: the command's and the effect's ids, and when it first fires",
      content = @Content(schema = @Schema(implementation = Replies.EffectScheduled.class)))
  public Response schedule(
      @BeanParam ThreadCall call, @RequestBody(ref = "ScheduleEffect") String body) {
    String tenant = sender.tenant(call);
    ThreadBodies.ScheduleEffect request = typed.read(body, ThreadBodies.ScheduleEffect.class, "");
    Object action;
    if (request.message() != null && !request.message().isNull()) {
      action = new QueueMessage(MessageJson.messageOrText(request.message(), "message.", limits));
    } else if (request.tool() != null) {
      action = ThreadBodies.tool(request.tool(), "tool.", limits);
    } else {
      throw Problem.invalid("message", "give 'message' or 'tool'");
    }
    String effectId = Caller.id(call.headers(), tenant, "effect");
    if (request.cron() != null) {
      if (request.at() != null || request.delaySeconds() != null) {
        throw Problem.invalid(
            "cron", "a recurring effect first fires at its schedule's next time: drop 'at'");
      }
      Crons.Asked asked =
          crons.ask(
              FIELDS,
              request.cron(),
              request.timezone(),
              request.until(),
              JsonNodeFactory.instance.objectNode(),
              Boolean.TRUE.equals(request.newThreadEachTime()));
      crons.checkRoom(tenant);
      String commandId =
          crons.schedule(call.headers(), tenant, call.threadId(), effectId, action, asked);
      return accepted(commandId, effectId, asked.firstAt());
    }
    if (request.timezone() != null
        || request.until() != null
        || request.newThreadEachTime() != null) {
      throw Problem.invalid(
          "cron", "'timezone', 'until' and 'newThreadEachTime' go with a cron schedule");
    }
    Instant fireAt = fireAt(request);
    String commandId =
        sender.publish(call, tenant, "effect", new ScheduleEffect(effectId, fireAt, action, null));
    return accepted(commandId, effectId, fireAt);
  }

  private static Response accepted(String commandId, String effectId, Instant fireAt) {
    return Response.status(202)
        .entity(new Replies.EffectScheduled(commandId, effectId, fireAt.toString()))
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
        "within " + horizon + " seconds of now (" + Limits.key("effect.horizon.seconds") + ")";
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
          "at",
          "give 'at' (an instant), 'delaySeconds' (a number of seconds, at least 0) or 'cron'");
    }
    if (delay > horizon) {
      throw Problem.badRequest("delaySeconds: must be at most " + horizon + ", to fire " + range);
    }
    return now.plusSeconds(delay);
  }
}
