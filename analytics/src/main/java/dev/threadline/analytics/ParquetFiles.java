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
 * The events table as Parquet files under {@code dir}, hive-partitioned by tenant and UTC day
 * ({@code tenant_id=…/day=…/}), written by an embedded DuckDB (no Hadoop). Each file holds a run of
 * one Kafka partition's records and is named by it, {@code p<partition>-o<first offset>-<uuid>}, so
 * the records of a partition written after its last committed offset can be found and removed —
 * which is what makes the table exactly-once: a restarted task drops them and writes them again.
 */
final class ParquetFiles implements AutoCloseable {
  private static final Pattern NAME = Pattern.compile("p(\\d+)-o(\\d+)-[0-9a-f-]+\\.parquet");

  private final Path dir;
  private final Connection duck;

  ParquetFiles(Path dir) {
    this.dir = dir;
    try {
      Files.createDirectories(dir);
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
              + dir.toString().replace("'", "''")
              + "' (FORMAT PARQUET, PARTITION_BY (tenant_id, day), APPEND, FILENAME_PATTERN 'p"
              + partition
              + "-o"
              + firstOffset
              + "-{uuid}')");
    } catch (SQLException e) {
      throw new IllegalStateException("could not write Parquet under " + dir + ": " + e, e);
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
    try (Stream<Path> files = Files.walk(dir)) {
      List<Path> stale =
          files
              .filter(
                  f -> {
                    Matcher m = NAME.matcher(f.getFileName().toString());
                    return m.matches()
                        && Integer.parseInt(m.group(1)) == partition
                        && Long.parseLong(m.group(2)) >= offset;
                  })
              .toList();
      for (Path f : stale) {
        Files.deleteIfExists(f);
      }
      return stale.size();
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
    Path tenantDir = dir.resolve("tenant_id=" + tenant);
    if (!Files.isDirectory(tenantDir)) {
      return 0;
    }
    int changed = 0;
    try (Stream<Path> walk = Files.walk(tenantDir)) {
      for (Path file : walk.filter(f -> ofPartition(f, partition)).toList()) {
        if (count(file, thread) > 0) {
          rewriteWithout(file, thread);
          changed++;
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (SQLException e) {
      throw new IllegalStateException("could not erase thread " + thread + " under " + dir, e);
    }
    return changed;
  }

  private static boolean ofPartition(Path file, int partition) {
    Matcher m = NAME.matcher(file.getFileName().toString());
    return m.matches() && Integer.parseInt(m.group(1)) == partition;
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

  private void rewriteWithout(Path file, String thread) throws SQLException, IOException {
    Path rewritten = file.resolveSibling(file.getFileName() + ".rewrite");
    Files.deleteIfExists(rewritten); // left by a rewrite a crash cut short
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
      Files.delete(file);
      return;
    }
    Files.move(
        rewritten,
        file,
        java.nio.file.StandardCopyOption.REPLACE_EXISTING,
        java.nio.file.StandardCopyOption.ATOMIC_MOVE);
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
