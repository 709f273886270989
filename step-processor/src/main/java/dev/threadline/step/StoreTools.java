package dev.threadline.step;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.threadline.avro.store.KvEntry;
import dev.threadline.config.KvLimits;
import dev.threadline.step.core.Input;
import dev.threadline.step.core.Output;
import dev.threadline.step.core.RuntimeTools;
import java.io.IOException;
import java.time.Instant;
import java.util.List;

/**
 * Runs {@code get_value} / {@code set_value} against the thread's durable key-value store (spec
 * §14): JSON values, null deletes, isolated per thread (keys are prefixed by thread id), visible to
 * every later call because the write lands in the same transaction as the tool result. Caps ({@link
 * KvLimits}): key length and value size, named in the error when exceeded.
 */
final class StoreTools {
  private static final ObjectMapper JSON = new ObjectMapper();

  private StoreTools() {}

  /**
   * @param limit what a stored value may be: a value within the key-value caps may still be over
   *     the record limit an operator set, and is then the tool's error, never a refused changelog
   */
  static Input.ToolResultReceived run(
      ThreadStores stores,
      StoreRecordLimit limit,
      String threadId,
      Output.RunStoreTool run,
      Instant at) {
    String output;
    String error = null;
    try {
      JsonNode args = JSON.readTree(run.call().argumentsJson());
      JsonNode keyNode = args == null ? null : args.get("key");
      String key = keyNode != null && keyNode.isTextual() ? keyNode.asText() : null;
      String keyRefusal = KvLimits.keyRefusal(key);
      if (keyRefusal != null) {
        return result(run, at, null, keyRefusal);
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
          String valueRefusal = KvLimits.valueRefusal(json);
          if (valueRefusal == null) {
            valueRefusal = new KvKeyCap(stores, threadId).refusal(key);
          }
          if (valueRefusal != null) {
            return result(run, at, null, valueRefusal);
          }
          KvEntry entry = new KvEntry(json, at);
          String tooLarge =
              limit.refusal("limit_exceeded: the value", Keys.kv(threadId, key), entry);
          if (tooLarge != null) {
            return result(run, at, null, tooLarge);
          }
          stores.putValue(threadId, key, entry);
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
    return new Input.ToolResultReceived(
        run.requestId(), run.epoch(), at, output, error, 0, List.of(), List.of());
  }
}
