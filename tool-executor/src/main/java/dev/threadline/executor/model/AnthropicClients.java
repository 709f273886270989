package dev.threadline.executor.model;

import com.anthropic.client.AnthropicClient;
import com.anthropic.client.okhttp.AnthropicOkHttpClient;
import com.fasterxml.jackson.databind.JsonNode;
import dev.threadline.config.ModelPolicy;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The Anthropic SDK client a call goes through: the client of the operator endpoint the model
 * configuration names, with that endpoint's key, once the {@link ModelPolicy} lets the tenant use
 * it. Only operator endpoints of kind {@code anthropic} are called — never a URL of the agent's
 * own, which would carry no key an Anthropic endpoint takes.
 */
final class AnthropicClients {
  static final String KIND = "anthropic";

  /** A client to call, or why there is none. */
  sealed interface Choice {
    record Use(AnthropicClient client) implements Choice {}

    record Refused(String code, String message) implements Choice {}
  }

  private final ModelEndpoints endpoints;
  private final ModelPolicy policy;
  private final Duration timeout;
  private final Map<String, AnthropicClient> byEndpoint = new ConcurrentHashMap<>();

  AnthropicClients(ModelEndpoints endpoints, ModelPolicy policy, Duration timeout) {
    this.endpoints = endpoints;
    this.policy = policy;
    this.timeout = timeout;
  }

  Choice choose(String tenant, JsonNode config) {
    if (ModelPolicy.baseUrlOf(config) != null) {
      return new Choice.Refused(
          "endpoint_refused",
          "model.baseUrl: the anthropic provider calls the operator's endpoints only; name one");
    }
    ModelPolicy.Refusal refusal = policy.refusal(tenant, config);
    if (refusal != null) {
      return new Choice.Refused("endpoint_refused", refusal.field() + ": " + refusal.reason());
    }
    String name = ModelPolicy.endpointOf(config);
    ModelEndpoints.Endpoint endpoint = endpoints.get(name);
    if (endpoint == null || !KIND.equals(policy.providerOf(name))) {
      return new Choice.Refused(
          "invalid_config", "model endpoint '" + name + "' is not an anthropic endpoint");
    }
    return new Choice.Use(byEndpoint.computeIfAbsent(name, n -> client(endpoint)));
  }

  private AnthropicClient client(ModelEndpoints.Endpoint endpoint) {
    return AnthropicOkHttpClient.builder()
        .baseUrl(endpoint.baseUrl())
        .apiKey(endpoint.apiKey() == null ? "none" : endpoint.apiKey())
        // The step processor owns retry policy: a failure is classified and returned at once.
        .maxRetries(0)
        .timeout(timeout)
        .build();
  }
}
