package dev.threadline.kafka;

import dev.threadline.config.SettingValues;
import java.util.HashMap;
import java.util.Map;

/**
 * What every Kafka client of a service connects with — its Streams, admin, producers and consumers
 * alike: {@code bootstrap.servers}, and each {@code threadline.kafka.<name>} setting passed through
 * as the Kafka client property {@code <name>}. That is how a service reaches a secured cluster
 * ({@code security.protocol}, {@code sasl.mechanism}, {@code sasl.jaas.config}, {@code ssl.*},
 * {@code sasl.oauthbearer.*}) under the names the Kafka clients document, from a configuration file
 * or the environment ({@code THREADLINE_KAFKA_SASL_MECHANISM}). A secret need not be a setting's
 * value: Kafka's own configuration providers read it from a file or a directory at connect time
 * ({@code threadline.kafka.config.providers=file} and {@code ${file:/run/secrets/kafka:password}}).
 */
public final class KafkaClients {
  public static final String PREFIX = "threadline.kafka.";

  private KafkaClients() {}

  public static Map<String, Object> connection(Map<String, String> settings) {
    Map<String, Object> connection = new HashMap<>();
    settings.forEach(
        (key, value) -> {
          if (key.startsWith(PREFIX) && key.length() > PREFIX.length()) {
            connection.put(key.substring(PREFIX.length()), value);
          }
        });
    connection.put("bootstrap.servers", SettingValues.required(settings, "bootstrap.servers"));
    return connection;
  }

  /** The setting that holds Kafka client property {@code name}, for errors that name it. */
  public static String setting(String name) {
    return PREFIX + name;
  }
}
