package dev.threadline.ingest.bodies;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.threadline.avro.DefinitionKind;
import dev.threadline.avro.NamedDefinition;
import dev.threadline.ingest.Problem;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * A model's or a prompt's JSON as {@code PUT /v1/models|prompts/{name}} reads it, validated field
 * by field (422 naming the field), and as {@code GET} shows it.
 *
 * <ul>
 *   <li>A <b>model</b> is a provider configuration, as an agent's inline {@code model}: {@code
 *       {"provider": "openai", "model": "gpt-4o-mini", "endpoint": "fast"}}.
 *   <li>A <b>prompt</b> is {@code {"prompt": "...", "model": "fast" | {...}, "toolDescription",
 *       "includeChat", "includePastTools", "initUserMessageProperty", "initAttachmentsProperty",
 *       "requiredSchema"}}: an agent's (or side's) system prompt and default model, or — named in
 *       {@code subprompts} — a prompt called as a tool.
 * </ul>
 */
public final class DefinitionJson {
  private DefinitionJson() {}

  /** A prompt as {@code PUT /v1/prompts/{name}} takes it. */
  record Prompt(
      @Schema(required = true) String prompt,
      @Schema(implementation = ModelNameOrBody.class) JsonNode model,
      String toolDescription,
      Boolean includeChat,
      Boolean includePastTools,
      String initUserMessageProperty,
      ObjectNode requiredSchema,
      @Schema(implementation = AgentBody.EnvValues.class) Map<String, JsonNode> env,
      Map<String, String> hooks,
      String initAttachmentsProperty) {}

  /** What {@code GET} adds to a definition: dropped, so a definition as shown can be put back. */
  private static final List<String> SHOWN_ONLY = List.of("name", "updatedAt", "usedBy");

  @Schema(oneOf = {String.class, AgentBody.ModelBody.class})
  interface ModelNameOrBody {}

  /** The body of {@code PUT /v1/models/{name}} (a model) or {@code /v1/prompts/{name}}. */
  @Schema(oneOf = {AgentBody.ModelBody.class, Prompt.class})
  public interface ModelOrPrompt {}

  /** {@code body} as a valid definition of {@code kind}; a prompt's model name must exist. */
  public static ObjectNode read(DefinitionKind kind, JsonNode body, References.Lookup lookup) {
    if (!(body instanceof ObjectNode object)) {
      throw Problem.invalid("$", "a " + label(kind) + " is a JSON object");
    }
    object.remove(SHOWN_ONLY);
    if (kind == DefinitionKind.MODEL) {
      AgentJson.model(TypedBody.shape(object, AgentBody.ModelBody.class, ""), "");
      return object;
    }
    Prompt prompt = TypedBody.shape(object, Prompt.class, "");
    AgentJson.required(prompt.prompt(), "prompt");
    JsonNode model = prompt.model();
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
    } else if (model != null && !model.isNull()) {
      if (!model.isObject()) {
        throw Problem.invalid("model", "a model of yours by name, or its configuration");
      }
      AgentJson.model(TypedBody.shape(model, AgentBody.ModelBody.class, "model."), "model.");
    }
    DefinitionEnv.read(prompt.env(), "");
    HookJson.readForPrompt(prompt.hooks(), "hooks");
    return object;
  }

  /** The model configuration {@code definition} holds, or null (a prompt naming no inline one). */
  public static JsonNode inlineModel(DefinitionKind kind, JsonNode body) {
    if (kind == DefinitionKind.MODEL) {
      return body;
    }
    JsonNode model = body.get("model");
    return model != null && model.isObject() ? model : null;
  }

  public static ObjectNode render(NamedDefinition d, List<String> usedBy) {
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

  public static String label(DefinitionKind kind) {
    return kind == DefinitionKind.MODEL ? "model" : "prompt";
  }
}
