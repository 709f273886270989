package dev.threadline.ingest.kafka;

import dev.threadline.config.Settings;
import dev.threadline.serde.AvroSerdeConfig;
import dev.threadline.serde.RegistryKeys;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.HashMap;
import java.util.Map;
import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * What the ingest's serdes reach the schema registry with, as every other service's: {@code
 * threadline.schema.registry.url} (a comma-separated list) and the registry client's settings under
 * Confluent's names ({@code basic.auth.user.info}, {@code bearer.auth.token}, {@code
 * schema.registry.ssl.*}, or {@code THREADLINE_REGISTRY_BASIC_AUTH_USER_INFO} and so on in the
 * environment).
 */
@ApplicationScoped
public class RegistryConnection {
  private final Map<String, Object> serdeConfig = new HashMap<>();

  public RegistryConnection(
      Config config,
      @ConfigProperty(name = "threadline.schema.registry.url") String url,
      @ConfigProperty(name = "threadline.schema.registry.retry.ms", defaultValue = "2000")
          long retryMs) {
    for (String name : config.getPropertyNames()) {
      String key = Settings.keyOf(name);
      if (RegistryKeys.isAccessKey(key)) {
        config.getOptionalValue(name, String.class).ifPresent(v -> serdeConfig.put(key, v));
      }
    }
    serdeConfig.put(AvroSerdeConfig.SCHEMA_REGISTRY_URL, url);
    // A request waits this long for the registry, then is answered 503.
    serdeConfig.put(AvroSerdeConfig.RETRY_MS, String.valueOf(retryMs));
  }

  Map<String, Object> serdeConfig() {
    return Map.copyOf(serdeConfig);
  }
}
