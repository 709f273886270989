package dev.threadline.serde;

import java.util.Map;
import org.apache.kafka.common.config.ConfigException;

/**
 * The serde's settings, read from the same keys Confluent's serializers use, so one client
 * configuration works with either implementation.
 *
 * @param registryUrl {@code schema.registry.url} (the first of a comma-separated list)
 * @param autoRegisterSchemas {@code auto.register.schemas}, default true
 * @param useLatestVersion {@code use.latest.version}, default false
 * @param subjectNameStrategy {@code key.subject.name.strategy} or {@code
 *     value.subject.name.strategy}, default TopicNameStrategy
 * @param specificAvroReader {@code specific.avro.reader}, default false (as in Confluent)
 * @param retryMs {@code schema.registry.retry.ms} (Threadline's own): how long a request is tried
 *     again while the registry is out of reach before the failure is thrown, default 60,000 — a
 *     stream thread blocked that long stays in its group (its poll interval is 5 minutes), while
 *     one that fails must wait out its old membership; an HTTP service wants far less
 */
public record AvroSerdeConfig(
    String registryUrl,
    boolean autoRegisterSchemas,
    boolean useLatestVersion,
    SubjectNameStrategy subjectNameStrategy,
    boolean specificAvroReader,
    long retryMs) {

  public static final String SCHEMA_REGISTRY_URL = "schema.registry.url";
  public static final String AUTO_REGISTER_SCHEMAS = "auto.register.schemas";
  public static final String USE_LATEST_VERSION = "use.latest.version";
  public static final String KEY_SUBJECT_NAME_STRATEGY = "key.subject.name.strategy";
  public static final String VALUE_SUBJECT_NAME_STRATEGY = "value.subject.name.strategy";
  public static final String SPECIFIC_AVRO_READER = "specific.avro.reader";
  public static final String RETRY_MS = "schema.registry.retry.ms";

  public static AvroSerdeConfig from(Map<String, ?> configs, boolean isKey) {
    Object url = configs.get(SCHEMA_REGISTRY_URL);
    if (url == null || url.toString().isBlank()) {
      throw new ConfigException(
          "Missing required configuration '" + SCHEMA_REGISTRY_URL + "' for the Avro serde");
    }
    String first = url.toString().split(",")[0].trim();
    Object strategy = configs.get(isKey ? KEY_SUBJECT_NAME_STRATEGY : VALUE_SUBJECT_NAME_STRATEGY);
    return new AvroSerdeConfig(
        first,
        bool(configs, AUTO_REGISTER_SCHEMAS, true),
        bool(configs, USE_LATEST_VERSION, false),
        SubjectNameStrategy.parse(strategy instanceof Class<?> c ? c.getName() : str(strategy)),
        bool(configs, SPECIFIC_AVRO_READER, false),
        configs.get(RETRY_MS) == null
            ? 60_000
            : Long.parseLong(configs.get(RETRY_MS).toString().trim()));
  }

  private static String str(Object value) {
    return value == null ? null : value.toString();
  }

  private static boolean bool(Map<String, ?> configs, String key, boolean defaultValue) {
    Object value = configs.get(key);
    if (value == null) {
      return defaultValue;
    }
    if (value instanceof Boolean b) {
      return b;
    }
    String s = value.toString().trim();
    if (s.equalsIgnoreCase("true") || s.equalsIgnoreCase("false")) {
      return Boolean.parseBoolean(s);
    }
    throw new ConfigException(key, value, "expected true or false");
  }
}
