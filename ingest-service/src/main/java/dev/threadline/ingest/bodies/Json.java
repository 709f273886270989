package dev.threadline.ingest.bodies;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.threadline.ingest.Problem;
import java.util.List;

/**
 * Reading JSON request bodies: parsing, and the field readers every body uses, whose errors name
 * the field (400 for malformed JSON, 422 for a field that breaks its rule). What each body means is
 * in {@link AgentJson} and {@link MessageJson}.
 */
public final class Json {
  public static final ObjectMapper MAPPER = new ObjectMapper();

  private Json() {}

  public static JsonNode parse(String body) {
    if (body == null || body.isBlank()) {
      return MAPPER.createObjectNode();
    }
    try {
      return MAPPER.readTree(body);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw Problem.badRequest("malformed JSON: " + e.getOriginalMessage());
    }
  }

  static ObjectNode object(JsonNode node, String field) {
    if (!(node instanceof ObjectNode o)) {
      throw Problem.badRequest(field + " must be a JSON object");
    }
    return o;
  }

  static Iterable<JsonNode> array(JsonNode parent, String field) {
    JsonNode node = parent.get(field);
    if (node == null || node.isNull()) {
      return List.of();
    }
    if (!node.isArray()) {
      throw Problem.invalid(field, "must be an array");
    }
    return node;
  }

  static JsonNode objectOrFail(JsonNode node, String field) {
    if (!node.isObject()) {
      throw Problem.invalid(field, "must be a JSON object (a JSON Schema)");
    }
    return node;
  }

  static String requiredText(JsonNode node, String field) {
    String leaf = field.substring(field.lastIndexOf('.') + 1);
    JsonNode v = node.get(leaf);
    if (v == null || !v.isTextual() || v.asText().isBlank()) {
      throw field.startsWith("attachments") || field.contains(".attachments")
          ? Problem.invalidMessage(field, "required string")
          : Problem.invalid(field, "required string");
    }
    return v.asText();
  }

  static String optionalText(JsonNode node, String field) {
    JsonNode v = node.get(field);
    return v == null || v.isNull() ? null : v.asText();
  }

  static int positive(JsonNode node, String leaf, String field, int defaultValue) {
    JsonNode v = node.get(leaf);
    if (v == null || v.isNull()) {
      return defaultValue;
    }
    if (!v.isInt() || v.asInt() < 1) {
      throw Problem.invalid(field, "must be a whole number of at least 1");
    }
    return v.asInt();
  }
}
