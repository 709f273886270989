package dev.threadline.executor.model;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.openai.core.JsonValue;
import com.openai.models.ReasoningEffort;
import com.openai.models.chat.completions.ChatCompletionCreateParams;
import dev.threadline.serde.PooledJson;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A model configuration's options ({@code dev.threadline.config.ModelOptions}, already held to
 * their ranges) as Chat Completions parameters: {@code temperature}, {@code top_p}, {@code
 * max_completion_tokens} (in place of the runtime's own cap), {@code stop}, {@code seed}, {@code
 * parallel_tool_calls}, {@code reasoning_effort}, {@code tool_choice} ({@code {"name": …}} as the
 * named function), {@code response_format} ({@code json_schema} with its name, default {@code
 * reply}, schema and strictness), and {@code providerOptions}' entries as body properties of their
 * own names.
 */
final class ChatOptions {
  private ChatOptions() {}

  /**
   * {@code hasTools}: whether the request offers tools — the API refuses {@code tool_choice} and
   * {@code parallel_tool_calls} without them, so a step offered none is sent neither.
   */
  static void apply(JsonNode config, ChatCompletionCreateParams.Builder b, boolean hasTools) {
    if (config == null) {
      return;
    }
    SamplingOptions.apply(config, b::temperature, b::topP);
    if (config.has("maxOutputTokens")) {
      b.maxCompletionTokens(config.get("maxOutputTokens").asLong());
    }
    if (config.has("seed")) {
      // Deprecated in the SDK, still taken by the API and by compatible servers (vLLM, Ollama).
      b.putAdditionalBodyProperty("seed", JsonValue.from(config.get("seed").asLong()));
    }
    if (hasTools && config.has("parallelToolCalls")) {
      b.parallelToolCalls(config.get("parallelToolCalls").asBoolean());
    }
    JsonNode stop = config.get("stop");
    if (stop != null && stop.isTextual()) {
      b.stop(stop.asText());
    } else if (stop != null) {
      List<String> stops = new ArrayList<>();
      stop.forEach(s -> stops.add(s.asText()));
      b.stopOfStrings(stops);
    }
    if (config.has("reasoning")) {
      b.reasoningEffort(
          ReasoningEffort.of(
              config.path("reasoning").path("effort").asText().toLowerCase(Locale.ROOT)));
    }
    JsonNode choice = config.get("toolChoice");
    if (hasTools && choice != null) {
      b.putAdditionalBodyProperty(
          "tool_choice",
          choice.isTextual()
              ? JsonValue.from(choice.asText())
              : wire(
                  PooledJson.MAPPER
                      .createObjectNode()
                      .put("type", "function")
                      .set(
                          "function",
                          PooledJson.MAPPER
                              .createObjectNode()
                              .put("name", choice.path("name").asText()))));
    }
    JsonNode format = config.get("responseFormat");
    if (format != null) {
      b.putAdditionalBodyProperty("response_format", wire(responseFormat(format)));
    }
    JsonNode options = config.get("providerOptions");
    if (options != null) {
      options
          .properties()
          .forEach(e -> b.putAdditionalBodyProperty(e.getKey(), wire(e.getValue())));
    }
  }

  private static ObjectNode responseFormat(JsonNode format) {
    String type = format.path("type").asText();
    ObjectNode wire = PooledJson.MAPPER.createObjectNode().put("type", type);
    if (type.equals("json_schema")) {
      ObjectNode schema = wire.putObject("json_schema");
      schema.put("name", format.path("name").asText("reply"));
      schema.set("schema", format.get("schema"));
      if (format.has("strict")) {
        schema.put("strict", format.get("strict").asBoolean());
      }
    }
    return wire;
  }

  private static JsonValue wire(JsonNode node) {
    return JsonValue.from(PooledJson.MAPPER.convertValue(node, Object.class));
  }
}
