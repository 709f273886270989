package dev.threadline.analytics;

import java.util.List;
import java.util.Map;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.connect.connector.Task;
import org.apache.kafka.connect.sink.SinkConnector;

/**
 * A Kafka Connect sink of {@code thread-events} (read with {@link ThreadEventConverter}) into
 * Parquet tables — under {@code threadline.analytics.dir}, or in a bucket of S3-compatible storage
 * ({@link TableFiles}) — exactly once ({@link ParquetSinkTask}).
 */
public final class ParquetSinkConnector extends SinkConnector {
  static final String VERSION = "1";
  static final String DIR = "threadline.analytics.dir";
  static final String FLUSH_RECORDS = "threadline.analytics.flush.records";

  private static final ConfigDef CONFIG =
      new ConfigDef()
          .define(
              DIR,
              ConfigDef.Type.STRING,
              ConfigDef.Importance.HIGH,
              "where the tables go (with a bucket: the task's scratch files)")
          .define(
              FLUSH_RECORDS,
              ConfigDef.Type.INT,
              10_000,
              ConfigDef.Importance.LOW,
              "records held before they are written, beside every commit");

  private Map<String, String> props;

  @Override
  public void start(Map<String, String> props) {
    this.props = Map.copyOf(props);
  }

  @Override
  public Class<? extends Task> taskClass() {
    return ParquetSinkTask.class;
  }

  @Override
  public List<Map<String, String>> taskConfigs(int maxTasks) {
    return java.util.Collections.nCopies(maxTasks, props);
  }

  @Override
  public void stop() {}

  @Override
  public ConfigDef config() {
    return CONFIG;
  }

  @Override
  public String version() {
    return VERSION;
  }
}
