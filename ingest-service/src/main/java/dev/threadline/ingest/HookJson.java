package dev.threadline.ingest;

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

  static Map<String, String> read(Map<String, String> hooks) {
    Map<String, String> read = new TreeMap<>();
    if (hooks == null) {
      return read;
    }
    hooks.forEach(
        (point, function) -> {
          String field = "hooks." + point;
          String refusal = HookPoint.refusal(point);
          if (refusal != null) {
            throw Problem.invalid(field, refusal);
          }
          if (function == null || function.isBlank() || function.length() > MAX_FUNCTION_CHARS) {
            throw Problem.invalid(
                field,
                "must name the function executors serve for it (1 to "
                    + MAX_FUNCTION_CHARS
                    + " characters)");
          }
          read.put(point, function);
        });
    return read;
  }

  static void render(AgentDefinition a, ObjectNode o) {
    ObjectNode hooks = o.putObject("hooks");
    new TreeMap<>(a.getHooks()).forEach(hooks::put);
  }
}
