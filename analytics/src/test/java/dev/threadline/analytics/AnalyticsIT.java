package dev.threadline.analytics;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.avro.ThreadEvent;
import dev.threadline.kafka.StreamsLifecycle;
import dev.threadline.kafka.TopicProvisioner;
import dev.threadline.testkit.DocSql;
import dev.threadline.testkit.ScratchDirs;
import dev.threadline.testkit.ThreadlineCluster;
import dev.threadline.topics.SerdeFactory;
import dev.threadline.topics.Topics;
import dev.threadline.topics.TopicsConfig;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The analytics path end to end on a real broker and registry: events on {@code thread-events}, a
 * Kafka Connect worker with the sink and converter, Parquet tables on disk — and every SQL block of
 * docs/analytics.md run over them by DuckDB, its answers checked against the log written.
 */
class AnalyticsIT {
  private static final ThreadlineCluster CLUSTER = ThreadlineCluster.shared();
  private static final Path DIR = ScratchDirs.create("analytics-it-");
  private static final List<ThreadEvent> LOG = AnalyticsLog.events();
  private static AnalyticsWorker worker;
  private static Connection duck;

  @BeforeAll
  static void writeTheLogAndItsTables() throws Exception {
    Map<String, String> settings = CLUSTER.pipelineSettings("analytics-it", 3);
    settings.put("threadline.schema.registry.url", CLUSTER.registryUrl());
    settings.put(ParquetSinkConnector.DIR, DIR.toString());
    settings.put("threadline.analytics.flush.ms", "500");
    Topics topics =
        new Topics(
            TopicsConfig.from(settings), new SerdeFactory(StreamsLifecycle.serdeConfig(settings)));
    TopicProvisioner.prepare(settings, topics, true);
    try (KafkaProducer<String, ThreadEvent> producer =
        CLUSTER.producer(topics.threadEvents().valueSerde().serializer())) {
      for (ThreadEvent e : LOG) {
        producer.send(new ProducerRecord<>(topics.threadEvents().name(), e.getThreadId(), e));
      }
    }
    worker = AnalyticsWorker.start(settings);
    duck = DriverManager.getConnection("jdbc:duckdb:");
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
    while (rows() < LOG.size()) {
      assertThat(System.nanoTime()).as("the tables hold the whole log").isLessThan(deadline);
      Thread.sleep(200);
    }
    DocSql.define(duck, DIR);
  }

  @AfterAll
  static void stop() throws Exception {
    if (duck != null) {
      duck.close();
    }
    if (worker != null) {
      worker.close();
    }
  }

  private static long rows() throws Exception {
    try (var files = java.nio.file.Files.walk(DIR)) {
      if (files.noneMatch(f -> f.toString().endsWith(".parquet"))) {
        return 0;
      }
    }
    List<List<Object>> count =
        query(
            "SELECT count(*) FROM read_parquet('"
                + DIR.resolve("events")
                + "/**/*.parquet', hive_partitioning = true)");
    return ((Number) count.getFirst().getFirst()).longValue();
  }

  private static List<List<Object>> query(String sql) throws Exception {
    Connection c = duck == null ? DriverManager.getConnection("jdbc:duckdb:") : duck;
    List<List<Object>> out = new ArrayList<>();
    try (Statement s = c.createStatement();
        ResultSet r = s.executeQuery(DocSql.under(sql, DIR))) {
      int columns = r.getMetaData().getColumnCount();
      while (r.next()) {
        List<Object> row = new ArrayList<>();
        for (int i = 1; i <= columns; i++) {
          row.add(r.getObject(i));
        }
        out.add(row);
      }
    } finally {
      if (c != duck) {
        c.close();
      }
    }
    return out;
  }

  private static List<List<Object>> docQuery(String title) throws Exception {
    String block = DocSql.blocks().get(title);
    assertThat(block).as("docs/analytics.md has the query '%s'", title).isNotNull();
    return query(block.strip().replaceAll(";$", ""));
  }

  @Test
  void everyEventIsInTheTablesOnce() throws Exception {
    assertThat(rows()).isEqualTo(LOG.size());
    assertThat(query("SELECT count(DISTINCT thread_id || '/' || seq) FROM events").getFirst())
        .containsExactly((long) LOG.size());
  }

  @Test
  void costAndTokensPerModelAreThoseTheLogRecorded() throws Exception {
    Map<String, List<Object>> byModel = new LinkedHashMap<>();
    for (List<Object> row : docQuery("cost and tokens per tenant, agent and model per day")) {
      byModel.put(row.get(0) + "/" + row.get(1) + "/" + row.get(2), row);
    }
    // tenant, agent, model, day, calls, input, output, cost
    List<Object> mini = byModel.get("acme/planner/gpt-4o-mini");
    assertThat(longs(mini.subList(4, 7))).containsExactly(4L, 4_000L, 400L);
    assertThat(((Number) mini.get(7)).doubleValue()).isEqualTo(0.00084);
    assertThat(longs(byModel.get("globex/planner/scripted").subList(4, 7)))
        .containsExactly(2L, 0L, 0L);
  }

  /** Numbers as longs: DuckDB sums bigints into hugeints. */
  private static List<Long> longs(List<Object> values) {
    return values.stream().map(v -> ((Number) v).longValue()).toList();
  }

  @Test
  void toolErrorRatesCountTheFailedCalls() throws Exception {
    List<List<Object>> tools = docQuery("tool error rates");
    assertThat(tools).hasSize(1);
    assertThat(tools.getFirst().subList(0, 3)).containsExactly("search", 4L, 1L);
  }

  @Test
  void turnsAndThreadOutcomesAndFanOutAreAnswered() throws Exception {
    List<List<Object>> turns = docQuery("turn latency per agent");
    assertThat(turns).extracting(r -> r.get(0)).containsExactly("helper", "planner");
    assertThat(turns.getLast().get(1)).isEqualTo(3L);

    List<List<Object>> ends = docQuery("how threads end");
    assertThat(ends)
        .extracting(r -> r.get(0) + "=" + r.get(1))
        .containsExactly("COMPLETED=2", "TERMINATED=1");

    List<List<Object>> fanOut = docQuery("subagent fan-out");
    assertThat(fanOut.getFirst().subList(0, 3)).containsExactly("planner", 1L, 2L);
  }
}
