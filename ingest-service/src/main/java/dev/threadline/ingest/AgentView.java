package dev.threadline.ingest;

import dev.threadline.avro.AgentDefinition;
import dev.threadline.config.Limits;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.jboss.logging.Logger;

/**
 * The agent definitions the ingest resolves names against, per tenant, held to the quotas: at most
 * {@code threadline.limits.agents.per.tenant} definitions of at most {@code
 * threadline.limits.agent.bytes} each. The door refuses what would pass them; a definition written
 * to the topic by another producer that would is left out of the view (and logged), so the view's
 * size is bounded by the number of tenants whatever the topic holds.
 */
final class AgentView {
  private static final Logger LOG = Logger.getLogger(AgentView.class);
  private final Limits limits;
  private final Map<String, Map<String, AgentDefinition>> byTenant = new ConcurrentHashMap<>();

  AgentView(Limits limits) {
    this.limits = limits;
  }

  Optional<AgentDefinition> get(String tenant, String name) {
    Map<String, AgentDefinition> agents = byTenant.get(tenant);
    return Optional.ofNullable(agents == null ? null : agents.get(name));
  }

  /** How many definitions {@code tenant} has. */
  int count(String tenant) {
    Map<String, AgentDefinition> agents = byTenant.get(tenant);
    return agents == null ? 0 : agents.size();
  }

  /** Whether {@code name} would be a new agent for {@code tenant} beyond its quota. */
  boolean full(String tenant, String name) {
    return get(tenant, name).isEmpty() && count(tenant) >= limits.agentsPerTenant();
  }

  /** Holds {@code definition} ({@code bytes} as stored) unless it would pass a quota. */
  void put(AgentDefinition definition, int bytes) {
    String tenant = definition.getTenantId();
    String name = definition.getName();
    if (bytes > limits.agentBytes()) {
      LOG.warnf(
          "leaving out agent %s/%s: %d bytes, over %s",
          tenant, name, bytes, Limits.key("agent.bytes"));
      return;
    }
    if (full(tenant, name)) {
      LOG.warnf(
          "leaving out agent %s/%s: the tenant has %d, the most %s allows",
          tenant, name, count(tenant), Limits.key("agents.per.tenant"));
      return;
    }
    byTenant.computeIfAbsent(tenant, t -> new ConcurrentHashMap<>()).put(name, definition);
  }

  /** Forgets the agent of a tombstone ({@code tenant/name} key). */
  void remove(String key) {
    int slash = key.indexOf('/');
    if (slash > 0) {
      Map<String, AgentDefinition> agents = byTenant.get(key.substring(0, slash));
      if (agents != null) {
        agents.remove(key.substring(slash + 1));
      }
    }
  }
}
