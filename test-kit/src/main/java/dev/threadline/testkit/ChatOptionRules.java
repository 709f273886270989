package dev.threadline.testkit;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * What Chat Completions refuses in a request's sampling and output parameters, as the real API
 * does: {@code temperature} 0–2, {@code top_p} 0–1, {@code max_completion_tokens} at least 1,
 * {@code stop} a string or up to 4, {@code seed} an integer, {@code reasoning_effort} one of its
 * values, {@code response_format} of type text, json_object or json_schema (this one with a {@code
 * json_schema.name} of 1–64 of {@code [a-zA-Z0-9_-]} and a schema object), {@code tool_choice}
 * auto, none, required or a function among {@code tools}, and {@code parallel_tool_calls} only with
 * tools.
 */
final class ChatOptionRules {
  private static final Set<String> EFFORTS = Set.of("none", "minimal", "low", "medium", "high");

  private ChatOptionRules() {}

  static List<String> violations(JsonNode request) {
    List<String> problems = new ArrayList<>();
    range(request, "temperature", 0, 2, problems);
    range(request, "top_p", 0, 1, problems);
    JsonNode max = request.get("max_completion_tokens");
    if (max != null && !(max.isIntegralNumber() && max.asLong() >= 1)) {
      problems.add("'max_completion_tokens' must be an integer of at least 1");
    }
    JsonNode stop = request.get("stop");
    if (stop != null && !stop.isTextual() && !(stop.isArray() && stop.size() <= 4)) {
      problems.add("'stop' must be a string or an array of up to 4 strings");
    }
    JsonNode seed = request.get("seed");
    if (seed != null && !seed.isIntegralNumber()) {
      problems.add("'seed' must be an integer");
    }
    JsonNode effort = request.get("reasoning_effort");
    if (effort != null && !EFFORTS.contains(effort.asText())) {
      problems.add("'reasoning_effort' must be one of " + EFFORTS);
    }
    format(request.get("response_format"), problems);
    boolean hasTools = request.path("tools").isArray() && !request.path("tools").isEmpty();
    JsonNode choice = request.get("tool_choice");
    if (choice != null) {
      boolean named =
          choice.path("type").asText().equals("function")
              && names(request).contains(choice.path("function").path("name").asText());
      if (!(Set.of("auto", "none", "required").contains(choice.asText()) || named)) {
        problems.add("'tool_choice' must be auto, none, required or a function among 'tools'");
      }
    }
    if (request.has("parallel_tool_calls") && !hasTools) {
      problems.add("'parallel_tool_calls' is only allowed when 'tools' are specified");
    }
    return problems;
  }

  private static void range(
      JsonNode request, String name, double low, double high, List<String> problems) {
    JsonNode value = request.get(name);
    if (value != null
        && !(value.isNumber() && value.asDouble() >= low && value.asDouble() <= high)) {
      problems.add("'" + name + "' must be a number from " + low + " to " + high);
    }
  }

  private static void format(JsonNode format, List<String> problems) {
    if (format == null) {
      return;
    }
    switch (format.path("type").asText()) {
      case "text", "json_object" -> {}
      case "json_schema" -> {
        JsonNode schema = format.path("json_schema");
        if (!schema.path("name").asText().matches("[a-zA-Z0-9_-]{1,64}")
            || !schema.path("schema").isObject()) {
          problems.add("'response_format.json_schema' needs a name and a schema object");
        }
      }
      default -> problems.add("'response_format.type' must be text, json_object or json_schema");
    }
  }

  private static List<String> names(JsonNode request) {
    List<String> names = new ArrayList<>();
    request.path("tools").forEach(t -> names.add(t.path("function").path("name").asText()));
    return names;
  }
}
