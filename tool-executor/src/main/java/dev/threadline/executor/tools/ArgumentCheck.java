package dev.threadline.executor.tools;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;
import java.util.Optional;

/**
 * Validates tool arguments against the subset of JSON Schema that tool definitions use: {@code
 * type} (object, string, number, integer, boolean, array, null), {@code properties}, {@code
 * required}, {@code enum}, {@code items}, {@code additionalProperties: false}, {@code minLength},
 * {@code maxLength}, {@code minimum}, {@code maximum}. Errors name the field by its JSON path.
 */
public final class ArgumentCheck {
  private ArgumentCheck() {}

  public static Optional<String> validate(JsonNode schema, JsonNode value) {
    return check(schema, value, "$");
  }

  private static Optional<String> check(JsonNode schema, JsonNode value, String path) {
    if (schema == null || schema.isEmpty()) {
      return Optional.empty();
    }
    JsonNode type = schema.get("type");
    if (type != null && type.isTextual() && !hasType(value, type.asText())) {
      return Optional.of(
          "field '" + path + "' must be " + article(type.asText()) + ", not " + describe(value));
    }
    JsonNode allowed = schema.get("enum");
    if (allowed != null && allowed.isArray()) {
      boolean found = false;
      for (JsonNode a : allowed) {
        found |= a.equals(value);
      }
      if (!found) {
        return Optional.of("field '" + path + "' must be one of " + allowed);
      }
    }
    if (value.isTextual()) {
      int length = value.asText().length();
      int min = schema.path("minLength").asInt(0);
      int max = schema.path("maxLength").asInt(Integer.MAX_VALUE);
      if (length < min || length > max) {
        String bound = length < min ? "at least " + min : "at most " + max;
        return Optional.of("field '" + path + "' must have " + bound + " characters");
      }
    }
    if (value.isNumber()) {
      if (schema.has("minimum") && value.asDouble() < schema.get("minimum").asDouble()) {
        return Optional.of("field '" + path + "' must be at least " + schema.get("minimum"));
      }
      if (schema.has("maximum") && value.asDouble() > schema.get("maximum").asDouble()) {
        return Optional.of("field '" + path + "' must be at most " + schema.get("maximum"));
      }
    }
    if (value.isObject()) {
      JsonNode required = schema.get("required");
      if (required != null) {
        for (JsonNode r : required) {
          if (!value.has(r.asText())) {
            return Optional.of("field '" + path + "." + r.asText() + "' is required");
          }
        }
      }
      JsonNode properties = schema.path("properties");
      boolean closed =
          schema.has("additionalProperties")
              && schema.get("additionalProperties").isBoolean()
              && !schema.get("additionalProperties").asBoolean();
      for (Map.Entry<String, JsonNode> field : value.properties()) {
        JsonNode fieldSchema = properties.get(field.getKey());
        if (fieldSchema == null) {
          if (closed) {
            return Optional.of("field '" + path + "." + field.getKey() + "' is not allowed");
          }
          continue;
        }
        Optional<String> error = check(fieldSchema, field.getValue(), path + "." + field.getKey());
        if (error.isPresent()) {
          return error;
        }
      }
    }
    if (value.isArray() && schema.has("items")) {
      for (int i = 0; i < value.size(); i++) {
        Optional<String> error = check(schema.get("items"), value.get(i), path + "[" + i + "]");
        if (error.isPresent()) {
          return error;
        }
      }
    }
    return Optional.empty();
  }

  private static boolean hasType(JsonNode v, String type) {
    return switch (type) {
      case "object" -> v.isObject();
      case "array" -> v.isArray();
      case "string" -> v.isTextual();
      case "integer" ->
          v.isIntegralNumber() || (v.isNumber() && v.asDouble() == Math.rint(v.asDouble()));
      case "number" -> v.isNumber();
      case "boolean" -> v.isBoolean();
      case "null" -> v.isNull();
      default -> true;
    };
  }

  private static String article(String type) {
    return (type.matches("[aeiou].*") ? "an " : "a ") + type;
  }

  private static String describe(JsonNode v) {
    return v.isNull()
        ? "null"
        : v.isObject()
            ? "an object"
            : v.isArray()
                ? "an array"
                : v.isTextual()
                    ? "a string"
                    : v.isNumber()
                        ? "a number"
                        : v.isBoolean() ? "a boolean" : v.getNodeType().toString();
  }
}
