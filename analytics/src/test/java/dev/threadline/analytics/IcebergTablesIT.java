package dev.threadline.analytics;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.avro.ThreadDeleted;
import dev.threadline.avro.ThreadEvent;
import dev.threadline.kafka.StreamsLifecycle;
import dev.threadline.kafka.TopicProvisioner;
import dev.threadline.testkit.S3Server;
import dev.threadline.testkit.ScratchDirs;
import dev.threadline.testkit.ThreadlineCluster;
import dev.threadline.topics.SerdeFactory;
import dev.threadline.topics.Topics;
import dev.threadline.topics.TopicsConfig;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.apache.iceberg.CatalogUtil;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.data.IcebergGenerics;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The event log as an Iceberg table on a real broker and registry and a real S3-compatible server
 * (S3Proxy): Apache Iceberg's own Kafka Connect sink in the analytics worker, a JDBC catalog, the
 * warehouse in the bucket — read back with Iceberg's Java API: every event once, partitioned by
 * tenant and day, and still once after the worker restarts and more events come.
 */
class IcebergTablesIT {
  private static final ThreadlineCluster CLUSTER = ThreadlineCluster.shared();
  private static final List<ThreadEvent> LOG = AnalyticsLog.events();
  private static S3Server s3;

  /** One stack's log and its table: its settings, topics and a reader's catalog. */
  private record Lake(Map<String, String> settings, Topics topics, Catalog catalog) {
    /**
     * The log of stack {@code name} written, its table's settings {@code store}; the reader's
     * catalog made before the sink's (two first opens of one JDBC catalog at once would both set up
     * its tables).
     */
    static Lake of(String name, Map<String, String> store) throws Exception {
      Path dir = ScratchDirs.create(name + "-");
      Map<String, String> settings = CLUSTER.pipelineSettings(name, 3);
      settings.put("threadline.schema.registry.url", CLUSTER.registryUrl());
      settings.put(ParquetSinkConnector.DIR, dir.toString());
      settings.put("threadline.analytics.flush.ms", "1000");
      settings.put(IcebergTables.FORMAT, "iceberg");
      settings.putAll(store);
      Topics topics =
          new Topics(
              TopicsConfig.from(settings),
              new SerdeFactory(StreamsLifecycle.serdeConfig(settings)));
      TopicProvisioner.prepare(settings, topics, true);
      Catalog catalog =
          CatalogUtil.buildIcebergCatalog(
              IcebergTables.CATALOG_NAME,
              IcebergTables.catalog(settings, dir),
              new org.apache.hadoop.conf.Configuration());
      Lake lake = new Lake(settings, topics, catalog);
      lake.send(LOG);
      return lake;
    }

    void send(List<ThreadEvent> events) {
      try (KafkaProducer<String, ThreadEvent> producer =
          CLUSTER.producer(topics.threadEvents().valueSerde().serializer())) {
        for (ThreadEvent e : events) {
          producer.send(new ProducerRecord<>(topics.threadEvents().name(), e.getThreadId(), e));
        }
      }
    }

    Table table() {
      return catalog.loadTable(TableIdentifier.parse(IcebergTables.DEFAULT_TABLE));
    }

    List<Record> rows() throws Exception {
      try (CloseableIterable<Record> read = IcebergGenerics.read(table()).build()) {
        List<Record> rows = new java.util.ArrayList<>();
        read.forEach(rows::add);
        return rows;
      }
    }

    long count() throws Exception {
      return catalog.tableExists(TableIdentifier.parse(IcebergTables.DEFAULT_TABLE))
          ? rows().size()
          : 0;
    }

    void awaitRows(long expected) throws Exception {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
      while (count() != expected) {
        assertThat(System.nanoTime())
            .as("the table holds %d rows, not %d", expected, count())
            .isLessThan(deadline);
        Thread.sleep(250);
      }
    }
  }

  @BeforeAll
  static void startTheBucketsServer() throws Exception {
    s3 = S3Server.start();
  }

  @AfterAll
  static void stop() {
    if (s3 != null) {
      s3.close();
    }
  }

  @Test
  void everyEventIsInTheTableOnceByTenantAndDayAcrossARestartAndADeletedThreadLeavesIt()
      throws Exception {
    Lake lake =
        Lake.of(
            "iceberg-it",
            Map.of(
                TableFiles.STORE,
                "s3",
                TableFiles.S3 + ".bucket",
                s3.bucket("lake"),
                TableFiles.S3 + ".endpoint",
                s3.endpoint(),
                TableFiles.S3 + ".access.key",
                S3Server.ACCESS_KEY,
                TableFiles.S3 + ".secret.key",
                S3Server.SECRET_KEY));
    AnalyticsWorker first = AnalyticsWorker.start(lake.settings());
    try {
      lake.awaitRows(LOG.size());
    } finally {
      first.close();
    }
    Table table = lake.table();
    assertThat(table.spec().fields())
        .extracting(f -> f.name() + "=" + f.transform())
        .containsExactly("tenant_id=identity", "occurred_at_day=day");
    assertThat(table.location()).startsWith("s3://");
    assertThat(table.properties())
        .containsEntry("write.metadata.delete-after-commit.enabled", "true");
    Set<String> tenants = new HashSet<>();
    for (Record row : lake.rows()) {
      tenants.add((String) row.getField("tenant_id"));
    }
    assertThat(tenants).containsExactlyInAnyOrder("acme", "globex");

    // t-b's deletion, after the restart: the table keeps the deletion's row of it alone.
    ThreadEvent last = LOG.stream().filter(e -> e.getThreadId().equals("t-b")).toList().getLast();
    ThreadEvent deletion =
        ThreadEvent.newBuilder(last)
            .setSeq(last.getSeq() + 1)
            .setPayload(new ThreadDeleted("deleted through the API"))
            .build();
    long ofB = LOG.stream().filter(e -> e.getThreadId().equals("t-b")).count();
    AnalyticsWorker again = AnalyticsWorker.start(lake.settings());
    try {
      lake.send(List.of(deletion));
      lake.awaitRows(LOG.size() + 1 - ofB);
    } finally {
      again.close();
    }
    Set<String> keys = new HashSet<>();
    List<String> ofDeleted = new java.util.ArrayList<>();
    long count = 0;
    for (Record row : lake.rows()) {
      keys.add(row.getField("thread_id") + "/" + row.getField("seq"));
      if (row.getField("thread_id").equals("t-b")) {
        ofDeleted.add((String) row.getField("type"));
      }
      count++;
    }
    assertThat(count).as("each event once").isEqualTo(keys.size()).isEqualTo(LOG.size() + 1 - ofB);
    assertThat(ofDeleted).containsExactly("ThreadDeleted");
  }

  /**
   * With the tables in a folder, the warehouse is under the analytics dir, its files written with
   * java.nio: Hadoop's local file system, Iceberg's default there, fails on JDK 23 and later.
   */
  @Test
  void aFolderStoresTheWarehouseUnderTheAnalyticsDir() throws Exception {
    Lake lake = Lake.of("iceberg-folder-it", Map.of());
    AnalyticsWorker worker = AnalyticsWorker.start(lake.settings());
    try {
      lake.awaitRows(LOG.size());
    } finally {
      worker.close();
    }
    assertThat(lake.table().location())
        .startsWith("file:")
        .contains(lake.settings().get(ParquetSinkConnector.DIR));
  }
}
