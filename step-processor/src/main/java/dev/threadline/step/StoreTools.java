package dev.threadline.step;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.threadline.avro.store.KvEntry;
import dev.threadline.step.core.Input;
import dev.threadline.step.core.Output;
import dev.threadline.step.core.RuntimeTools;
import java.io.IOException;
import java.time.Instant;

/**
 * Runs {@code get_value} / {@code set_value} against the thread's durable key-value store (spec
 * §14): JSON values, null deletes, isolated per thread (keys are prefixed by thread id), visible to
 * every later call because the write lands in the same transaction as the tool result. Caps: key
 * length and value size, named in the error when exceeded.
 */
final class StoreTools {
  static final int MAX_KEY_CHARS = 256;
  static final int MAX_VALUE_CHARS = 65_536;
  private static final ObjectMapper JSON = new ObjectMapper();

  private StoreTools() {}

  static Input.ToolResultReceived run(
      ThreadStores stores, String threadId, Output.RunStoreTool run, Instant at) {
    String output;
    String error = null;
    try {
      JsonNode args = JSON.readTree(run.call().argumentsJson());
      JsonNode keyNode = args == null ? null : args.get("key");
      if (keyNode == null || !keyNode.isTextual() || keyNode.asText().isEmpty()) {
        return result(run, at, null, "invalid_arguments: field 'key' must be a non-empty string");
      }
      String key = keyNode.asText();
      if (key.length() > MAX_KEY_CHARS) {
        return result(
            run,
            at,
            null,
            "limit_exceeded: key is "
                + key.length()
                + " characters; the key limit is "
                + MAX_KEY_CHARS);
      }
      if (run.call().name().equals(RuntimeTools.GET_VALUE)) {
        KvEntry entry = stores.value(threadId, key);
        output = entry == null ? "null" : entry.getValueJson();
      } else {
        JsonNode value = args.get("value");
        if (value == null || value.isNull()) {
          stores.deleteValue(threadId, key);
        } else {
          String json = value.toString();
          if (json.length() > MAX_VALUE_CHARS) {
            return result(
                run,
                at,
                null,
                "limit_exceeded: value is "
                    + json.length()
                    + " characters; the value limit is "
                    + MAX_VALUE_CHARS);
          }
          stores.putValue(threadId, key, json, at);
        }
        ObjectNode ok = JSON.createObjectNode().put("ok", true);
        output = ok.toString();
      }
    } catch (IOException e) {
      output = null;
      error = "invalid_arguments: arguments are not JSON: " + e.getMessage();
    }
    return result(run, at, output, error);
  }

  private static Input.ToolResultReceived result(
      Output.RunStoreTool run, Instant at, String output, String error) {
    return new Input.ToolResultReceived(run.requestId(), run.epoch(), at, output, error, 0);
  }
}
