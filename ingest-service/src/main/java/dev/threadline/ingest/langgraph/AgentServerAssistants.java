package dev.threadline.ingest.langgraph;

import static dev.threadline.ingest.langgraph.LangChainMessages.JSON;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.threadline.avro.AgentDefinition;
import dev.threadline.ingest.Caller;
import dev.threadline.ingest.Problem;
import dev.threadline.ingest.identity.ForAgentKeys;
import dev.threadline.ingest.identity.ForEndUsers;
import dev.threadline.ingest.identity.Identity;
import dev.threadline.ingest.identity.ReadsOnly;
import dev.threadline.ingest.kafka.CommandLog;
import io.smallrye.common.annotation.RunOnVirtualThread;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.time.Instant;

/**
 * The LangGraph Agent Server's assistants: a tenant's agents, each its own graph ({@code
 * assistant_id} = {@code graph_id} = the agent's name). Defined through {@code PUT
 * /v1/agents/{name}}; read here.
 */
// Each request on a virtual thread: one waiting on the projector or the broker holds no worker
// every tenant shares (docs/operations.md, "Held reads").
@ForAgentKeys
@ForEndUsers
@RunOnVirtualThread
@Path("/")
@Produces(MediaType.APPLICATION_JSON)
public class AgentServerAssistants {
  @Inject Caller caller;
  @Inject CommandLog log;
  @Context HttpHeaders headers;

  @GET
  @Path("assistants/{assistant_id}")
  public Response get(@PathParam("assistant_id") String name) {
    return Response.ok(assistant(agent(name))).build();
  }

  @GET
  @Path("assistants/{assistant_id}/schemas")
  public Response schemas(@PathParam("assistant_id") String name) {
    return Response.ok(AssistantGraphs.schemas(agent(name))).build();
  }

  @GET
  @Path("assistants/{assistant_id}/graph")
  public Response graph(@PathParam("assistant_id") String name) {
    return Response.ok(AssistantGraphs.graph(agent(name))).build();
  }

  /** The assistant {@code name}; 404 for none — or one a key scoped to agents does not reach. */
  private AgentDefinition agent(String name) {
    Identity who = caller.identity(headers);
    return log.agent(who.tenant(), name)
        .filter(a -> who.reaches(a.getName()))
        .orElseThrow(() -> Problem.notFound("no assistant '" + name + "'"));
  }

  @ReadsOnly
  @POST
  @Path("assistants/search")
  public Response search(String body) {
    Identity who = caller.identity(headers);
    JsonNode request = LangGraphJson.body(body);
    LangGraphJson.Page page = LangGraphJson.Page.of(request, 1000);
    String graph = request.path("graph_id").asText("");
    ArrayNode assistants = JSON.createArrayNode();
    log.agents(who.tenant()).stream()
        .filter(a -> graph.isBlank() || graph.equals(a.getName()))
        .filter(a -> who.reaches(a.getName()))
        .skip(page.offset())
        .limit(page.limit())
        .forEach(a -> assistants.add(assistant(a)));
    return Response.ok(assistants).build();
  }

  private static ObjectNode assistant(AgentDefinition agent) {
    String at = Instant.EPOCH.toString();
    ObjectNode assistant =
        JSON.createObjectNode()
            .put("assistant_id", agent.getName())
            .put("graph_id", agent.getName())
            .put("name", agent.getName())
            .put("description", agent.getDescription())
            .put("version", 1)
            .put("created_at", at)
            .put("updated_at", at);
    assistant.putObject("config");
    assistant.putObject("context");
    assistant.putObject("metadata");
    return assistant;
  }
}
