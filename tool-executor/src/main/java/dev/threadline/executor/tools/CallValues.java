package dev.threadline.executor.tools;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The values one call sets, seen at once by every later read of its execution — the call itself,
 * the calls it makes within its own, the hooks around it (spec §14.1.2) — and taken back when the
 * call fails, since a failed call's writes are not applied.
 */
final class CallValues {
  private final Map<String, JsonNode> shared;
  private final Map<String, Optional<JsonNode>> before = new HashMap<>();

  CallValues(Map<String, Object> context) {
    this.shared = Execution.valuesOf(context);
  }

  /** {@code key}'s value as the execution set it ({@code NullNode}: deleted), if it did. */
  Optional<JsonNode> get(String key) {
    return Optional.ofNullable(shared.get(key));
  }

  synchronized void set(String key, JsonNode value) {
    before.computeIfAbsent(key, k -> Optional.ofNullable(shared.get(k)));
    shared.put(key, value);
  }

  /** The call failed: the execution reads what it read before the call set anything. */
  synchronized void takeBack() {
    before.forEach(
        (key, value) -> {
          if (value.isPresent()) {
            shared.put(key, value.get());
          } else {
            shared.remove(key);
          }
        });
    before.clear();
  }
}
