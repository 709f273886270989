package dev.threadline.ingest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.threadline.agents.HookPoint;
import dev.threadline.avro.AgentDefinition;
import java.util.Map;
import java.util.TreeMap;

/**
 * An agent's {@code hooks}: {@code {"before_store_tool_result": "redact_emails", ...}}, each hook
 * point this version runs ({@link HookPoint#run()}) to the function an executor serves for it. Any
 * other point is a 422 naming it.
 */
final class HookJson {
  static final int MAX_FUNCTION_CHARS = 128;

  private HookJson() {}

  static Map<String, String> read(JsonNode body) {
    JsonNode hooks = body.get("hooks");
    Map<String, String> read = new TreeMap<>();
    if (hooks == null || hooks.isNull()) {
      return read;
    }
    if (!hooks.isObject()) {
      throw Problem.invalid("hooks", "must be an object of hook points to function names");
    }
    for (var entry : hooks.properties()) {
      String field = "hooks." + entry.getKey();
      String refusal = HookPoint.refusal(entry.getKey());
      if (refusal != null) {
        throw Problem.invalid(field, refusal);
      }
      JsonNode function = entry.getValue();
      if (!function.isTextual()
          || function.asText().isBlank()
          || function.asText().length() > MAX_FUNCTION_CHARS) {
        throw Problem.invalid(
            field,
            "must name the function executors serve for it (1 to "
                + MAX_FUNCTION_CHARS
                + " characters)");
      }
      read.put(entry.getKey(), function.asText());
    }
    return read;
  }

  static void render(AgentDefinition a, ObjectNode o) {
    ObjectNode hooks = o.putObject("hooks");
    new TreeMap<>(a.getHooks()).forEach(hooks::put);
  }
}
