package dev.threadline.ingest.bodies;

import dev.threadline.avro.AgentDefinition;
import dev.threadline.config.Budgets;
import dev.threadline.config.Limits;
import dev.threadline.config.ModelPolicy;
import dev.threadline.ingest.Problem;
import dev.threadline.ingest.kafka.CommandLog;

/**
 * What an agent definition must meet beyond its own fields: limits, models, reachable agents (a
 * subagent entry without a description takes its agent's toolDescription as it is now).
 */
public final class AgentChecks {
  private AgentChecks() {}

  public static void requireWithinLimits(
      Limits limits, Budgets budgets, AgentDefinition definition) {
    Integer turns = definition.getStop().getMaxSessionTurns();
    if (turns != null && turns > budgets.sessionTurns()) {
      throw Problem.invalid(
          "stop.maxSessionTurns",
          "at most " + budgets.sessionTurns() + " (" + Budgets.SESSION_TURNS + ")");
    }
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
   * The {@code immediate} object form keeps its promise (spec §7.4): {@code nameEnv} and {@code
   * descriptionEnv}, which a model may read, never name a secret; {@code scopedEnv}, which travels
   * sealed, never names a variable the agent declares text.
   */
  public static void requireSafeBootstrap(AgentDefinition definition) {
    var subagents = definition.getSubagents();
    for (int i = 0; i < subagents.size(); i++) {
      var bootstrap = subagents.get(i).getBootstrap();
      if (bootstrap == null) {
        continue;
      }
      String field = "subagents[" + i + "].immediate.";
      for (String key : new String[] {"nameEnv", "descriptionEnv"}) {
        String name =
            key.equals("nameEnv") ? bootstrap.getNameEnv() : bootstrap.getDescriptionEnv();
        if (name != null && declared(definition, name, true)) {
          throw Problem.invalid(
              field + key, name + " is a secret: only a text variable may be shown to a model");
        }
      }
      var scoped = bootstrap.getScopedEnv();
      for (int j = 0; j < scoped.size(); j++) {
        if (declared(definition, scoped.get(j), false)) {
          throw Problem.invalid(
              field + "scopedEnv[" + j + "]",
              scoped.get(j)
                  + " is declared text: scoped values are copied sealed, so declare it secret");
        }
      }
    }
  }

  private static boolean declared(AgentDefinition definition, String name, boolean secret) {
    return definition.getVariables().stream()
        .anyMatch(v -> v.getName().equals(name) && v.getSecret() == secret);
  }

  /**
   * Every model endpoint is one of the operator's that this tenant may use (never a URL of its
   * own): the agent's, side B's and each subprompt's, which are model requests like the agent's.
   */
  public static void requireAllowedModels(
      ModelPolicy policy, String tenant, AgentDefinition definition) {
    requireAllowed(policy, tenant, definition.getModel().getConfigJson(), "");
    if (definition.getOtherSide() != null) {
      requireAllowed(
          policy, tenant, definition.getOtherSide().getModel().getConfigJson(), "sideB.");
    }
    var subprompts = definition.getSubprompts();
    for (int i = 0; i < subprompts.size(); i++) {
      if (subprompts.get(i).getModel() != null) {
        requireAllowed(
            policy, tenant, subprompts.get(i).getModel().getConfigJson(), "subprompts[" + i + "].");
      }
    }
  }

  static void requireAllowed(ModelPolicy policy, String tenant, String configJson, String prefix) {
    ModelPolicy.Refusal refusal = policy.definitionRefusal(tenant, Json.parse(configJson));
    if (refusal != null) {
      throw Problem.invalid(prefix + refusal.field(), refusal.reason());
    }
  }

  /**
   * Each subagent runs, and each handoff hands to, an agent of the same tenant that exists now (or
   * the agent itself): a thread freezes them when it starts, so one missing would only fail later,
   * in a running thread.
   */
  public static void requireReachableAgents(
      CommandLog log, String tenant, AgentDefinition definition) {
    var subagents = definition.getSubagents();
    for (int i = 0; i < subagents.size(); i++) {
      var entry = subagents.get(i);
      String field = "subagents[" + i + "].agent";
      requireAgent(log, tenant, definition, entry.getAgent(), field);
      AgentDefinition child =
          entry.getAgent().equals(definition.getName())
              ? definition
              : log.agent(tenant, entry.getAgent()).orElseThrow();
      if (!child.getExposeAsTool()) {
        throw Problem.invalid(
            field, "'" + entry.getAgent() + "' is not exposed as a tool (exposeAsTool: false)");
      }
      if (entry.getDescription() == null) {
        // The spec's toolDescription of the agent: what the parent's model is told of it.
        entry.setDescription(child.getToolDescription());
      }
    }
    var handoffs = definition.getHandoffs();
    for (int i = 0; i < handoffs.size(); i++) {
      String agent = handoffs.get(i).getAgent();
      String field = "handoffs[" + i + "].agent";
      requireAgent(log, tenant, definition, agent, field);
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

  private static void requireAgent(
      CommandLog log, String tenant, AgentDefinition definition, String agent, String field) {
    if (!agent.equals(definition.getName()) && log.agent(tenant, agent).isEmpty()) {
      throw Problem.invalid(field, "no agent '" + agent + "' of yours: define it first");
    }
  }
}
