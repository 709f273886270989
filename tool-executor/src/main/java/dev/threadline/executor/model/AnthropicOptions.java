package dev.threadline.executor.model;

import com.anthropic.core.JsonValue;
import com.anthropic.models.messages.JsonOutputFormat;
import com.anthropic.models.messages.MessageCreateParams;
import com.anthropic.models.messages.OutputConfig;
import com.anthropic.models.messages.ThinkingConfigAdaptive;
import com.anthropic.models.messages.ToolChoice;
import com.anthropic.models.messages.ToolChoiceAny;
import com.anthropic.models.messages.ToolChoiceAuto;
import com.anthropic.models.messages.ToolChoiceNone;
import com.anthropic.models.messages.ToolChoiceTool;
import com.fasterxml.jackson.databind.JsonNode;
import dev.threadline.serde.PooledJson;
import java.util.ArrayList;
import java.util.List;

/**
 * A model configuration's options ({@code dev.threadline.config.ModelOptions}, already held to
 * their ranges and to what the {@code anthropic} provider takes) as Messages API parameters: {@code
 * stop} as {@code stop_sequences}; {@code toolChoice} {@code auto}, {@code none}, {@code required}
 * (the API's {@code any}) or a tool's name, and {@code parallelToolCalls: false} as its {@code
 * disable_parallel_tool_use}; {@code responseFormat} {@code json_schema} as {@code
 * output_config.format}; {@code reasoning.effort} as adaptive thinking at that {@code
 * output_config.effort}, {@code reasoning.budgetTokens} as thinking with that budget; {@code
 * providerOptions}' entries as body properties of their own names (where an older model's {@code
 * temperature} goes). {@code maxOutputTokens} is the request's {@code max_tokens}, set by the
 * provider.
 */
final class AnthropicOptions {
  private AnthropicOptions() {}

  static void apply(JsonNode config, MessageCreateParams.Builder b, boolean hasTools) {
    if (config == null) {
      return;
    }
    JsonNode stop = config.get("stop");
    if (stop != null) {
      List<String> stops = new ArrayList<>();
      if (stop.isTextual()) {
        stops.add(stop.asText());
      } else {
        stop.forEach(s -> stops.add(s.asText()));
      }
      b.stopSequences(stops);
    }
    if (hasTools) {
      ToolChoice choice = toolChoice(config);
      if (choice != null) {
        b.toolChoice(choice);
      }
    }
    OutputConfig.Builder output = null;
    JsonNode format = config.get("responseFormat");
    if (format != null && format.path("type").asText().equals("json_schema")) {
      JsonOutputFormat.Schema.Builder schema = JsonOutputFormat.Schema.builder();
      format
          .get("schema")
          .properties()
          .forEach(e -> schema.putAdditionalProperty(e.getKey(), wire(e.getValue())));
      output =
          OutputConfig.builder().format(JsonOutputFormat.builder().schema(schema.build()).build());
    }
    JsonNode reasoning = config.get("reasoning");
    if (reasoning != null && reasoning.has("effort")) {
      b.thinking(ThinkingConfigAdaptive.builder().build());
      output = output == null ? OutputConfig.builder() : output;
      output.effort(OutputConfig.Effort.of(reasoning.get("effort").asText()));
    } else if (reasoning != null && reasoning.has("budgetTokens")) {
      b.enabledThinking(reasoning.get("budgetTokens").asLong());
    }
    if (output != null) {
      b.outputConfig(output.build());
    }
    JsonNode options = config.get("providerOptions");
    if (options != null) {
      options
          .properties()
          .forEach(e -> b.putAdditionalBodyProperty(e.getKey(), wire(e.getValue())));
    }
  }

  private static ToolChoice toolChoice(JsonNode config) {
    JsonNode choice = config.get("toolChoice");
    boolean serial =
        config.has("parallelToolCalls") && !config.get("parallelToolCalls").asBoolean();
    if (choice == null) {
      return serial
          ? ToolChoice.ofAuto(ToolChoiceAuto.builder().disableParallelToolUse(true).build())
          : null;
    }
    if (choice.isObject()) {
      ToolChoiceTool.Builder tool = ToolChoiceTool.builder().name(choice.path("name").asText());
      return ToolChoice.ofTool(serial ? tool.disableParallelToolUse(true).build() : tool.build());
    }
    return switch (choice.asText()) {
      case "none" -> ToolChoice.ofNone(ToolChoiceNone.builder().build());
      case "required" -> {
        ToolChoiceAny.Builder any = ToolChoiceAny.builder();
        yield ToolChoice.ofAny(serial ? any.disableParallelToolUse(true).build() : any.build());
      }
      default -> {
        ToolChoiceAuto.Builder auto = ToolChoiceAuto.builder();
        yield ToolChoice.ofAuto(serial ? auto.disableParallelToolUse(true).build() : auto.build());
      }
    };
  }

  static JsonValue wire(JsonNode node) {
    return JsonValue.from(PooledJson.MAPPER.convertValue(node, Object.class));
  }
}
