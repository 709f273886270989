package dev.threadline.analytics;

import dev.threadline.files.S3Clients;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * The event log as an Apache Iceberg table ({@code threadline.analytics.format=iceberg}), written
 * by Iceberg's own Kafka Connect sink from the {@link ThreadEventConverter}'s rows: created on the
 * first event, partitioned by tenant and UTC day, its schema evolved as the rows' does, each commit
 * holding the data files and the offsets they cover (exactly once, through the sink's control
 * topic). The catalog is any Iceberg catalog, {@code threadline.analytics.iceberg.catalog.*} passed
 * on as the sink's {@code iceberg.catalog.*}; without one, a JDBC catalog in an H2 file under the
 * analytics dir, its warehouse in the analytics bucket ({@code threadline.analytics.store=s3}) or
 * folder.
 */
final class IcebergTables {
  static final String FORMAT = "threadline.analytics.format";
  static final String TABLE = "threadline.analytics.iceberg.table";
  static final String CATALOG = "threadline.analytics.iceberg.catalog.";
  static final String DEFAULT_TABLE = "threadline.events";

  /**
   * The catalog's name, the sink's default: a JDBC catalog keeps its tables under it, so a reader
   * of the same database opens the catalog by this name.
   */
  static final String CATALOG_NAME = "iceberg";

  /** The sink's connector class: Iceberg's, on the worker's class path. */
  static final String SINK = "org.apache.iceberg.connect.IcebergSinkConnector";

  private IcebergTables() {}

  static boolean chosen(Map<String, String> settings) {
    String format = settings.getOrDefault(FORMAT, "parquet").trim();
    if (!format.equals("parquet") && !format.equals("iceberg")) {
      throw new IllegalArgumentException(FORMAT + " is '" + format + "': parquet or iceberg");
    }
    return format.equals("iceberg");
  }

  /** The control topic the sink's commits go through: one per stack (topic prefix). */
  static String controlTopic(String prefix) {
    return prefix + "threadline-analytics-iceberg-control";
  }

  /**
   * The sink's settings for connector {@code name} over {@code topic}; {@code kafka}: the worker's
   * connection settings, which the sink's own clients (its control topic's) need too.
   */
  static Map<String, String> connector(
      Map<String, String> settings,
      Map<String, String> kafka,
      String name,
      String topic,
      String prefix,
      Path dir) {
    Map<String, String> sink = new HashMap<>();
    sink.put("name", name);
    sink.put("connector.class", SINK);
    sink.put("tasks.max", "1");
    sink.put("topics", topic);
    sink.put("iceberg.tables", settings.getOrDefault(TABLE, DEFAULT_TABLE));
    sink.put("iceberg.tables.auto-create-enabled", "true");
    sink.put("iceberg.tables.evolve-schema-enabled", "true");
    sink.put("iceberg.tables.default-partition-by", "tenant_id,day(occurred_at)");
    sink.put("iceberg.tables.auto-create-props.format-version", "2");
    // A commit every flush, and an erasure pass's: keep the last 100 metadata files, not all.
    sink.put("iceberg.tables.auto-create-props.write.metadata.delete-after-commit.enabled", "true");
    sink.put("iceberg.tables.auto-create-props.write.metadata.previous-versions-max", "100");
    sink.put("iceberg.control.topic", controlTopic(prefix));
    sink.put(
        "iceberg.control.commit.interval-ms",
        settings.getOrDefault("threadline.analytics.flush.ms", "10000"));
    kafka.forEach((k, v) -> sink.put("iceberg.kafka." + k, v));
    sink.put("iceberg.catalog", CATALOG_NAME);
    catalog(settings, dir).forEach((k, v) -> sink.put("iceberg.catalog." + k, v));
    return sink;
  }

  /** The catalog's properties: those set, else a JDBC catalog over the analytics store. */
  static Map<String, String> catalog(Map<String, String> settings, Path dir) {
    Map<String, String> catalog = new HashMap<>();
    settings.forEach(
        (k, v) -> {
          if (k.startsWith(CATALOG)) {
            catalog.put(k.substring(CATALOG.length()), v);
          }
        });
    if (catalog.containsKey("type") || catalog.containsKey("catalog-impl")) {
      return catalog;
    }
    catalog.put("catalog-impl", "org.apache.iceberg.jdbc.JdbcCatalog");
    // H2 in a file, opened by this worker alone: its sink, committer and erasure pass at once.
    catalog.putIfAbsent(
        "uri", "jdbc:h2:file:" + dir.resolve("iceberg-catalog") + ";DATABASE_TO_LOWER=TRUE");
    catalog.putIfAbsent("jdbc.schema-version", "V1");
    if (!"s3".equals(settings.getOrDefault(TableFiles.STORE, "folder").trim())) {
      catalog.putIfAbsent("warehouse", dir.resolve("warehouse").toUri().toString());
      catalog.put("io-impl", LocalFileIO.class.getName());
      return catalog;
    }
    String s3 = TableFiles.S3;
    String bucket = S3Clients.bucket(settings, s3, TableFiles.STORE + "=s3");
    catalog.putIfAbsent(
        "warehouse", "s3://" + bucket + "/" + S3Clients.keyPrefix(settings, s3) + "warehouse");
    catalog.put("io-impl", "org.apache.iceberg.aws.s3.S3FileIO");
    catalog.putIfAbsent("http-client.type", "urlconnection");
    catalog.putIfAbsent("client.region", settings.getOrDefault(s3 + ".region", "us-east-1"));
    String endpoint = settings.get(s3 + ".endpoint");
    if (endpoint != null && !endpoint.isBlank()) {
      catalog.putIfAbsent("s3.endpoint", endpoint.trim());
      catalog.putIfAbsent("s3.path-style-access", "true");
    }
    String key = settings.get(s3 + ".access.key");
    String secret = settings.get(s3 + ".secret.key");
    if (key != null && secret != null) {
      catalog.putIfAbsent("s3.access-key-id", key.trim());
      catalog.putIfAbsent("s3.secret-access-key", secret.trim());
    }
    return catalog;
  }
}
