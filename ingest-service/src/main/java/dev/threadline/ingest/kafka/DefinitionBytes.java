package dev.threadline.ingest.kafka;

import dev.threadline.config.Limits;
import dev.threadline.ingest.Problem;
import java.util.HashMap;
import java.util.Map;

/**
 * The bytes each tenant's definitions — agents, models and prompts together, as stored — hold in
 * the ingest's views: at most {@code threadline.limits.definitions.bytes.per.tenant}, so the heap
 * every ingest instance spends on definitions is bounded by the number of tenants times it, however
 * many a tenant defines (each view reloads all of them at every start).
 */
public final class DefinitionBytes {
  private final long perTenant;
  private final Map<String, Map<String, Integer>> byTenant = new HashMap<>();

  public DefinitionBytes(Limits limits) {
    this.perTenant = limits.definitionBytesPerTenant();
  }

  /** What {@code tenant}'s definitions hold. */
  public synchronized long held(String tenant) {
    Map<String, Integer> held = byTenant.get(tenant);
    return held == null ? 0 : held.values().stream().mapToLong(Integer::longValue).sum();
  }

  /** What {@code tenant} would hold with each key's definition replaced by one of its new size. */
  synchronized long heldWith(String tenant, Map<String, Integer> replacements) {
    Map<String, Integer> held = byTenant.getOrDefault(tenant, Map.of());
    long bytes = held(tenant);
    for (var r : replacements.entrySet()) {
      bytes += r.getValue() - held.getOrDefault(r.getKey(), 0);
    }
    return bytes;
  }

  public boolean fits(String tenant, Map<String, Integer> replacements) {
    return heldWith(tenant, replacements) <= perTenant;
  }

  /** The 413 for definitions that would take {@code tenant} past its quota. */
  public Problem.Failure over(String tenant, Map<String, Integer> replacements) {
    return Problem.tooLarge(
        "$",
        "your definitions would hold "
            + heldWith(tenant, replacements)
            + " bytes, over the "
            + perTenant
            + " "
            + Limits.key("definitions.bytes.per.tenant")
            + " allows: delete or shorten one of them");
  }

  public synchronized void put(String tenant, String key, int bytes) {
    byTenant.computeIfAbsent(tenant, t -> new HashMap<>()).put(key, bytes);
  }

  public synchronized void remove(String tenant, String key) {
    Map<String, Integer> held = byTenant.get(tenant);
    if (held != null) {
      held.remove(key);
    }
  }
}
