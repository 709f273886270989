package dev.threadline.ingest;

import com.fasterxml.jackson.databind.JsonNode;
import dev.threadline.avro.AgentDefinition;
import dev.threadline.avro.DefinitionKind;
import dev.threadline.avro.NamedDefinition;
import dev.threadline.config.Budgets;
import dev.threadline.config.Limits;
import dev.threadline.config.ModelPolicy;
import dev.threadline.ingest.bodies.AgentChecks;
import dev.threadline.ingest.bodies.AgentJson;
import dev.threadline.ingest.bodies.DefinitionEnv;
import dev.threadline.ingest.bodies.DefinitionJson;
import dev.threadline.ingest.bodies.Json;
import dev.threadline.ingest.bodies.McpToolEntries;
import dev.threadline.ingest.bodies.References;
import dev.threadline.ingest.kafka.CommandLog;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Makes an agent definition as its author wrote it into the one the agent table holds: the models
 * and prompts it names resolved ({@link References}), the MCP servers' tools it names copied in
 * ({@link McpToolEntries}), read ({@link AgentJson}) and checked against what the tenant may use —
 * the same whether the agent is being written or re-resolved because a model or prompt it names was
 * redefined.
 */
@ApplicationScoped
public class AgentDefiner {
  @Inject CommandLog log;
  @Inject Limits limits;
  @Inject Budgets budgets;
  @Inject ModelPolicy modelPolicy;
  @Inject IngestSecrets secrets;
  private final Clock clock = Clock.systemUTC();

  /** The tenant's models and prompts as they are now. */
  public References.Lookup lookup(String tenant) {
    return lookup(tenant, null);
  }

  /** The tenant's models and prompts with {@code pending} in place of its stored namesake. */
  public References.Lookup lookup(String tenant, NamedDefinition pending) {
    return new References.Lookup() {
      @Override
      public Optional<JsonNode> model(String name) {
        return find(DefinitionKind.MODEL, name);
      }

      @Override
      public Optional<JsonNode> prompt(String name) {
        return find(DefinitionKind.PROMPT, name);
      }

      private Optional<JsonNode> find(DefinitionKind kind, String name) {
        Optional<NamedDefinition> found =
            pending != null && pending.getKind() == kind && pending.getName().equals(name)
                ? Optional.of(pending)
                : log.definitions(kind).get(tenant, name);
        return found.map(d -> Json.parse(d.getBodyJson()));
      }
    };
  }

  /** Agent {@code name} of {@code tenant} as {@code given}, resolved and checked. */
  public AgentDefinition define(
      String tenant, String name, JsonNode given, References.Lookup lookup) {
    // MCP entries become their tools' entries as written: re-resolving later keeps those tools.
    JsonNode written =
        McpToolEntries.expand(AgentJson.withoutShownFields(given), tenant, log::mcpServer);
    References.Resolved resolved = References.resolve(written, lookup);
    AgentDefinition definition = AgentJson.read(name, tenant, resolved.body(), clock.instant());
    DefinitionEnv.seal(definition, tenant, secrets);
    if (!resolved.uses().isEmpty()) {
      // Kept to resolve again later, so kept as sealed as the definition itself.
      definition.setWrittenJson(
          DefinitionEnv.sealWritten(written, definition, tenant, secrets).toString());
      definition.setUses(new ArrayList<>(resolved.uses()));
    }
    AgentChecks.requireWithinLimits(limits, budgets, definition);
    AgentChecks.requireSafeBootstrap(definition);
    AgentChecks.requireAllowedModels(modelPolicy, tenant, definition);
    AgentChecks.requireReachableAgents(log, tenant, definition);
    return definition;
  }

  /** The tenant's agents whose written definition names {@code kind} {@code name}. */
  public List<AgentDefinition> using(String tenant, DefinitionKind kind, String name) {
    String use = DefinitionJson.label(kind) + ":" + name;
    return log.agents().list(tenant).stream().filter(a -> a.getUses().contains(use)).toList();
  }
}
