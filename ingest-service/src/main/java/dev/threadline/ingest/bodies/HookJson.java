package dev.threadline.ingest.bodies;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.threadline.agents.HookPoint;
import dev.threadline.avro.AgentDefinition;
import dev.threadline.ingest.Problem;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * An agent's {@code hooks}: {@code {"before_store_tool_result": "redact_emails", ...}}, each hook
 * point of the model ({@link HookPoint}) to the function an executor serves for it. Any other point
 * is a 422 naming it. A prompt's {@code hooks} are the same, limited to a model call's points.
 */
final class HookJson {
  static final int MAX_FUNCTION_CHARS = 128;

  private HookJson() {}

  /**
   * The hooks a prompt may name: it is one model step without tools, and the executor runs these
   * around a model call (its system message, its history, the message its reply creates).
   */
  static final List<String> PROMPT_POINTS = HookPoint.modelCall();

  static Map<String, String> read(Map<String, String> hooks) {
    return read(hooks, "hooks", null);
  }

  /** A prompt's {@code hooks}, at {@code field}: those of a model call only. */
  static Map<String, String> readForPrompt(Map<String, String> hooks, String field) {
    return read(hooks, field, PROMPT_POINTS);
  }

  /** {@code hooks} at {@code prefix}; {@code only}: the points allowed there (null: all run). */
  private static Map<String, String> read(
      Map<String, String> hooks, String prefix, List<String> only) {
    Map<String, String> read = new TreeMap<>();
    if (hooks == null) {
      return read;
    }
    hooks.forEach(
        (point, function) -> {
          String field = prefix + "." + point;
          String refusal = HookPoint.refusal(point);
          if (refusal == null && only != null && !only.contains(point)) {
            refusal =
                "a prompt runs one model step, with no tools: its hooks are a model call's, "
                    + only;
          }
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
