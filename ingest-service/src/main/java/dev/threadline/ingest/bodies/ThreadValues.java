package dev.threadline.ingest.bodies;

import com.fasterxml.jackson.databind.JsonNode;
import dev.threadline.config.KvLimits;
import dev.threadline.ingest.Problem;

/** A key and JSON value of a thread's key-value store as {@code PUT …/values/{key}} takes them. */
public final class ThreadValues {
  private ThreadValues() {}

  public static void requireKey(String key) {
    String refusal = KvLimits.keyRefusal(key);
    if (refusal != null) {
      throw Problem.invalid("key", refusal);
    }
  }

  /** The body as compact JSON, or null for JSON {@code null} (a deletion). */
  public static String valueJson(String key, String body) {
    requireKey(key);
    if (body == null || body.isBlank()) {
      throw Problem.badRequest("the body is the value, as JSON (null deletes the key)");
    }
    JsonNode value = Json.parse(body);
    String json = value.isNull() ? null : value.toString();
    String refusal = KvLimits.valueRefusal(json);
    if (refusal != null) {
      throw Problem.tooLarge("$", refusal);
    }
    return json;
  }
}
