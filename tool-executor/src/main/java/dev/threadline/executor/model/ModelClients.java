package dev.threadline.executor.model;

import com.fasterxml.jackson.databind.JsonNode;
import com.openai.client.OpenAIClient;
import com.openai.client.okhttp.OpenAIOkHttpClient;
import dev.threadline.config.ModelPolicy;
import dev.threadline.executor.net.UrlGuard;
import java.net.URI;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import okhttp3.OkHttpClient;

/**
 * The SDK client a model call goes through, chosen by what the agent's model configuration names
 * and what the {@link ModelPolicy} lets its tenant use: an operator endpoint's client, with that
 * endpoint's key; or — only where the operator allows agents their own URL — a client for that URL
 * with no key at all, whose DNS is the {@link UrlGuard} (no internal addresses, no redirects).
 * Clients of agents' URLs are kept for the {@value #AGENT_URL_CLIENTS} most recently used URLs; the
 * others are closed.
 */
public final class ModelClients {
  static final int AGENT_URL_CLIENTS = 32;

  /** A client to call, or why there is none. */
  public sealed interface Choice {
    record Use(OpenAIClient client) implements Choice {}

    record Refused(String code, String message) implements Choice {}
  }

  private final ModelEndpoints endpoints;
  private final ModelPolicy policy;
  private final UrlGuard guard;
  private final Duration timeout;
  private final Map<String, OpenAIClient> byEndpoint = new ConcurrentHashMap<>();
  private final Map<String, OpenAIClient> byAgentUrl =
      new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, OpenAIClient> eldest) {
          if (size() > AGENT_URL_CLIENTS) {
            eldest.getValue().close();
            return true;
          }
          return false;
        }
      };

  public ModelClients(
      ModelEndpoints endpoints, ModelPolicy policy, UrlGuard guard, Duration timeout) {
    this.endpoints = endpoints;
    this.policy = policy;
    this.guard = guard;
    this.timeout = timeout;
  }

  /**
   * The client for {@code tenant}'s Chat Completions call with model configuration {@code config}.
   */
  public Choice choose(String tenant, JsonNode config) {
    return choose(tenant, config, "openai");
  }

  /**
   * The client for {@code tenant}'s call with model configuration {@code config}, by a provider of
   * {@code kind} (an OpenAI API: {@code openai} or {@code openai-responses}), which the named
   * endpoint must serve.
   */
  public Choice choose(String tenant, JsonNode config, String kind) {
    ModelPolicy.Refusal refusal = policy.refusal(tenant, config);
    if (refusal != null) {
      return new Choice.Refused("endpoint_refused", refusal.field() + ": " + refusal.reason());
    }
    String agentUrl = ModelPolicy.baseUrlOf(config);
    if (agentUrl != null) {
      try {
        guard.check(URI.create(agentUrl));
      } catch (UrlGuard.Blocked | IllegalArgumentException e) {
        return new Choice.Refused("endpoint_refused", "model.baseUrl: " + e.getMessage());
      }
      synchronized (byAgentUrl) {
        return new Choice.Use(byAgentUrl.computeIfAbsent(agentUrl, this::agentUrlClient));
      }
    }
    ModelEndpoints.Endpoint endpoint = endpoints.get(ModelPolicy.endpointOf(config));
    String serves = policy.providerOf(ModelPolicy.endpointOf(config));
    if (serves != null && !serves.equals(kind)) {
      // These are OpenAI clients: another kind's endpoint is its own provider's to call.
      return new Choice.Refused(
          "endpoint_refused",
          "model.endpoint: endpoint '"
              + ModelPolicy.endpointOf(config)
              + "' serves provider '"
              + serves
              + "', not "
              + kind);
    }
    if (endpoint == null) {
      return new Choice.Refused(
          "invalid_config", "model endpoint '" + ModelPolicy.endpointOf(config) + "' has no URL");
    }
    return new Choice.Use(byEndpoint.computeIfAbsent(endpoint.name(), n -> client(endpoint)));
  }

  private OpenAIClient client(ModelEndpoints.Endpoint endpoint) {
    return OpenAIOkHttpClient.builder()
        .baseUrl(endpoint.baseUrl())
        .apiKey(endpoint.apiKey() == null ? "none" : endpoint.apiKey())
        .maxRetries(0)
        .timeout(timeout)
        .build();
  }

  private OpenAIClient agentUrlClient(String url) {
    OkHttpClient http = guard.client().callTimeout(timeout).readTimeout(timeout).build();
    return OpenAIOkHttpClient.builder()
        .okHttpClient(http)
        .baseUrl(url)
        .apiKey("none") // never an operator's key
        .maxRetries(0)
        .timeout(timeout)
        .build();
  }
}
