package dev.threadline.executor.model;

import dev.threadline.config.ModelPolicy;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The operator's model endpoints, read once at start: for each name in {@code
 * threadline.model.endpoints}, its URL ({@code threadline.model.endpoint.<name>.url}) and where its
 * key is ({@code .key.env}, the name of an environment variable, or {@code .key.file}). The {@code
 * default} endpoint falls back to {@code OPENAI_BASE_URL} (else the OpenAI API) and {@code
 * OPENAI_API_KEY} — or, when it serves {@code anthropic}, to {@code ANTHROPIC_BASE_URL} (else the
 * Anthropic API) and {@code ANTHROPIC_API_KEY}. Keys never leave this class except in requests to
 * their own endpoint's URL.
 */
public final class ModelEndpoints {
  /** An endpoint: its name, URL and key ({@code null} when it needs none). */
  public record Endpoint(String name, String baseUrl, String apiKey) {
    @Override
    public String toString() {
      return "Endpoint[" + name + " " + baseUrl + (apiKey == null ? "" : " with key") + "]";
    }
  }

  private static final String PREFIX = "threadline.model.endpoint.";
  private final Map<String, Endpoint> endpoints;

  private ModelEndpoints(Map<String, Endpoint> endpoints) {
    this.endpoints = endpoints;
  }

  public static ModelEndpoints of(Endpoint... endpoints) {
    Map<String, Endpoint> byName = new LinkedHashMap<>();
    for (Endpoint e : endpoints) {
      byName.put(e.name(), e);
    }
    return new ModelEndpoints(byName);
  }

  /** Every endpoint {@code policy} names, from {@code settings} and the environment. */
  public static ModelEndpoints from(
      ModelPolicy policy, Map<String, String> settings, Map<String, String> env) {
    Map<String, Endpoint> byName = new LinkedHashMap<>();
    for (String name : policy.endpoints()) {
      boolean isDefault = name.equals(ModelPolicy.DEFAULT_ENDPOINT);
      String url = settings.get(PREFIX + name + ".url");
      boolean anthropic = "anthropic".equals(policy.providerOf(name));
      if (url == null && isDefault && anthropic) {
        url = firstNonBlank(env.get("ANTHROPIC_BASE_URL"), "https://api.anthropic.com");
      } else if (url == null && isDefault) {
        url =
            firstNonBlank(
                settings.get("threadline.openai.base.url"),
                env.get("OPENAI_BASE_URL"),
                "https://api.openai.com/v1");
      }
      if (url == null || url.isBlank()) {
        throw new IllegalArgumentException(
            "model endpoint '" + name + "' has no URL: set " + PREFIX + name + ".url");
      }
      byName.put(
          name, new Endpoint(name, url.trim(), key(name, isDefault, anthropic, settings, env)));
    }
    return new ModelEndpoints(byName);
  }

  private static String key(
      String name,
      boolean isDefault,
      boolean anthropic,
      Map<String, String> settings,
      Map<String, String> env) {
    String file = settings.get(PREFIX + name + ".key.file");
    if (file != null && !file.isBlank()) {
      try {
        return Files.readString(Path.of(file.trim())).trim();
      } catch (IOException e) {
        throw new UncheckedIOException(
            "cannot read the key of model endpoint '" + name + "' from " + file, e);
      }
    }
    String variable = settings.get(PREFIX + name + ".key.env");
    if (variable != null && !variable.isBlank()) {
      return env.get(variable.trim());
    }
    if (!isDefault) {
      return null;
    }
    return anthropic
        ? env.get("ANTHROPIC_API_KEY")
        : firstNonBlank(env.get("OPENAI_API_KEY"), settings.get("threadline.openai.api.key"));
  }

  /** The endpoint called {@code name}, or null. */
  public Endpoint get(String name) {
    return endpoints.get(name);
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
