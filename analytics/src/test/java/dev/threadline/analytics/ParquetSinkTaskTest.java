package dev.threadline.analytics;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.avro.ChatMessage;
import dev.threadline.avro.MessageAppended;
import dev.threadline.avro.Role;
import dev.threadline.avro.ThreadDeleted;
import dev.threadline.avro.ThreadEvent;
import dev.threadline.testkit.ScratchDirs;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.connect.sink.SinkRecord;
import org.junit.jupiter.api.Test;

/**
 * The events table is exactly-once across a crash: records written to a file after the last commit
 * are written again when they come again, and the file of the first time is gone. A thread deleted
 * from the runtime is deleted from the tables too: no file keeps a row of its, whenever written.
 */
class ParquetSinkTaskTest {
  private static final String TOPIC = "thread-events";
  private static final TopicPartition TP = new TopicPartition(TOPIC, 0);
  final Path dir = ScratchDirs.create("analytics-");

  /** The task's settings beside its folder: where the tables go. */
  Map<String, String> tables() {
    return Map.of();
  }

  /** A folder holding the events table as the task left it, for DuckDB to read. */
  Path readable() throws Exception {
    return dir.resolve("events");
  }

  private static SinkRecord record(long offset, String tenant) {
    ThreadEvent e =
        new ThreadEvent(
            "t-" + offset % 2,
            tenant,
            offset + 1,
            1,
            1,
            0L,
            Instant.parse("2026-11-27T10:00:00Z").plusSeconds(offset),
            new MessageAppended(
                offset + 1,
                ChatMessage.newBuilder().setRole(Role.USER).setContent("m" + offset).build(),
                null));
    return new SinkRecord(TOPIC, 0, null, "t", EventRow.SCHEMA, EventRow.of(e), offset);
  }

  private static List<SinkRecord> records(long from, long to) {
    List<SinkRecord> out = new ArrayList<>();
    for (long o = from; o < to; o++) {
      out.add(record(o, o % 3 == 0 ? "acme" : "globex"));
    }
    return out;
  }

  private ParquetSinkTask task() {
    ParquetSinkTask task = new ParquetSinkTask();
    Map<String, String> props = new java.util.HashMap<>(tables());
    props.put(ParquetSinkConnector.DIR, dir.toString());
    task.start(props);
    task.open(List.of(TP));
    return task;
  }

  private long rows(String where) throws Exception {
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
        Statement s = c.createStatement();
        ResultSet r =
            s.executeQuery(
                "SELECT count(*) FROM read_parquet('"
                    + readable()
                    + "/**/*.parquet', hive_partitioning = true) "
                    + where)) {
      r.next();
      return r.getLong(1);
    }
  }

  @Test
  void recordsWrittenAfterTheLastCommitAreWrittenOnceWhenTheyComeAgain() throws Exception {
    ParquetSinkTask first = task();
    first.put(records(0, 6));
    Map<TopicPartition, OffsetAndMetadata> committed =
        first.preCommit(Map.of(TP, new OffsetAndMetadata(6)));
    assertThat(committed).containsEntry(TP, new OffsetAndMetadata(6));
    // Written, then the worker dies before Connect commits them.
    first.put(records(6, 10));
    first.preCommit(Map.of(TP, new OffsetAndMetadata(10)));
    first.stop();

    ParquetSinkTask again = task();
    again.put(records(6, 12));
    again.preCommit(Map.of(TP, new OffsetAndMetadata(12)));
    again.stop();

    assertThat(rows("")).isEqualTo(12);
    assertThat(rows("WHERE seq = 8")).isEqualTo(1);
    assertThat(rows("WHERE tenant_id = 'acme'")).isEqualTo(4);
    assertThat(rows("WHERE day = '2026-11-27' AND type = 'MessageAppended'")).isEqualTo(12);
  }

  private static SinkRecord deleted(long offset, String thread, String tenant) {
    ThreadEvent e =
        new ThreadEvent(
            thread,
            tenant,
            offset + 1,
            1,
            1,
            0L,
            Instant.parse("2026-11-28T09:00:00Z"),
            new ThreadDeleted("deleted through the API"));
    return new SinkRecord(TOPIC, 0, null, thread, EventRow.SCHEMA, EventRow.of(e), offset);
  }

  @Test
  void aDeletedThreadsRowsLeaveEveryFileWrittenBeforeAndAfterItsDeletionArrives() throws Exception {
    ParquetSinkTask task = task();
    task.put(records(0, 6)); // t-0 and t-1, two tenants, written in a first file
    task.preCommit(Map.of(TP, new OffsetAndMetadata(6)));
    task.put(records(6, 10)); // more of both, held and not yet written
    assertThat(rows("WHERE thread_id = 't-0'")).isGreaterThan(0);

    task.put(List.of(deleted(10, "t-0", "acme"), deleted(11, "t-0", "globex")));
    task.preCommit(Map.of(TP, new OffsetAndMetadata(12)));
    task.stop();

    assertThat(rows("WHERE thread_id = 't-0' AND type <> 'ThreadDeleted'"))
        .as("rows of the deleted thread, in every file")
        .isZero();
    assertThat(rows("WHERE thread_id = 't-1'")).as("the other thread's").isEqualTo(5);
    try (var files = java.nio.file.Files.walk(dir)) {
      for (Path f : files.filter(java.nio.file.Files::isRegularFile).toList()) {
        assertThat(
                new String(
                    java.nio.file.Files.readAllBytes(f),
                    java.nio.charset.StandardCharsets.ISO_8859_1))
            .as("what %s holds", f)
            .doesNotContain("m0")
            .doesNotContain("m4");
      }
    }
  }

  @Test
  void nothingIsCommittedThatIsNotInAFile() {
    ParquetSinkTask task = task();

    assertThat(task.preCommit(Map.of(TP, new OffsetAndMetadata(0)))).isEmpty();
    task.put(records(0, 3));
    assertThat(task.preCommit(Map.of(TP, new OffsetAndMetadata(3))))
        .containsEntry(TP, new OffsetAndMetadata(3));
    task.stop();
  }
}
