package dev.threadline.executor.model;

import com.fasterxml.jackson.databind.JsonNode;
import com.openai.core.JsonValue;
import com.openai.models.Reasoning;
import com.openai.models.ReasoningEffort;
import com.openai.models.ResponseFormatJsonObject;
import com.openai.models.ResponseFormatText;
import com.openai.models.responses.ResponseCreateParams;
import com.openai.models.responses.ResponseFormatTextJsonSchemaConfig;
import com.openai.models.responses.ResponseIncludable;
import com.openai.models.responses.ResponseTextConfig;
import com.openai.models.responses.ToolChoiceFunction;
import com.openai.models.responses.ToolChoiceOptions;
import dev.threadline.serde.PooledJson;
import java.util.Locale;

/**
 * A model configuration's options ({@code dev.threadline.config.ModelOptions}, held to their ranges
 * and to what {@code openai-responses} takes) as Responses API parameters: {@code temperature},
 * {@code top_p}, {@code reasoning.effort} (its encrypted reasoning included in the answer, {@code
 * reasoning.encrypted_content}, so it can go back within the turn), {@code parallel_tool_calls} and
 * {@code tool_choice} (with tools only), {@code text.format} ({@code json_schema} named {@code
 * reply} unless the configuration names it), and {@code providerOptions}' entries as body fields of
 * their own names. {@code maxOutputTokens} is set by the provider.
 */
final class ResponsesOptions {
  private ResponsesOptions() {}

  static void apply(JsonNode config, ResponseCreateParams.Builder b, boolean hasTools) {
    if (config == null) {
      return;
    }
    SamplingOptions.apply(config, b::temperature, b::topP);
    if (config.has("reasoning")) {
      b.reasoning(
          Reasoning.builder()
              .effort(
                  ReasoningEffort.of(
                      config.path("reasoning").path("effort").asText().toLowerCase(Locale.ROOT)))
              .build());
      b.addInclude(ResponseIncludable.of("reasoning.encrypted_content"));
    }
    if (hasTools && config.has("parallelToolCalls")) {
      b.parallelToolCalls(config.get("parallelToolCalls").asBoolean());
    }
    JsonNode choice = config.get("toolChoice");
    if (hasTools && choice != null) {
      if (choice.isObject()) {
        b.toolChoice(ToolChoiceFunction.builder().name(choice.path("name").asText()).build());
      } else {
        b.toolChoice(ToolChoiceOptions.of(choice.asText()));
      }
    }
    JsonNode format = config.get("responseFormat");
    if (format != null) {
      b.text(ResponseTextConfig.builder().format(format(format)).build());
    }
    JsonNode options = config.get("providerOptions");
    if (options != null) {
      options
          .properties()
          .forEach(
              e ->
                  b.putAdditionalBodyProperty(
                      e.getKey(),
                      JsonValue.from(PooledJson.MAPPER.convertValue(e.getValue(), Object.class))));
    }
  }

  private static com.openai.models.responses.ResponseFormatTextConfig format(JsonNode format) {
    return switch (format.path("type").asText()) {
      case "json_object" ->
          com.openai.models.responses.ResponseFormatTextConfig.ofJsonObject(
              ResponseFormatJsonObject.builder().build());
      case "json_schema" -> {
        ResponseFormatTextJsonSchemaConfig.Schema.Builder schema =
            ResponseFormatTextJsonSchemaConfig.Schema.builder();
        format
            .get("schema")
            .properties()
            .forEach(
                e ->
                    schema.putAdditionalProperty(
                        e.getKey(),
                        JsonValue.from(
                            PooledJson.MAPPER.convertValue(e.getValue(), Object.class))));
        ResponseFormatTextJsonSchemaConfig.Builder json =
            ResponseFormatTextJsonSchemaConfig.builder()
                .name(format.path("name").asText("reply"))
                .schema(schema.build());
        if (format.has("strict")) {
          json.strict(format.get("strict").asBoolean());
        }
        yield com.openai.models.responses.ResponseFormatTextConfig.ofJsonSchema(json.build());
      }
      default ->
          com.openai.models.responses.ResponseFormatTextConfig.ofText(
              ResponseFormatText.builder().build());
    };
  }
}
