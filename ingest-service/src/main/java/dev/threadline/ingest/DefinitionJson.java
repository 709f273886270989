package dev.threadline.ingest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.threadline.avro.DefinitionKind;
import dev.threadline.avro.NamedDefinition;
import java.util.List;

/**
 * A model's or a prompt's JSON as {@code PUT /v1/models|prompts/{name}} reads it, validated field
 * by field (422 naming the field), and as {@code GET} shows it.
 *
 * <ul>
 *   <li>A <b>model</b> is a provider configuration, as an agent's inline {@code model}: {@code
 *       {"provider": "openai", "model": "gpt-4o-mini", "endpoint": "fast"}}.
 *   <li>A <b>prompt</b> is {@code {"prompt": "...", "model": "fast" | {...}, "toolDescription",
 *       "includeChat", "includePastTools", "initUserMessageProperty", "requiredSchema"}}: an
 *       agent's (or side's) system prompt and default model, or — named in {@code subprompts} — a
 *       prompt called as a tool.
 * </ul>
 */
final class DefinitionJson {
  private static final List<String> PROMPT_FLAGS = List.of("includeChat", "includePastTools");

  private DefinitionJson() {}

  /** {@code body} as a valid definition of {@code kind}; a prompt's model name must exist. */
  static ObjectNode read(DefinitionKind kind, JsonNode body, References.Lookup lookup) {
    if (!(body instanceof ObjectNode object)) {
      throw Problem.invalid("$", "a " + label(kind) + " is a JSON object");
    }
    if (kind == DefinitionKind.MODEL) {
      requireProvider(object, "provider");
      return object;
    }
    Json.requiredText(object, "prompt");
    JsonNode model = object.get("model");
    if (model != null && model.isTextual()) {
      if (lookup.model(model.asText()).isEmpty()) {
        throw Problem.invalid(
            "model",
            "no model '"
                + model.asText()
                + "' of yours: PUT /v1/models/"
                + model.asText()
                + " first");
      }
    } else if (model != null) {
      requireProvider(model, "model.provider");
    }
    for (String flag : PROMPT_FLAGS) {
      if (object.has(flag) && !object.get(flag).isBoolean()) {
        throw Problem.invalid(flag, "must be true or false");
      }
    }
    for (String text : List.of("toolDescription", "initUserMessageProperty")) {
      if (object.has(text) && !object.get(text).isTextual()) {
        throw Problem.invalid(text, "must be a string");
      }
    }
    if (object.has("requiredSchema")) {
      Json.objectOrFail(object.get("requiredSchema"), "requiredSchema");
    }
    return object;
  }

  /** The model configuration {@code definition} holds, or null (a prompt naming no inline one). */
  static JsonNode inlineModel(DefinitionKind kind, JsonNode body) {
    if (kind == DefinitionKind.MODEL) {
      return body;
    }
    JsonNode model = body.get("model");
    return model != null && model.isObject() ? model : null;
  }

  static ObjectNode render(NamedDefinition d, List<String> usedBy) {
    ObjectNode o = Json.MAPPER.createObjectNode().put("name", d.getName());
    o.setAll((ObjectNode) Json.parse(d.getBodyJson()));
    // A secret a prompt gives is listed, never shown (not even sealed).
    if (o.get("env") instanceof ObjectNode env) {
      env.properties()
          .forEach(
              e -> {
                if (e.getValue().path("secret").asBoolean(false)) {
                  e.setValue(Json.MAPPER.createObjectNode().put("secret", true));
                } else if (e.getValue().isObject()) {
                  e.setValue(e.getValue().path("value"));
                }
              });
    }
    o.put("updatedAt", d.getUpdatedAt().toString());
    usedBy.forEach(o.putArray("usedBy")::add);
    return o;
  }

  static String label(DefinitionKind kind) {
    return kind == DefinitionKind.MODEL ? "model" : "prompt";
  }

  private static void requireProvider(JsonNode model, String field) {
    if (!model.isObject()
        || !model.path("provider").isTextual()
        || model.get("provider").asText().isBlank()) {
      throw Problem.invalid(
          field, "required: e.g. {\"provider\": \"openai\", \"model\": \"gpt-4o-mini\"}");
    }
  }
}
