package dev.threadline.executor.model;

import dev.threadline.config.ModelPolicy;
import java.util.Map;

/** The model policy of the provider tests: the default endpoint, and one more of a kind. */
final class EndpointPolicies {
  private EndpointPolicies() {}

  /** Endpoints {@code default} (openai) and {@code endpoint}, which serves {@code kind}. */
  static ModelPolicy withEndpoint(String endpoint, String kind) {
    return ModelPolicy.from(
        Map.of(
            ModelPolicy.ENDPOINTS,
            "default," + endpoint,
            ModelPolicy.ENDPOINT + endpoint + ".provider",
            kind));
  }
}
