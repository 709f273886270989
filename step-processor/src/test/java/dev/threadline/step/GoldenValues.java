package dev.threadline.step;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.threadline.step.core.Input;
import dev.threadline.step.core.Output;
import java.io.IOException;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** The golden world's key-value stores: each thread's values, in key order. */
final class GoldenValues {
  private static final ObjectMapper JSON = new ObjectMapper();
  private final Map<String, Map<String, String>> values = new HashMap<>();

  /** Thread {@code threadId}'s values, key to JSON (a view to read and write). */
  Map<String, String> of(String threadId) {
    return values.computeIfAbsent(threadId, k -> new TreeMap<>());
  }

  /** A deleted thread's values are gone. */
  void forget(String threadId) {
    values.remove(threadId);
  }

  /** get_value / set_value against an in-memory map, as {@link StoreTools} does on its store. */
  Input storeTool(Instant now, String threadId, Output.RunStoreTool run) {
    Map<String, String> kv = of(threadId);
    JsonNode args;
    try {
      args = JSON.readTree(run.call().argumentsJson());
    } catch (IOException notJson) {
      args = null;
    }
    JsonNode key = args == null ? null : args.get("key");
    if (key == null || !key.isTextual() || key.asText().isEmpty()) {
      return new Input.ToolResultReceived(
          run.requestId(),
          run.epoch(),
          now,
          null,
          "invalid_arguments: key",
          0,
          List.of(),
          List.of());
    }
    String output;
    if (run.call().name().equals("get_value")) {
      output = kv.getOrDefault(key.asText(), "null");
    } else {
      JsonNode value = args.get("value");
      if (value == null || value.isNull()) {
        kv.remove(key.asText());
      } else {
        kv.put(key.asText(), value.toString());
      }
      output = "{\"ok\":true}";
    }
    return new Input.ToolResultReceived(
        run.requestId(), run.epoch(), now, output, null, 0, List.of(), List.of());
  }
}
