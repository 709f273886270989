package dev.threadline.executor;

import java.util.Arrays;
import java.util.List;

/**
 * The tools another executor group serves ({@code threadline.executor.tools.elsewhere}: names, or
 * prefixes ending in {@code *}, comma-separated): this executor leaves their requests to it — no
 * result, not even {@code unknown_tool} — so executors in any language serve the tools of one turn
 * side by side, each request answered by exactly one group. Every other request this executor
 * answers, with {@code unknown_tool} for a tool it does not have.
 */
record ToolsElsewhere(List<String> names, List<String> prefixes) {
  static final ToolsElsewhere NONE = new ToolsElsewhere(List.of(), List.of());

  static ToolsElsewhere parse(String setting) {
    if (setting == null || setting.isBlank()) {
      return NONE;
    }
    List<String> all =
        Arrays.stream(setting.split(",")).map(String::trim).filter(t -> !t.isEmpty()).toList();
    return new ToolsElsewhere(
        all.stream().filter(t -> !t.endsWith("*")).toList(),
        all.stream()
            .filter(t -> t.endsWith("*"))
            .map(t -> t.substring(0, t.length() - 1))
            .toList());
  }

  /** Whether another group serves {@code tool}. */
  boolean serve(String tool) {
    return names.contains(tool) || prefixes.stream().anyMatch(tool::startsWith);
  }
}
