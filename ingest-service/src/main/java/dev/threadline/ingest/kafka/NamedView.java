package dev.threadline.ingest.kafka;

import dev.threadline.config.Limits;
import dev.threadline.ingest.Problem;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.function.Function;
import org.jboss.logging.Logger;

/**
 * One kind of named definition (agents, models or prompts) the ingest resolves names against, per
 * tenant, held to the quotas: at most {@code threadline.limits.agents.per.tenant} definitions of at
 * most {@code threadline.limits.agent.bytes} each, per kind, and all kinds together at most {@code
 * threadline.limits.definitions.bytes.per.tenant} ({@link DefinitionBytes}). The door refuses what
 * would pass them; a definition written to the topic by another producer that would is left out of
 * the view (and logged), so the view's size is bounded by the number of tenants whatever the topic
 * holds.
 *
 * @param <V> the stored definition
 */
public final class NamedView<V> {
  private static final Logger LOG = Logger.getLogger(NamedView.class);
  private final String kind;
  private final Limits limits;
  private final Function<V, String> tenantOf;
  private final Function<V, String> nameOf;
  private final Map<String, Map<String, V>> byTenant = new ConcurrentHashMap<>();
  private final DefinitionBytes bytes;

  NamedView(
      String kind,
      Limits limits,
      DefinitionBytes bytes,
      Function<V, String> tenantOf,
      Function<V, String> nameOf) {
    this.kind = kind;
    this.bytes = bytes;
    this.limits = limits;
    this.tenantOf = tenantOf;
    this.nameOf = nameOf;
  }

  public Optional<V> get(String tenant, String name) {
    Map<String, V> named = byTenant.get(tenant);
    return Optional.ofNullable(named == null ? null : named.get(name));
  }

  /** The tenant's definitions, by name. */
  public List<V> list(String tenant) {
    Map<String, V> named = byTenant.get(tenant);
    return named == null ? List.of() : List.copyOf(named.values());
  }

  /** How many definitions {@code tenant} has. */
  int count(String tenant) {
    Map<String, V> named = byTenant.get(tenant);
    return named == null ? 0 : named.size();
  }

  /** Whether {@code name} would be a new definition for {@code tenant} beyond its quota. */
  public boolean full(String tenant, String name) {
    return get(tenant, name).isEmpty() && count(tenant) >= limits.agentsPerTenant();
  }

  /** The 422 for a tenant at its quota. */
  public Problem.Failure quotaReached(String tenant) {
    return Problem.invalid(
        "name",
        "you have "
            + count(tenant)
            + " "
            + kind
            + "s, the most "
            + Limits.key("agents.per.tenant")
            + " allows: redefine or delete one of them");
  }

  /** Holds {@code definition} ({@code bytes} as stored) unless it would pass a quota. */
  void put(V definition, int bytes) {
    String tenant = tenantOf.apply(definition);
    String name = nameOf.apply(definition);
    if (bytes > limits.agentBytes()) {
      LOG.warnf(
          "leaving out %s %s/%s: %d bytes, over %s",
          kind, tenant, name, bytes, Limits.key("agent.bytes"));
      return;
    }
    if (full(tenant, name)) {
      LOG.warnf(
          "leaving out %s %s/%s: the tenant has %d, the most %s allows",
          kind, tenant, name, count(tenant), Limits.key("agents.per.tenant"));
      return;
    }
    if (!this.bytes.fits(tenant, Map.of(key(name), bytes))) {
      LOG.warnf(
          "leaving out %s %s/%s: the tenant's definitions would pass %s",
          kind, tenant, name, Limits.key("definitions.bytes.per.tenant"));
      return;
    }
    byTenant.computeIfAbsent(tenant, t -> new ConcurrentSkipListMap<>()).put(name, definition);
    this.bytes.put(tenant, key(name), bytes);
  }

  /** The key of {@code name} among all the tenant's definitions, every kind's. */
  String key(String name) {
    return kind + "/" + name;
  }

  /** Forgets {@code name} of {@code tenant}. */
  void remove(String tenant, String name) {
    Map<String, V> named = byTenant.get(tenant);
    if (named != null) {
      named.remove(name);
    }
    bytes.remove(tenant, key(name));
  }
}
