package dev.threadline.ingest.http;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.threadline.avro.AgentDefinition;
import dev.threadline.config.Limits;
import dev.threadline.ingest.AgentDefiner;
import dev.threadline.ingest.Caller;
import dev.threadline.ingest.Problem;
import dev.threadline.ingest.bodies.AgentJson;
import dev.threadline.ingest.bodies.Json;
import dev.threadline.ingest.kafka.CommandLog;
import io.smallrye.common.annotation.RunOnVirtualThread;
import jakarta.inject.Inject;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;

/**
 * Agent definitions, per tenant: {@code PUT} publishes to the compacted agent-definitions topic,
 * with the models and prompts it names resolved ({@link AgentDefiner}).
 */
// Each request on a virtual thread: one waiting on the projector or the broker holds no worker
// every tenant shares (docs/operations.md, "Held reads").
@RunOnVirtualThread
@Path("/v1/agents")
@Produces(MediaType.APPLICATION_JSON)
public class AgentResource {
  @Inject Caller caller;
  @Inject CommandLog log;
  @Inject Limits limits;
  @Inject AgentDefiner definer;

  @PUT
  @Path("{name}")
  public Response put(
      @PathParam("name") String name,
      @RequestBody(ref = "Agent") String body,
      @Context HttpHeaders headers) {
    String tenant = caller.tenant(headers);
    int bytes = body == null ? 0 : body.getBytes(StandardCharsets.UTF_8).length;
    if (bytes > limits.agentBytes()) {
      throw Problem.tooLarge(
          "$", Limits.over("the agent definition", bytes, limits.agentBytes(), "agent.bytes"));
    }
    if (log.agents().full(tenant, name)) {
      throw log.agents().quotaReached(tenant);
    }
    AgentDefinition definition =
        definer.define(tenant, name, Json.parse(body), definer.lookup(tenant));
    log.checkRoom(tenant, null, List.of(definition));
    log.publishAgent(definition);
    return Response.ok(AgentJson.render(definition)).build();
  }

  /** Deletes the agent: threads already running keep the definition they froze. */
  @DELETE
  @Path("{name}")
  public Response delete(@PathParam("name") String name, @Context HttpHeaders headers) {
    String tenant = caller.tenant(headers);
    if (log.agent(tenant, name).isEmpty()) {
      throw Problem.notFound("no agent '" + name + "'");
    }
    log.deleteAgent(tenant, name);
    return Response.noContent().build();
  }

  @GET
  @Path("{name}")
  public Response get(@PathParam("name") String name, @Context HttpHeaders headers) {
    String tenant = caller.reader(headers);
    AgentDefinition definition =
        log.agent(tenant, name).orElseThrow(() -> Problem.notFound("no agent '" + name + "'"));
    return Response.ok(AgentJson.render(definition)).build();
  }

  /** The tenant's agents, by name. */
  @GET
  public Response list(@Context HttpHeaders headers) {
    String tenant = caller.tenant(headers);
    ObjectNode answer = Json.MAPPER.createObjectNode();
    ArrayNode agents = answer.putArray("agents");
    log.agents().list(tenant).forEach(a -> agents.add(AgentJson.render(a)));
    return Response.ok(answer).build();
  }
}
