package dev.threadline.ingest;

import dev.threadline.avro.AgentDefinition;
import dev.threadline.config.Limits;
import dev.threadline.config.ModelPolicy;
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
import java.time.Clock;

/**
 * Agent definitions, per tenant: {@code PUT} publishes to the compacted agent-definitions topic.
 */
@Path("/v1/agents/{name}")
@Produces(MediaType.APPLICATION_JSON)
public class AgentResource {
  private final Caller caller;
  private final CommandLog log;
  private final Limits limits;
  private final ModelPolicy modelPolicy;
  private final Clock clock = Clock.systemUTC();

  public AgentResource(Caller caller, CommandLog log, Limits limits, ModelPolicy modelPolicy) {
    this.caller = caller;
    this.log = log;
    this.limits = limits;
    this.modelPolicy = modelPolicy;
  }

  @PUT
  public Response put(@PathParam("name") String name, String body, @Context HttpHeaders headers) {
    String tenant = caller.tenant(headers);
    int bytes = body == null ? 0 : body.getBytes(StandardCharsets.UTF_8).length;
    if (bytes > limits.agentBytes()) {
      throw Problem.tooLarge(
          "$", Limits.over("the agent definition", bytes, limits.agentBytes(), "agent.bytes"));
    }
    if (log.agents().full(tenant, name)) {
      throw Problem.invalid(
          "name",
          "you have "
              + log.agents().count(tenant)
              + " agents, the most "
              + Limits.key("agents.per.tenant")
              + " allows: redefine or delete one of them");
    }
    AgentDefinition definition = AgentJson.read(name, tenant, Json.parse(body), clock.instant());
    requireWithinLimits(definition);
    requireAllowedModel(tenant, definition);
    requireSubagentAgents(tenant, definition);
    log.publishAgent(definition);
    return Response.ok(AgentJson.render(definition)).build();
  }

  private void requireWithinLimits(AgentDefinition definition) {
    Integer window = definition.getContext().getWindowTokens();
    if (window != null && window > limits.contextWindowTokens()) {
      throw Problem.invalid(
          "context.windowTokens",
          "at most "
              + limits.contextWindowTokens()
              + " ("
              + Limits.key("context.window.tokens")
              + ")");
    }
  }

  /**
   * The model endpoint is one of the operator's that this tenant may use (never a URL of its own).
   */
  private void requireAllowedModel(String tenant, AgentDefinition definition) {
    ModelPolicy.Refusal refusal =
        modelPolicy.refusal(tenant, Json.parse(definition.getModel().getConfigJson()));
    if (refusal != null) {
      throw Problem.invalid(refusal.field(), refusal.reason());
    }
    // Side B's model and a subprompt's own model are model requests like the agent's: the same
    // policy.
    if (definition.getOtherSide() != null) {
      ModelPolicy.Refusal side =
          modelPolicy.refusal(
              tenant, Json.parse(definition.getOtherSide().getModel().getConfigJson()));
      if (side != null) {
        throw Problem.invalid("sideB." + side.field(), side.reason());
      }
    }
    var subprompts = definition.getSubprompts();
    for (int i = 0; i < subprompts.size(); i++) {
      if (subprompts.get(i).getModel() != null) {
        ModelPolicy.Refusal own =
            modelPolicy.refusal(tenant, Json.parse(subprompts.get(i).getModel().getConfigJson()));
        if (own != null) {
          throw Problem.invalid("subprompts[" + i + "]." + own.field(), own.reason());
        }
      }
    }
  }

  /**
   * Each subagent runs, and each handoff hands to, an agent of the same tenant that exists now (or
   * the agent itself): a thread freezes them when it starts, so one missing would only fail later,
   * in a running thread.
   */
  private void requireSubagentAgents(String tenant, AgentDefinition definition) {
    var subagents = definition.getSubagents();
    for (int i = 0; i < subagents.size(); i++) {
      requireAgent(tenant, definition, subagents.get(i).getAgent(), "subagents[" + i + "].agent");
    }
    var handoffs = definition.getHandoffs();
    for (int i = 0; i < handoffs.size(); i++) {
      String agent = handoffs.get(i).getAgent();
      String field = "handoffs[" + i + "].agent";
      requireAgent(tenant, definition, agent, field);
      // Spec 5.3: a handoff passes a conversation with a human on to another ai_human agent.
      boolean dualAi =
          agent.equals(definition.getName())
              ? definition.getOtherSide() != null
              : log.agent(tenant, agent).map(a -> a.getOtherSide() != null).orElse(false);
      if (dualAi) {
        throw Problem.invalid(
            field, "'" + agent + "' is dual_ai: a thread can be handed only to an ai_human agent");
      }
    }
  }

  private void requireAgent(String tenant, AgentDefinition definition, String agent, String field) {
    if (!agent.equals(definition.getName()) && log.agent(tenant, agent).isEmpty()) {
      throw Problem.invalid(field, "no agent '" + agent + "' of yours: define it first");
    }
  }

  /** Deletes the agent: threads already running keep the definition they froze. */
  @DELETE
  public Response delete(@PathParam("name") String name, @Context HttpHeaders headers) {
    String tenant = caller.tenant(headers);
    if (log.agent(tenant, name).isEmpty()) {
      throw Problem.notFound("no agent '" + name + "'");
    }
    log.deleteAgent(tenant, name);
    return Response.noContent().build();
  }

  @GET
  public Response get(@PathParam("name") String name, @Context HttpHeaders headers) {
    String tenant = caller.tenant(headers);
    AgentDefinition definition =
        log.agent(tenant, name).orElseThrow(() -> Problem.notFound("no agent '" + name + "'"));
    return Response.ok(AgentJson.render(definition)).build();
  }
}
