package dev.threadline.ingest.http;

import com.fasterxml.jackson.databind.JsonNode;
import dev.threadline.avro.EnvValue;
import dev.threadline.avro.ProvideVariables;
import dev.threadline.config.EnvLimits;
import dev.threadline.ingest.Caller;
import dev.threadline.ingest.IngestSecrets;
import dev.threadline.ingest.Problem;
import dev.threadline.ingest.Replies;
import dev.threadline.ingest.ThreadCall;
import dev.threadline.ingest.ThreadCommandSender;
import dev.threadline.ingest.bodies.AgentBody;
import dev.threadline.ingest.bodies.EnvJson;
import dev.threadline.ingest.bodies.Json;
import dev.threadline.ingest.bodies.TypedBody;
import dev.threadline.ingest.reads.ProjectorReads;
import dev.threadline.keys.VariablesRequestIds;
import io.smallrye.common.annotation.RunOnVirtualThread;
import jakarta.inject.Inject;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.Map;
import java.util.TreeMap;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

/**
 * Completing a variables request (spec §7.5): a subagent its parent could not start for missing
 * variables waits until {@code POST /v1/threads/{parent}/variables/{requestId}} gives them, as
 * {@code {"env": {"NAME": "value" | {"value": "...", "secret": false}}}}. Like {@code PUT
 * …/env/{name}}, a value is sealed here unless it says it is text: this service does not know which
 * agent the request is for. The step processor checks the values against that agent's variables and
 * starts the subagent, or refuses the command and keeps the request open. The requests are read
 * from the projector through here ({@code GET} on the same path).
 */
// Each request on a virtual thread: one waiting on the projector or the broker holds no worker
// every tenant shares (docs/operations.md, "Held reads").
@RunOnVirtualThread
@Path("/v1/threads/{id}/variables")
@Produces(MediaType.APPLICATION_JSON)
public class VariablesResource {

  @Inject ThreadCommandSender sender;
  @Inject Caller caller;
  @Inject IngestSecrets secrets;
  @Inject ProjectorReads projector;
  @jakarta.ws.rs.core.Context jakarta.ws.rs.core.UriInfo uri;

  @GET
  public Response requests(@BeanParam ThreadCall call) {
    return ReadResource.relay(
        projector,
        uri,
        sender.tenant(call),
        ReadResource.threadPath(call) + "/variables",
        call.headers(),
        false);
  }

  @GET
  @Path("/{requestId}")
  public Response request(@BeanParam ThreadCall call, @PathParam("requestId") String requestId) {
    return ReadResource.relay(
        projector,
        uri,
        sender.tenant(call),
        ReadResource.threadPath(call)
            + "/variables/"
            + java.net.URLEncoder.encode(requestId, java.nio.charset.StandardCharsets.UTF_8),
        call.headers(),
        false);
  }

  @POST
  @Path("/{requestId}")
  @APIResponse(
      responseCode = "202",
      description = "accepted: the command's id",
      content = @Content(schema = @Schema(implementation = Replies.Accepted.class)))
  public Response provide(
      @BeanParam ThreadCall call,
      @PathParam("requestId") String requestId,
      @RequestBody(ref = "Provided") String body) {
    String tenant = caller.tenant(call.headers());
    if (!VariablesRequestIds.isValid(requestId)) {
      throw Problem.notFound("no variables request '" + requestId + "'");
    }
    return sender.command(call, "variables-" + requestId, () -> payload(tenant, requestId, body));
  }

  /** The values a thread asked for: each a secret unless it says {@code "secret": false}. */
  record Provided(@Schema(implementation = AgentBody.EnvValues.class) Map<String, JsonNode> env) {}

  private ProvideVariables payload(String tenant, String requestId, String body) {
    Map<String, JsonNode> env = TypedBody.shape(Json.parse(body), Provided.class, "").env();
    if (env == null || env.isEmpty()) {
      throw Problem.invalid("env", "required: an object of variable names to values");
    }
    if (env.size() > EnvLimits.MAX_VARIABLES) {
      throw Problem.invalid("env", "at most " + EnvLimits.MAX_VARIABLES + " variables");
    }
    Map<String, EnvValue> values = new TreeMap<>();
    env.forEach(
        (name, given) -> {
          boolean secret =
              given == null || !given.isObject() || given.path("secret").asBoolean(true);
          values.put(name, EnvJson.value(name, given, secret, tenant, secrets));
        });
    EnvJson.checkSize(values);
    return new ProvideVariables(requestId, values);
  }
}
