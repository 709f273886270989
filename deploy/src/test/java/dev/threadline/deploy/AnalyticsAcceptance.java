package dev.threadline.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.threadline.testkit.DocSql;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/**
 * {@code ./threadline up --analytics}, as docs/analytics.md has a user follow it: the worker's
 * Parquet tables under the stack's folder, the page's views over them in DuckDB — and the tokens
 * per model they give for the tenant are those the projector's {@code /v1/stats} counts from the
 * same log (once the tables have caught up: they flush every few seconds) — but for a deleted
 * thread's, which the tables forget with it: no row of its, no text it said, is left in a file.
 */
record AnalyticsAcceptance(
    StackClient stack, Path data, ThreadStateAcceptance.DeletedUsage deleted) {
  void run() throws Exception {
    Path tables = data.resolve("analytics");
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
    Map<String, String> fromStats = Map.of();
    Map<String, String> fromTables = Map.of("", "");
    // The stats keep counting a deleted thread's calls; the tables forget the thread with it.
    while (!fromTables.equals(withoutDeleted(fromStats))) {
      assertThat(System.nanoTime())
          .as("the tables' tokens per model %s, the stats' %s", fromTables, fromStats)
          .isLessThan(deadline);
      Thread.sleep(500);
      fromStats = stats();
      fromTables = tables(tables);
    }
    assertThat(fromTables).isNotEmpty();
    assertThat(rowsOf(tables, deleted.threadId()))
        .as("rows of the deleted thread %s but its deletion", deleted.threadId())
        .isZero();
    try (var files = Files.walk(tables)) {
      for (Path f : files.filter(Files::isRegularFile).toList()) {
        assertThat(new String(Files.readAllBytes(f), java.nio.charset.StandardCharsets.ISO_8859_1))
            .as("what %s holds", f)
            .doesNotContain(deleted.marker());
      }
    }
  }

  private static long rowsOf(Path tables, String threadId) throws Exception {
    Map<String, String> count =
        query(
            tables,
            "SELECT 'rows', count(*) FROM events WHERE type <> 'ThreadDeleted' AND thread_id = '"
                + threadId.replace("'", "''")
                + "'");
    return Long.parseLong(count.get("rows"));
  }

  /** The two columns of {@code sql}'s rows, first → second, over the page's views. */
  private static Map<String, String> query(Path tables, String sql) throws Exception {
    Map<String, String> rows = new TreeMap<>();
    try (Connection duck = DriverManager.getConnection("jdbc:duckdb:");
        Statement s = duck.createStatement()) {
      DocSql.define(duck, tables);
      try (ResultSet r = s.executeQuery(sql)) {
        while (r.next()) {
          rows.put(r.getString(1), r.getString(2));
        }
      }
    }
    return rows;
  }

  /** {@code stats} without the deleted thread's calls (of the scripted model). */
  private Map<String, String> withoutDeleted(Map<String, String> stats) {
    Map<String, String> less = new TreeMap<>(stats);
    String scripted = stats.get("scripted");
    if (scripted != null) {
      String[] n = scripted.split("/");
      less.put(
          "scripted",
          (Long.parseLong(n[0]) - deleted.calls())
              + "/"
              + (Long.parseLong(n[1]) - deleted.inputTokens())
              + "/"
              + (Long.parseLong(n[2]) - deleted.outputTokens()));
    }
    return less;
  }

  /**
   * model → "steps/input/output" of the last hour (the whole run), as the projector counts them.
   */
  private Map<String, String> stats() throws Exception {
    Map<String, String> byModel = new TreeMap<>();
    for (JsonNode m : stack.get(stack.projector() + "/v1/stats?minutes=60").path("models")) {
      byModel.put(
          m.path("model").asText(),
          m.path("steps").asLong()
              + "/"
              + m.path("inputTokens").asLong()
              + "/"
              + m.path("outputTokens").asLong());
    }
    return byModel;
  }

  /** The same from the tables, through the page's views. */
  private static Map<String, String> tables(Path tables) throws Exception {
    Map<String, String> byModel = new TreeMap<>();
    try (var files = Files.walk(tables)) {
      if (files.noneMatch(f -> f.toString().endsWith(".parquet"))) {
        return byModel;
      }
    }
    byModel.putAll(
        query(
            tables,
            "SELECT model, concat(count(input_tokens), '/', coalesce(sum(input_tokens), 0), '/',"
                + " coalesce(sum(output_tokens), 0)) FROM model_calls WHERE tenant_id = 'local'"
                + " GROUP BY model"));
    return byModel;
  }
}
