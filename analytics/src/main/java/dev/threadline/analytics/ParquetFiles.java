package dev.threadline.analytics;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.kafka.connect.data.Struct;

/**
 * The events table as Parquet files ({@link TableFiles}: a folder or a bucket), hive-partitioned by
 * tenant and UTC day ({@code tenant_id=…/day=…/}), written by an embedded DuckDB (no Hadoop) into a
 * scratch folder and then put in place whole. Each file holds a run of one Kafka partition's
 * records and is named by it, {@code p<partition>-o<first offset>-<uuid>}, so the records of a
 * partition written after its last committed offset can be found and removed — which is what makes
 * the table exactly-once: a restarted task drops them and writes them again.
 */
final class ParquetFiles implements AutoCloseable {
  private static final Pattern NAME = Pattern.compile("p(\\d+)-o(\\d+)-[0-9a-f-]+\\.parquet");

  private final TableFiles table;
  private final Path scratch;
  private final Connection duck;

  ParquetFiles(TableFiles table, Path scratch) {
    this.table = table;
    this.scratch = scratch;
    try {
      Files.createDirectories(scratch);
      duck = DriverManager.getConnection("jdbc:duckdb:");
      try (Statement s = duck.createStatement()) {
        s.execute(
            "CREATE TEMP TABLE batch (tenant_id VARCHAR, thread_id VARCHAR, seq BIGINT, type"
                + " VARCHAR, turn INTEGER, step INTEGER, occurred_at TIMESTAMP, day VARCHAR, payload VARCHAR)");
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (SQLException e) {
      throw new IllegalStateException("DuckDB could not start: " + e.getMessage(), e);
    }
  }

  /** Writes {@code rows}, partition {@code partition}'s records from {@code firstOffset} on. */
  void write(int partition, long firstOffset, List<Struct> rows) {
    if (rows.isEmpty()) {
      return;
    }
    Path out = scratch.resolve("w-" + java.util.UUID.randomUUID());
    try {
      execute("DELETE FROM batch");
      try (PreparedStatement insert =
          duck.prepareStatement("INSERT INTO batch VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
        for (Struct row : rows) {
          insert.setString(1, row.getString("tenant_id"));
          insert.setString(2, row.getString("thread_id"));
          insert.setLong(3, row.getInt64("seq"));
          insert.setString(4, row.getString("type"));
          insert.setInt(5, row.getInt32("turn"));
          insert.setInt(6, row.getInt32("step"));
          insert.setTimestamp(
              7, new Timestamp(((java.util.Date) row.get("occurred_at")).getTime()));
          insert.setString(8, row.getString("day"));
          insert.setString(9, row.getString("payload"));
          insert.executeUpdate();
        }
      }
      execute(
          "COPY batch TO '"
              + quoted(out)
              + "' (FORMAT PARQUET, PARTITION_BY (tenant_id, day), FILENAME_PATTERN 'p"
              + partition
              + "-o"
              + firstOffset
              + "-{uuid}')");
      try (Stream<Path> written = Files.walk(out)) {
        for (Path file : written.filter(Files::isRegularFile).toList()) {
          table.put(out.relativize(file).toString().replace('\\', '/'), file);
        }
      }
      deleteTree(out);
    } catch (SQLException | IOException e) {
      throw new IllegalStateException("could not write the Parquet table: " + e, e);
    }
  }

  private void execute(String sql) throws SQLException {
    try (Statement s = duck.createStatement()) {
      s.execute(sql);
    }
  }

  /**
   * Removes partition {@code partition}'s files from offset {@code offset} on: written after its
   * last commit, so their records come again. Returns how many.
   */
  int dropFrom(int partition, long offset) {
    try {
      int dropped = 0;
      for (String key : table.list("")) {
        Matcher m = NAME.matcher(name(key));
        if (m.matches()
            && Integer.parseInt(m.group(1)) == partition
            && Long.parseLong(m.group(2)) >= offset) {
          table.delete(key);
          dropped++;
        }
      }
      return dropped;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Rewrites each file of partition {@code partition} under {@code tenant} without the rows of
   * {@code thread} (a file left with none is removed); the rewrite replaces its file at once, so a
   * crash leaves the file before or after, and the deletion comes again with the records after the
   * last commit. Returns how many files held rows of the thread.
   */
  int erase(int partition, String tenant, String thread) {
    int changed = 0;
    try {
      for (String key : table.list("tenant_id=" + tenant + "/")) {
        Matcher m = NAME.matcher(name(key));
        if (!m.matches() || Integer.parseInt(m.group(1)) != partition) {
          continue;
        }
        Path file = table.fetch(key, scratch);
        if (count(file, thread) > 0) {
          rewriteWithout(key, file, thread);
          changed++;
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (SQLException e) {
      throw new IllegalStateException("could not erase thread " + thread + ": " + e, e);
    }
    return changed;
  }

  private static String name(String key) {
    return key.substring(key.lastIndexOf('/') + 1);
  }

  private long count(Path file, String thread) throws SQLException {
    try (PreparedStatement q =
        duck.prepareStatement(
            "SELECT count(*) FROM read_parquet(?, hive_partitioning = false) WHERE thread_id = ?")) {
      q.setString(1, file.toString());
      q.setString(2, thread);
      try (var r = q.executeQuery()) {
        r.next();
        return r.getLong(1);
      }
    }
  }

  private void rewriteWithout(String key, Path file, String thread)
      throws SQLException, IOException {
    Path rewritten = scratch.resolve("rewrite-" + java.util.UUID.randomUUID() + ".parquet");
    execute(
        "COPY (SELECT * FROM read_parquet('"
            + quoted(file)
            + "', hive_partitioning = false) WHERE thread_id <> '"
            + thread.replace("'", "''")
            + "') TO '"
            + quoted(rewritten)
            + "' (FORMAT PARQUET)");
    if (rowsOf(rewritten) == 0) {
      Files.deleteIfExists(rewritten);
      table.delete(key);
    } else {
      table.put(key, rewritten);
    }
    if (file.startsWith(scratch)) {
      Files.deleteIfExists(file); // a copy fetched from the bucket
    }
  }

  private long rowsOf(Path file) throws SQLException {
    try (Statement s = duck.createStatement();
        var r =
            s.executeQuery(
                "SELECT count(*) FROM read_parquet('"
                    + quoted(file)
                    + "', hive_partitioning = false)")) {
      r.next();
      return r.getLong(1);
    }
  }

  private static void deleteTree(Path dir) throws IOException {
    try (Stream<Path> walk = Files.walk(dir)) {
      for (Path p : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }

  private static String quoted(Path file) {
    return file.toString().replace("'", "''");
  }

  @Override
  public void close() {
    try {
      duck.close();
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
  }
}
