package dev.threadline.executor.model;

import com.fasterxml.jackson.databind.JsonNode;
import dev.threadline.avro.ModelRequest;
import dev.threadline.serde.PooledJson;
import java.io.IOException;

/**
 * What every provider reads from a model request before it calls: the model configuration (JSON,
 * null when empty) and the model name — the request's, else the configuration's, else the
 * provider's default — or, when either cannot be had, the non-retryable failure that says why.
 */
record CallSetup(JsonNode config, String model, ModelOutcome.Failure refused) {

  /**
   * @param whereToSet where an operator or agent sets a model, for the failure's words
   */
  static CallSetup of(ModelRequest request, String defaultModel, String whereToSet) {
    JsonNode config;
    try {
      config = PooledJson.MAPPER.readTree(request.getModel().getConfigJson());
    } catch (IOException e) {
      return refused("model configuration is not JSON: " + e.getMessage());
    }
    String model =
        firstNonBlank(
            request.getModel().getModel(),
            config != null && config.hasNonNull("model") ? config.get("model").asText() : null,
            defaultModel);
    if (model == null) {
      return refused("no model name: set it in " + whereToSet);
    }
    return new CallSetup(config, model, null);
  }

  private static CallSetup refused(String why) {
    return new CallSetup(null, null, new ModelOutcome.Failure("invalid_config", why, false));
  }

  /** Whether the call streams (the default). */
  boolean stream() {
    return config == null || config.path("stream").asBoolean(true);
  }

  /** How many of the most recent messages keep their images. */
  int recentImages() {
    return recentImages(config);
  }

  /** How many of the most recent messages keep their images under {@code config} (null: none). */
  static int recentImages(JsonNode config) {
    return config == null
        ? ImageParts.DEFAULT_RECENT
        : config.path("recentImageThreshold").asInt(ImageParts.DEFAULT_RECENT);
  }

  private static String firstNonBlank(String... values) {
    for (String v : values) {
      if (v != null && !v.isBlank()) {
        return v;
      }
    }
    return null;
  }
}
