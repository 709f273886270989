package dev.threadline.ingest.kafka;

import dev.threadline.config.Settings;
import dev.threadline.kafka.KafkaClients;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.HashMap;
import java.util.Map;
import org.eclipse.microprofile.config.Config;

/**
 * What the ingest's Kafka clients connect with, as every other service's: {@code
 * kafka.bootstrap.servers} and each {@code threadline.kafka.<name>} setting (from {@code
 * application.properties}, a system property or the environment, {@code
 * THREADLINE_KAFKA_SASL_MECHANISM}) passed through as Kafka client property {@code <name>},
 * unexpanded, so a {@code ${file:…}} secret reference works here as in every other service.
 */
@ApplicationScoped
public class KafkaConnection {
  private final Map<String, Object> connection;

  public KafkaConnection(Config config) {
    Map<String, String> settings = new HashMap<>();
    for (String name : config.getPropertyNames()) {
      String key = Settings.keyOf(name);
      if (key.startsWith(KafkaClients.PREFIX)) {
        // Raw, as written: "${file:/path:key}" is a reference for Kafka's config providers to
        // resolve, which Quarkus would otherwise expand as an expression of its own (into a
        // wrong password).
        String raw = config.getConfigValue(name).getRawValue();
        if (raw != null) {
          settings.put(key, raw);
        }
      }
    }
    config
        .getOptionalValue("kafka.bootstrap.servers", String.class)
        .ifPresent(v -> settings.put("bootstrap.servers", v));
    this.connection = Map.copyOf(KafkaClients.connection(settings));
  }

  /** A new map of the connection settings, for a client's configuration to extend. */
  Map<String, Object> settings() {
    return new HashMap<>(connection);
  }
}
