package dev.threadline.ingest;

import java.util.Map;
import java.util.Set;
import org.eclipse.microprofile.config.spi.ConfigSource;

/**
 * The ingest's logs in the format every Threadline service takes from {@code THREADLINE_LOG_FORMAT}
 * (or {@code threadline.log.format}): {@code json} turns on Quarkus's JSON console format
 * (quarkus-logging-json). Below the environment and system properties, so Quarkus's own {@code
 * QUARKUS_LOG_CONSOLE_JSON_ENABLED} still decides when it is set; above {@code
 * application.properties}, whose default is text.
 */
public class LogFormatConfig implements ConfigSource {
  static final String JSON_ENABLED = "quarkus.log.console.json.enabled";
  private final Map<String, String> properties;

  public LogFormatConfig() {
    this(System.getenv("THREADLINE_LOG_FORMAT"), System.getProperty("threadline.log.format"));
  }

  LogFormatConfig(String environment, String property) {
    String format = property != null ? property : environment;
    this.properties = "json".equalsIgnoreCase(format) ? Map.of(JSON_ENABLED, "true") : Map.of();
  }

  @Override
  public Map<String, String> getProperties() {
    return properties;
  }

  @Override
  public Set<String> getPropertyNames() {
    return properties.keySet();
  }

  @Override
  public String getValue(String name) {
    return properties.get(name);
  }

  @Override
  public String getName() {
    return "threadline-log-format";
  }

  @Override
  public int getOrdinal() {
    return 260;
  }
}
