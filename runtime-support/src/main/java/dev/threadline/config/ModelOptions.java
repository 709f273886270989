package dev.threadline.config;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Optional;
import java.util.Set;

/**
 * The options a model configuration may carry besides its provider, model and endpoint, each held
 * to the range every provider takes: {@code temperature} 0–2, {@code topP} above 0 up to 1, {@code
 * maxOutputTokens} at least 1, {@code stop} a string or up to 4, {@code seed} an integer, {@code
 * responseFormat} {@code {"type": "text" | "json_object" | "json_schema", "schema", "name",
 * "strict"}} (a JSON-schema reply is checked against its schema: {@link #replyRefusal}), {@code
 * reasoning} {@code {"effort": "minimal" | "low" | "medium" | "high"}} or {@code {"budgetTokens":
 * n}} (at least 1024), {@code toolChoice} {@code "auto" | "none" | "required" | {"name": …}},
 * {@code parallelToolCalls} a boolean, and {@code providerOptions} an object passed through to the
 * provider as it is — and to what the named provider takes ({@link ProviderOptions}). The ingest
 * refuses a definition whose options are out of range (422 naming the field); the executor holds
 * every request to the same rules before it calls.
 */
public final class ModelOptions {
  private static final Set<String> FORMATS = Set.of("text", "json_object", "json_schema");
  private static final Set<String> EFFORTS = Set.of("minimal", "low", "medium", "high");
  private static final Set<String> CHOICES = Set.of("auto", "none", "required");

  private ModelOptions() {}

  /** Why {@code config}'s options are refused (the first option at fault), or null. */
  public static ModelPolicy.Refusal refusal(JsonNode config) {
    if (config == null || !config.isObject()) {
      return null;
    }
    JsonNode t = config.get("temperature");
    if (t != null && !(t.isNumber() && t.asDouble() >= 0 && t.asDouble() <= 2)) {
      return refused("temperature", "must be a number from 0 to 2");
    }
    JsonNode p = config.get("topP");
    if (p != null && !(p.isNumber() && p.asDouble() > 0 && p.asDouble() <= 1)) {
      return refused("topP", "must be a number above 0, up to 1");
    }
    JsonNode max = config.get("maxOutputTokens");
    if (max != null && !(max.canConvertToInt() && max.isIntegralNumber() && max.asInt() >= 1)) {
      return refused("maxOutputTokens", "must be a whole number of at least 1");
    }
    JsonNode seed = config.get("seed");
    if (seed != null && !(seed.isIntegralNumber() && seed.canConvertToLong())) {
      return refused("seed", "must be a whole number");
    }
    JsonNode parallel = config.get("parallelToolCalls");
    if (parallel != null && !parallel.isBoolean()) {
      return refused("parallelToolCalls", "must be true or false");
    }
    JsonNode options = config.get("providerOptions");
    if (options != null && !options.isObject()) {
      return refused("providerOptions", "must be an object");
    }
    ModelPolicy.Refusal stop = stopRefusal(config.get("stop"));
    if (stop != null) {
      return stop;
    }
    ModelPolicy.Refusal format = formatRefusal(config.get("responseFormat"));
    if (format != null) {
      return format;
    }
    JsonNode reasoning = config.get("reasoning");
    if (reasoning != null
        && !(reasoning.isObject()
            && reasoning.size() == 1
            && (EFFORTS.contains(reasoning.path("effort").asText())
                || (reasoning.path("budgetTokens").isIntegralNumber()
                    && reasoning.path("budgetTokens").canConvertToInt()
                    && reasoning.path("budgetTokens").asInt() >= 1024)))) {
      return refused(
          "reasoning",
          "must be {\"effort\": "
              + String.join(" | ", EFFORTS)
              + "} or {\"budgetTokens\": a whole number of at least 1024}");
    }
    JsonNode choice = config.get("toolChoice");
    if (choice != null
        && !(choice.isTextual() && CHOICES.contains(choice.asText()))
        && !(choice.isObject() && choice.size() == 1 && choice.path("name").isTextual())) {
      return refused("toolChoice", "must be auto, none, required or {\"name\": a tool's name}");
    }
    return ProviderOptions.refusal(config);
  }

  /**
   * Why {@code text}, a model's reply under {@code config}, does not answer its JSON response
   * format (not JSON, not an object, or not what the schema says: the first error's place), or null
   * when it does or the format asks for none.
   */
  public static String replyRefusal(JsonNode config, String text) {
    JsonNode format = config == null ? null : config.get("responseFormat");
    String type = format == null ? "text" : format.path("type").asText("text");
    if (type.equals("text")) {
      return null;
    }
    JsonNode reply;
    try {
      reply = dev.threadline.serde.PooledJson.MAPPER.readTree(text == null ? "" : text);
    } catch (java.io.IOException e) {
      reply = null;
    }
    if (reply == null || !reply.isObject()) {
      return "the reply is not a JSON object, as responseFormat " + type + " asks";
    }
    if (type.equals("json_schema")) {
      JsonNode schema = format.get("schema");
      Optional<String> error = JsonSchemas.firstError(schema, reply);
      if (error.isPresent()) {
        return "the reply does not match responseFormat's schema: " + error.get();
      }
    }
    return null;
  }

  private static ModelPolicy.Refusal stopRefusal(JsonNode stop) {
    if (stop == null || (stop.isTextual() && !stop.asText().isEmpty())) {
      return null;
    }
    boolean ok = stop.isArray() && !stop.isEmpty() && stop.size() <= 4;
    for (JsonNode s : stop) {
      ok &= s.isTextual() && !s.asText().isEmpty();
    }
    return ok ? null : refused("stop", "must be a string, or 1 to 4 strings, none empty");
  }

  private static ModelPolicy.Refusal formatRefusal(JsonNode format) {
    if (format == null) {
      return null;
    }
    String type = format.path("type").asText();
    if (!format.isObject() || !FORMATS.contains(type)) {
      return refused("responseFormat.type", "must be " + String.join(", ", FORMATS));
    }
    if (!type.equals("json_schema")) {
      return null;
    }
    JsonNode name = format.get("name");
    if (name != null && !(name.isTextual() && name.asText().matches("[A-Za-z0-9_-]{1,64}"))) {
      return refused("responseFormat.name", "must be 1-64 of A-Z a-z 0-9 _ -");
    }
    JsonNode strict = format.get("strict");
    if (strict != null && !strict.isBoolean()) {
      return refused("responseFormat.strict", "must be true or false");
    }
    JsonNode schema = format.get("schema");
    if (schema == null || !schema.isObject()) {
      return refused("responseFormat.schema", "json_schema needs a schema: a JSON Schema object");
    }
    return JsonSchemas.notASchema(schema)
        .map(
            problem ->
                refused("responseFormat.schema", "is not a JSON Schema (2020-12): " + problem))
        .orElse(null);
  }

  static ModelPolicy.Refusal refused(String option, String reason) {
    return new ModelPolicy.Refusal("model." + option, option + " " + reason);
  }
}
