package dev.threadline.executor.code;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.threadline.executor.code.JsValues.JsMap;
import dev.threadline.executor.code.JsValues.TypedArray;
import dev.threadline.executor.code.JsValues.Undefined;
import dev.threadline.serde.PooledJson;
import java.math.BigInteger;
import java.time.Instant;
import java.util.Collection;
import java.util.Map;

/**
 * Code values as JSON, and JSON as code values, for what crosses between code and the rest of the
 * runtime (tool arguments and results): a {@code Map} and a plain object become JSON objects, a
 * {@code Set} and a typed array arrays, a {@code Date} its ISO-8601 text, a {@code bigint} a
 * number, {@code undefined} nothing (a property) or {@code null} (an element).
 */
public final class CodeJson {
  private static final ObjectMapper JSON = PooledJson.MAPPER;
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private CodeJson() {}

  public static JsonNode toJson(Object value) {
    if (value == null || value instanceof Undefined) {
      return NODES.nullNode();
    }
    if (value instanceof String text) {
      return NODES.textNode(text);
    }
    if (value instanceof Boolean flag) {
      return NODES.booleanNode(flag);
    }
    if (value instanceof Integer || value instanceof Long) {
      return NODES.numberNode(((Number) value).longValue());
    }
    if (value instanceof BigInteger big) {
      return NODES.numberNode(big);
    }
    if (value instanceof Number number) {
      double d = number.doubleValue();
      return Double.isFinite(d) ? NODES.numberNode(d) : NODES.nullNode();
    }
    if (value instanceof Instant instant) {
      return NODES.textNode(instant.toString());
    }
    if (value instanceof JsMap map) {
      return object(map.entries());
    }
    if (value instanceof TypedArray typed) {
      return array(typed.values());
    }
    if (value instanceof Map<?, ?> map) {
      return object(map);
    }
    if (value instanceof Collection<?> list) {
      return array(list);
    }
    return NODES.textNode(String.valueOf(value));
  }

  /** {@code node} as the plain values code receives: maps, lists, strings, numbers, booleans. */
  public static Object fromJson(JsonNode node) {
    return JSON.convertValue(node, Object.class);
  }

  private static ObjectNode object(Map<?, ?> entries) {
    ObjectNode out = NODES.objectNode();
    entries.forEach(
        (k, v) -> {
          if (!(v instanceof Undefined)) {
            out.set(String.valueOf(k), toJson(v));
          }
        });
    return out;
  }

  private static ArrayNode array(Collection<?> values) {
    ArrayNode out = NODES.arrayNode();
    values.forEach(v -> out.add(toJson(v)));
    return out;
  }
}
