package dev.threadline.config;

import dev.threadline.serde.RegistryKeys;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

/**
 * A service's configuration, merged from (lowest to highest precedence) built-in defaults, a
 * properties file ({@code --config FILE} or {@code THREADLINE_CONFIG}), environment variables and
 * system properties. Environment variables map to keys by lower-casing and turning {@code _} into
 * {@code .}: {@code THREADLINE_TOPIC_PREFIX} → {@code threadline.topic.prefix}, {@code
 * KAFKA_BOOTSTRAP_SERVERS} → {@code bootstrap.servers}, {@code SCHEMA_REGISTRY_URL} → {@code
 * schema.registry.url}, {@code THREADLINE_REGISTRY_BASIC_AUTH_USER_INFO} → {@code
 * basic.auth.user.info} (the registry client's settings, under Confluent's names: {@link
 * RegistryKeys}).
 */
public final class Settings {
  private Settings() {}

  public static Map<String, String> load(String[] args, Map<String, String> defaults) {
    Map<String, String> settings = new TreeMap<>(defaults);
    String file = System.getenv("THREADLINE_CONFIG");
    for (int i = 0; i < args.length - 1; i++) {
      if (args[i].equals("--config")) {
        file = args[i + 1];
      }
    }
    if (file != null) {
      Properties props = new Properties();
      try (Reader reader = Files.newBufferedReader(Path.of(file))) {
        props.load(reader);
      } catch (IOException e) {
        throw new UncheckedIOException("cannot read configuration file " + file, e);
      }
      props.stringPropertyNames().forEach(k -> settings.put(k, props.getProperty(k)));
    }
    System.getenv()
        .forEach(
            (name, value) -> {
              String key = envKey(name);
              if (key != null) {
                settings.put(key, value);
              }
            });
    System.getProperties().stringPropertyNames().stream()
        .filter(
            k ->
                k.startsWith("threadline.")
                    || k.equals("bootstrap.servers")
                    || k.equals("schema.registry.url")
                    || RegistryKeys.isAccessKey(k))
        .forEach(k -> settings.put(k, System.getProperty(k)));
    return settings;
  }

  /**
   * The setting {@code name} stands for: an environment variable's key ({@link #envKey}), or the
   * name itself — for a configuration that lists both kinds side by side (Quarkus's).
   */
  public static String keyOf(String name) {
    String key = envKey(name);
    return key == null ? name : key;
  }

  static String envKey(String name) {
    return switch (name) {
      case "KAFKA_BOOTSTRAP_SERVERS" -> "bootstrap.servers";
      case "SCHEMA_REGISTRY_URL" -> "schema.registry.url";
      default -> name.startsWith(RegistryKeys.ENV_PREFIX) ? registryKey(name) : threadlineKey(name);
    };
  }

  /**
   * {@code THREADLINE_REGISTRY_BASIC_AUTH_USER_INFO} → {@code basic.auth.user.info}: the registry
   * client's settings keep the names Confluent's clients give them.
   */
  private static String registryKey(String name) {
    return name.substring(RegistryKeys.ENV_PREFIX.length())
        .toLowerCase(Locale.ROOT)
        .replace('_', '.');
  }

  private static String threadlineKey(String name) {
    return name.startsWith("THREADLINE_")
            && !name.equals("THREADLINE_CONFIG")
            && !name.equals("THREADLINE_API_KEY")
        ? name.toLowerCase(Locale.ROOT).replace('_', '.')
        : null;
  }
}
