package dev.threadline.config;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The options a built-in provider does not take, refused at the door rather than by the provider's
 * API at the first call. {@code anthropic}: no {@code temperature}, {@code topP} or {@code seed}
 * (the Messages API refuses the first two on Claude models from Opus 4.7 on and never had a seed;
 * an older model that takes them gets them in {@code providerOptions}), no {@code json_object}
 * response format (it takes {@code json_schema}), no {@code minimal} reasoning effort, and a
 * thinking budget below {@code maxOutputTokens} when both are given. {@code openai}: no {@code
 * reasoning.budgetTokens} (it takes an effort). {@code openai-responses}: no {@code budgetTokens},
 * {@code stop} or {@code seed} (the Responses API has neither), and {@code maxOutputTokens} of at
 * least 16 (the API's least).
 */
final class ProviderOptions {
  private ProviderOptions() {}

  static ModelPolicy.Refusal refusal(JsonNode config) {
    return switch (config.path("provider").asText()) {
      case "anthropic" -> anthropic(config);
      case "openai" -> budgetRefusal(config, "openai");
      case "openai-responses" -> responses(config);
      default -> null;
    };
  }

  private static ModelPolicy.Refusal budgetRefusal(JsonNode config, String provider) {
    return config.path("reasoning").has("budgetTokens")
        ? ModelOptions.refused(
            "reasoning",
            "budgetTokens is not taken by the " + provider + " provider: give an effort")
        : null;
  }

  private static ModelPolicy.Refusal responses(JsonNode config) {
    for (String option : new String[] {"stop", "seed"}) {
      if (config.has(option)) {
        return ModelOptions.refused(
            option, "is not taken by the openai-responses provider (the Responses API has none)");
      }
    }
    if (config.has("maxOutputTokens") && config.get("maxOutputTokens").asInt() < 16) {
      return ModelOptions.refused(
          "maxOutputTokens", "must be at least 16 for the openai-responses provider");
    }
    return budgetRefusal(config, "openai-responses");
  }

  private static ModelPolicy.Refusal anthropic(JsonNode config) {
    for (String option : new String[] {"temperature", "topP", "seed"}) {
      if (config.has(option)) {
        return ModelOptions.refused(
            option,
            "is not taken by the anthropic provider (Claude models from Opus 4.7 on refuse it); for"
                + " an older model that takes it, pass it in providerOptions");
      }
    }
    if (config.path("responseFormat").path("type").asText().equals("json_object")) {
      return ModelOptions.refused(
          "responseFormat.type",
          "json_object is not taken by the anthropic provider: use json_schema");
    }
    JsonNode reasoning = config.path("reasoning");
    if (reasoning.path("effort").asText().equals("minimal")) {
      return ModelOptions.refused(
          "reasoning",
          "effort minimal is not taken by the anthropic provider: low, medium or high");
    }
    if (reasoning.has("budgetTokens")
        && config.has("maxOutputTokens")
        && reasoning.get("budgetTokens").asInt() >= config.get("maxOutputTokens").asInt()) {
      return ModelOptions.refused(
          "reasoning",
          "budgetTokens must be less than maxOutputTokens, which includes the thinking");
    }
    return null;
  }
}
