package dev.threadline.config;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Which model endpoints and models an agent definition may name. Endpoints are the operator's:
 * named in {@code threadline.model.endpoints} (default {@code default}), each with its URL and key
 * configured on the executor. An agent names one ({@code "endpoint": "fast"}, default {@code
 * default}); a URL of the agent's own ({@code "baseUrl"}) is refused unless {@code
 * threadline.model.base.url.allowed=true}, and even then it never receives an operator's key. A
 * tenant may be held to a list of endpoints ({@code threadline.model.tenant.<tenant>.endpoints})
 * and models ({@code threadline.model.tenant.<tenant>.models}, {@code *} at the end matches a
 * prefix); a tenant with an endpoint list may not use a URL of its own.
 *
 * <p>The ingest service applies it at the door (422) and the executor again before every call, so a
 * definition written to the topic directly is held to the same rules.
 */
public record ModelPolicy(
    Set<String> endpoints,
    Map<String, String> endpointProviders,
    Set<String> providers,
    boolean baseUrlAllowed,
    Map<String, Set<String>> tenantEndpoints,
    Map<String, Set<String>> tenantModels) {
  public static final String DEFAULT_ENDPOINT = "default";
  public static final String ENDPOINTS = "threadline.model.endpoints";
  public static final String BASE_URL_ALLOWED = "threadline.model.base.url.allowed";

  /**
   * An endpoint's settings: {@code .url}, {@code .key.env} or {@code .key.file}, {@code .provider}.
   */
  public static final String ENDPOINT = "threadline.model.endpoint.";

  private static final String TENANT = "threadline.model.tenant.";
  private static final Pattern NAME = Pattern.compile("[a-z0-9-]{1,64}");

  /** Providers that call no endpoint (scripted replies are made up in the executor). */
  private static final Set<String> LOCAL_PROVIDERS = Set.of("scripted");

  /**
   * The providers definitions may name, which the executor makes at start (each from a factory on
   * its classpath): a definition naming another could never run.
   */
  public static final String PROVIDERS = "threadline.model.providers";

  /** The built-in providers, every executor's. */
  public static final String BUILT_IN_PROVIDERS = "openai,openai-responses,anthropic,scripted";

  /** Why a model configuration is refused, and the field of the agent definition at fault. */
  public record Refusal(String field, String reason) {}

  public static ModelPolicy from(Map<String, String> settings) {
    Set<String> endpoints = list(settings.getOrDefault(ENDPOINTS, DEFAULT_ENDPOINT), true);
    for (String name : endpoints) {
      if (!NAME.matcher(name).matches()) {
        throw new IllegalArgumentException(
            ENDPOINTS + ": '" + name + "' is not an endpoint name (use 1-64 of a-z 0-9 -)");
      }
    }
    Set<String> providers = list(settings.getOrDefault(PROVIDERS, BUILT_IN_PROVIDERS), true);
    for (String name : providers) {
      if (!NAME.matcher(name).matches()) {
        throw new IllegalArgumentException(
            PROVIDERS + ": '" + name + "' is not a provider name (use 1-64 of a-z 0-9 -)");
      }
    }
    Map<String, String> endpointProviders = new HashMap<>();
    for (String name : endpoints) {
      String given = settings.get(ENDPOINT + name + ".provider");
      String kind = given == null ? "openai" : given.trim().toLowerCase(Locale.ROOT);
      // An endpoint left at openai where the operator lists no openai is unused, not wrong.
      if (given != null && !providers.contains(kind)) {
        throw new IllegalArgumentException(
            ENDPOINT
                + name
                + ".provider: '"
                + kind
                + "' is not among "
                + PROVIDERS
                + " ("
                + String.join(", ", providers)
                + ")");
      }
      endpointProviders.put(name, kind);
    }
    Map<String, Set<String>> tenantEndpoints = new HashMap<>();
    Map<String, Set<String>> tenantModels = new HashMap<>();
    settings.forEach(
        (key, value) -> {
          if (key.startsWith(TENANT) && key.endsWith(".endpoints")) {
            tenantEndpoints.put(
                key.substring(TENANT.length(), key.length() - 10), list(value, true));
          } else if (key.startsWith(TENANT) && key.endsWith(".models")) {
            tenantModels.put(key.substring(TENANT.length(), key.length() - 7), list(value, false));
          }
        });
    return new ModelPolicy(
        endpoints,
        Map.copyOf(endpointProviders),
        providers,
        Boolean.parseBoolean(settings.getOrDefault(BASE_URL_ALLOWED, "false").trim()),
        Map.copyOf(tenantEndpoints),
        Map.copyOf(tenantModels));
  }

  /** The operator's endpoint names. */
  public Set<String> endpoints() {
    return endpoints;
  }

  /**
   * The provider kind endpoint {@code name} serves ({@code .provider}, default openai), or null.
   */
  public String providerOf(String endpoint) {
    return endpointProviders.get(endpoint);
  }

  /** The providers definitions may name ({@value #PROVIDERS}, in the order given). */
  public Set<String> providers() {
    return providers;
  }

  /** The endpoint a model configuration names ({@code default} when it names none). */
  public static String endpointOf(JsonNode config) {
    JsonNode endpoint = config == null ? null : config.get("endpoint");
    return endpoint == null || endpoint.isNull() ? DEFAULT_ENDPOINT : endpoint.asText();
  }

  /** The URL of the agent's own a model configuration names, or null. */
  public static String baseUrlOf(JsonNode config) {
    JsonNode url = config == null ? null : config.get("baseUrl");
    return url == null || url.isNull() || url.asText().isBlank() ? null : url.asText();
  }

  /**
   * As {@link #refusal}, for a model configuration of a definition, which names its provider: one
   * the runtime does not have is refused too (the executor, which calls it, knows the provider from
   * the request and asks {@link #refusal}).
   */
  public Refusal definitionRefusal(String tenant, JsonNode config) {
    Refusal own = ownRefusal(tenant, config);
    return own != null ? own : fallbacksRefusal(tenant, config);
  }

  /** The most fallbacks a model may list. */
  public static final int MAX_FALLBACKS = 3;

  /**
   * A model's {@code fallbacks}: at most {@value #MAX_FALLBACKS} model configurations, each held to
   * the rules of a model of its own (its field named by its place), none with fallbacks.
   */
  private Refusal fallbacksRefusal(String tenant, JsonNode config) {
    JsonNode fallbacks = config == null ? null : config.get("fallbacks");
    if (fallbacks == null) {
      return null;
    }
    if (!fallbacks.isArray() || fallbacks.size() > MAX_FALLBACKS) {
      return new Refusal(
          "model.fallbacks",
          "must be a list of at most " + MAX_FALLBACKS + " model configurations");
    }
    for (int i = 0; i < fallbacks.size(); i++) {
      JsonNode fallback = fallbacks.get(i);
      String at = "model.fallbacks[" + i + "]";
      if (!fallback.isObject() || fallback.has("fallbacks")) {
        return new Refusal(at, "must be a model configuration, without fallbacks of its own");
      }
      Refusal refusal = ownRefusal(tenant, fallback);
      if (refusal != null) {
        return new Refusal(at + refusal.field().substring("model".length()), refusal.reason());
      }
    }
    return null;
  }

  private Refusal ownRefusal(String tenant, JsonNode config) {
    String provider = config == null ? "" : config.path("provider").asText();
    if (config != null && !providers.contains(provider)) {
      return new Refusal(
          "model.provider",
          "unknown provider '"
              + provider
              + "': this runtime has "
              + String.join(", ", new java.util.TreeSet<>(providers))
              + " ("
              + PROVIDERS
              + ")");
    }
    return refusal(tenant, config);
  }

  /** Null when {@code tenant} may use the model {@code config} names; otherwise why not. */
  public Refusal refusal(String tenant, JsonNode config) {
    Refusal options = ModelOptions.refusal(config);
    if (options != null) {
      return options;
    }
    if (config == null || LOCAL_PROVIDERS.contains(config.path("provider").asText())) {
      return null;
    }

    Set<String> allowedEndpoints = tenantEndpoints.get(tenant);
    String baseUrl = baseUrlOf(config);
    if (baseUrl != null) {
      Refusal refusal = baseUrlRefusal(tenant, config, baseUrl, allowedEndpoints);
      if (refusal != null) {
        return refusal;
      }
    } else {
      String endpoint = endpointOf(config);
      if (!endpoints.contains(endpoint)) {
        return new Refusal(
            "model.endpoint",
            "unknown endpoint '"
                + endpoint
                + "': this runtime has "
                + String.join(", ", endpoints));
      }
      String serves = endpointProviders.get(endpoint);
      String provider = config.path("provider").asText(serves);
      if (!serves.equals(provider)) {
        return new Refusal(
            "model.endpoint",
            "endpoint '"
                + endpoint
                + "' serves provider '"
                + serves
                + "' ("
                + ENDPOINT
                + endpoint
                + ".provider), not '"
                + provider
                + "'");
      }
      if (allowedEndpoints != null && !allowedEndpoints.contains(endpoint)) {
        return new Refusal(
            "model.endpoint",
            "tenant "
                + tenant
                + " may use the endpoints "
                + String.join(", ", allowedEndpoints)
                + ", not '"
                + endpoint
                + "'");
      }
    }
    Set<String> allowedModels = tenantModels.get(tenant);
    String model = config.path("model").asText("");
    if (allowedModels != null && allowedModels.stream().noneMatch(p -> matches(p, model))) {
      return new Refusal(
          "model.model",
          "tenant "
              + tenant
              + " may use the models "
              + String.join(", ", allowedModels)
              + ", not '"
              + model
              + "'");
    }
    return null;
  }

  private Refusal baseUrlRefusal(
      String tenant, JsonNode config, String baseUrl, Set<String> allowedEndpoints) {
    if (!baseUrlAllowed) {
      return new Refusal(
          "model.baseUrl",
          "this runtime does not let an agent choose its model URL ("
              + BASE_URL_ALLOWED
              + " is off); name one of the operator's endpoints instead: \"endpoint\": "
              + String.join(", ", endpoints));
    }
    if (config.hasNonNull("endpoint")) {
      return new Refusal("model.baseUrl", "name an endpoint or a baseUrl, not both");
    }
    if (allowedEndpoints != null) {
      return new Refusal(
          "model.baseUrl",
          "tenant " + tenant + " may use the endpoints " + String.join(", ", allowedEndpoints));
    }
    String scheme;
    try {
      scheme = URI.create(baseUrl).getScheme();
    } catch (IllegalArgumentException e) {
      scheme = null;
    }
    if (scheme == null || !(scheme.equalsIgnoreCase("http") || scheme.equalsIgnoreCase("https"))) {
      return new Refusal("model.baseUrl", "must be an http or https URL");
    }
    return null;
  }

  private static boolean matches(String pattern, String model) {
    return pattern.endsWith("*")
        ? model.startsWith(pattern.substring(0, pattern.length() - 1))
        : pattern.equals(model);
  }

  private static Set<String> list(String value, boolean lowerCase) {
    return Arrays.stream(value.split(","))
        .map(s -> lowerCase ? s.trim().toLowerCase(Locale.ROOT) : s.trim())
        .filter(s -> !s.isEmpty())
        .collect(Collectors.toCollection(LinkedHashSet::new));
  }
}
