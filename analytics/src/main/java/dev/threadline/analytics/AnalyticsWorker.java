package dev.threadline.analytics;

import dev.threadline.config.SettingValues;
import dev.threadline.config.Settings;
import dev.threadline.kafka.KafkaClients;
import dev.threadline.topics.TopicsConfig;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.connect.cli.ConnectStandalone;
import org.apache.kafka.connect.runtime.Connect;
import org.apache.kafka.connect.runtime.standalone.StandaloneHerder;
import org.apache.kafka.connect.util.FutureCallback;

/**
 * A Kafka Connect worker (Apache Kafka's standalone mode) that runs the {@link
 * ParquetSinkConnector} over {@code thread-events}, its records read by the {@link
 * ThreadEventConverter}: the tables under {@code threadline.analytics.dir} follow the log within
 * {@code threadline.analytics.flush.ms} (10 s). The worker takes the services' Kafka settings
 * ({@code bootstrap.servers}, {@code threadline.kafka.*}), registry settings and events key; its
 * consumer group, {@code connect-<topic prefix>threadline-analytics}, holds what the tables hold.
 */
public final class AnalyticsWorker implements AutoCloseable {
  static final String CONNECTOR = "threadline-analytics";

  private final Connect<StandaloneHerder> connect;
  private final Runnable stopErasures;

  private AnalyticsWorker(Connect<StandaloneHerder> connect, Runnable stopErasures) {
    this.connect = connect;
    this.stopErasures = stopErasures;
  }

  public static AnalyticsWorker start(Map<String, String> settings) throws Exception {
    Path dir = Path.of(SettingValues.required(settings, ParquetSinkConnector.DIR));
    Map<String, String> worker = new HashMap<>();
    KafkaClients.connection(settings).forEach((k, v) -> put(worker, k, String.valueOf(v)));
    worker.put("key.converter", "org.apache.kafka.connect.storage.StringConverter");
    worker.put("value.converter", ThreadEventConverter.class.getName());
    // The converter reads the log as the services do: their settings, under its prefix.
    settings.forEach((k, v) -> worker.put("value.converter." + k, v));
    worker.put("offset.storage.file.filename", dir.resolve(".connect-offsets").toString());
    worker.put(
        "offset.flush.interval.ms",
        settings.getOrDefault("threadline.analytics.flush.ms", "10000"));
    worker.put(
        "listeners", "http://127.0.0.1:" + settings.getOrDefault("threadline.analytics.port", "0"));
    // Plugins found by their service manifests (this module's, Iceberg's, Kafka's own), not by
    // scanning every class on a class path that holds Iceberg's and Hadoop's jars.
    worker.put("plugin.discovery", "service_load");
    Connect<StandaloneHerder> connect = new ConnectStandalone().startConnect(worker);
    // The connector names its consumer group, connect-<name>: one per stack (topic prefix).
    String prefix = TopicsConfig.from(settings).prefix();
    String name = prefix + CONNECTOR;
    String topic = prefix + "thread-events";
    boolean iceberg = IcebergTables.chosen(settings);
    // Opened before the sink's: two first opens of one JDBC catalog at once both set it up.
    Runnable stopErasures = iceberg ? IcebergErasures.start(settings, dir)::close : () -> {};
    Map<String, String> connector =
        iceberg ? iceberg(settings, name, topic, prefix, dir) : parquet(settings, name, topic, dir);
    // A record that is no thread event is logged and skipped, never a stopped table.
    connector.put("errors.tolerance", "all");
    connector.put("errors.log.enable", "true");
    connector.put("consumer.override.isolation.level", "read_committed");
    connector.put("consumer.override.auto.offset.reset", "earliest");
    FutureCallback<Object> created = new FutureCallback<>();
    connect.herder().putConnectorConfig(name, connector, true, created::onCompletion);
    created.get(Duration.ofSeconds(60).toMillis(), TimeUnit.MILLISECONDS);
    return new AnalyticsWorker(connect, stopErasures);
  }

  /** The Parquet sink's settings: tables of files under the dir, or in a bucket. */
  private static Map<String, String> parquet(
      Map<String, String> settings, String name, String topic, Path dir) {
    Map<String, String> connector = new HashMap<>();
    connector.put("name", name);
    connector.put("connector.class", ParquetSinkConnector.class.getName());
    connector.put("tasks.max", "1");
    connector.put("topics", topic);
    connector.put(ParquetSinkConnector.DIR, dir.toString());
    connector.put(
        ParquetSinkConnector.FLUSH_RECORDS,
        settings.getOrDefault(ParquetSinkConnector.FLUSH_RECORDS, "10000"));
    // Where the tables go: a folder under the dir, or a bucket (TableFiles).
    settings.forEach(
        (k, v) -> {
          if (k.equals(TableFiles.STORE) || k.startsWith(TableFiles.S3 + ".")) {
            connector.put(k, v);
          }
        });
    return connector;
  }

  /** Iceberg's sink, its control topic created first (the sink does not create it). */
  private static Map<String, String> iceberg(
      Map<String, String> settings, String name, String topic, String prefix, Path dir)
      throws Exception {
    Map<String, String> kafka = new HashMap<>();
    KafkaClients.connection(settings).forEach((k, v) -> kafka.put(k, String.valueOf(v)));
    try (Admin admin = Admin.create(new HashMap<>(kafka))) {
      NewTopic control =
          new NewTopic(IcebergTables.controlTopic(prefix), Optional.of(1), Optional.empty());
      admin.createTopics(List.of(control)).all().get(60, TimeUnit.SECONDS);
    } catch (ExecutionException e) {
      if (!(e.getCause() instanceof TopicExistsException)) {
        throw e;
      }
    }
    return IcebergTables.connector(settings, kafka, name, topic, prefix, dir);
  }

  /** A connection setting for the worker and each client it makes. */
  private static void put(Map<String, String> worker, String key, String value) {
    worker.put(key, value);
    if (!key.equals("bootstrap.servers")) {
      worker.put("consumer." + key, value);
      worker.put("producer." + key, value);
      worker.put("admin." + key, value);
    }
  }

  @Override
  public void close() {
    stopErasures.run();
    connect.stop();
    connect.awaitStop();
  }

  public static void main(String[] args) throws Exception {
    Map<String, String> settings = Settings.load(args, Map.of());
    AnalyticsWorker worker = start(settings);
    Runtime.getRuntime().addShutdownHook(new Thread(worker::close, "analytics-shutdown"));
    Thread.currentThread().join();
  }
}
