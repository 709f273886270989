package dev.threadline.executor.tools;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One execution's scratch map — a tool call, the hooks around it and the calls it makes within its
 * own ({@link ToolContext#runTool}, {@code run_code}'s {@code tools.*}) share it as {@link
 * ThreadState#context()} — and the values the execution set, which every later {@code getValue} of
 * it reads before the thread's (spec §14.1.2): they apply with the call's result, and are seen at
 * once.
 */
public final class Execution extends ConcurrentHashMap<String, Object> {
  private final Map<String, JsonNode> values = new ConcurrentHashMap<>();

  /** The values of {@code context} when it is an execution's, else a map of the call's alone. */
  static Map<String, JsonNode> valuesOf(Map<String, Object> context) {
    return context instanceof Execution execution ? execution.values : new ConcurrentHashMap<>();
  }
}
