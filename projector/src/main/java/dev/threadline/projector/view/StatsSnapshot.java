package dev.threadline.projector.view;

import dev.threadline.config.ModelProfiles;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One tenant's aggregates over a window as one instance holds them (its partitions), mergeable
 * across instances, and rendered into the {@code GET /v1/stats} answer.
 *
 * @param rows per-minute buckets
 * @param threadsByStatus thread counts by status
 */
public record StatsSnapshot(List<Row> rows, Map<String, Long> threadsByStatus) {

  /** One minute of one model or tool. */
  public record Row(
      long minute,
      String kind,
      String dimension,
      long count,
      long errors,
      long inputTokens,
      long outputTokens,
      long cacheReadTokens,
      long cacheWriteTokens,
      Map<String, Long> latency) {}

  /** The sum of snapshots from several instances: rows of the same minute and dimension add. */
  public static StatsSnapshot merge(List<StatsSnapshot> parts) {
    Map<String, Row> rows = new TreeMap<>();
    Map<String, Long> statuses = new TreeMap<>();
    for (StatsSnapshot part : parts) {
      for (Row row : part.rows()) {
        rows.merge(
            row.minute() + "/" + row.kind() + "/" + row.dimension(), row, StatsSnapshot::add);
      }
      part.threadsByStatus().forEach((status, n) -> statuses.merge(status, n, Long::sum));
    }
    return new StatsSnapshot(new ArrayList<>(rows.values()), statuses);
  }

  private static Row add(Row a, Row b) {
    Map<String, Long> latency = new HashMap<>(a.latency());
    LatencyHistogram.merge(latency, b.latency());
    return new Row(
        a.minute(),
        a.kind(),
        a.dimension(),
        a.count() + b.count(),
        a.errors() + b.errors(),
        a.inputTokens() + b.inputTokens(),
        a.outputTokens() + b.outputTokens(),
        a.cacheReadTokens() + b.cacheReadTokens(),
        a.cacheWriteTokens() + b.cacheWriteTokens(),
        latency);
  }

  /**
   * The public answer for the {@code minutes} minutes up to and including {@code now}'s, with what
   * a model's tokens cost where {@code prices} has its price.
   */
  public Answer render(long now, int minutes, ModelProfiles prices) {
    long last = Stats.minuteOf(now);
    long first = last - (minutes - 1) * 60_000L;
    Map<String, List<Row>> models = new TreeMap<>();
    Map<String, List<Row>> tools = new TreeMap<>();
    for (Row row : rows) {
      if (row.minute() < first || row.minute() > last) {
        continue;
      }
      (row.kind().equals(Stats.MODEL) ? models : tools)
          .computeIfAbsent(row.dimension(), d -> new ArrayList<>())
          .add(row);
    }
    List<ModelStats> modelStats = new ArrayList<>();
    models.forEach(
        (model, list) -> {
          long steps = list.stream().mapToLong(Row::count).sum();
          long input = list.stream().mapToLong(Row::inputTokens).sum();
          long output = list.stream().mapToLong(Row::outputTokens).sum();
          long read = list.stream().mapToLong(Row::cacheReadTokens).sum();
          long written = list.stream().mapToLong(Row::cacheWriteTokens).sum();
          modelStats.add(
              new ModelStats(
                  model,
                  steps,
                  list.stream().mapToLong(Row::errors).sum(),
                  input,
                  output,
                  read,
                  written,
                  (double) steps / minutes,
                  (double) (input + output) / minutes,
                  prices.price(model).map(p -> p.of(input, output, read, written)).orElse(null),
                  series(list, first, last)));
        });
    List<ToolStats> toolStats = new ArrayList<>();
    tools.forEach(
        (tool, list) -> {
          long calls = list.stream().mapToLong(Row::count).sum();
          long errors = list.stream().mapToLong(Row::errors).sum();
          Map<String, Long> latency = new HashMap<>();
          list.forEach(r -> LatencyHistogram.merge(latency, r.latency()));
          toolStats.add(
              new ToolStats(
                  tool,
                  calls,
                  errors,
                  calls == 0 ? 0 : (double) errors / calls,
                  LatencyHistogram.percentile(latency, 0.50),
                  LatencyHistogram.percentile(latency, 0.95),
                  series(list, first, last)));
        });
    long total = threadsByStatus.values().stream().mapToLong(Long::longValue).sum();
    return new Answer(
        Instant.ofEpochMilli(first).toString(),
        Instant.ofEpochMilli(last + 60_000L).toString(),
        minutes,
        new Threads(total, threadsByStatus),
        modelStats,
        toolStats);
  }

  private static List<Point> series(List<Row> rows, long first, long last) {
    Map<Long, Point> byMinute = new TreeMap<>();
    for (long m = first; m <= last; m += 60_000L) {
      byMinute.put(m, new Point(Instant.ofEpochMilli(m).toString(), 0, 0, 0));
    }
    for (Row r : rows) {
      Point p = byMinute.get(r.minute());
      byMinute.put(
          r.minute(),
          new Point(
              p.minute(),
              p.count() + r.count(),
              p.errors() + r.errors(),
              p.tokens() + r.inputTokens() + r.outputTokens()));
    }
    return new ArrayList<>(byMinute.values());
  }

  /** The {@code GET /v1/stats} body. */
  public record Answer(
      String from,
      String to,
      int minutes,
      Threads threads,
      List<ModelStats> models,
      List<ToolStats> tools) {}

  public record Threads(long total, Map<String, Long> byStatus) {}

  public record ModelStats(
      String model,
      long steps,
      long failures,
      long inputTokens,
      long outputTokens,
      long cacheReadTokens,
      long cacheWriteTokens,
      double stepsPerMinute,
      double tokensPerMinute,
      Double costUsd,
      List<Point> series) {}

  public record ToolStats(
      String tool,
      long calls,
      long errors,
      double errorRate,
      long p50Ms,
      long p95Ms,
      List<Point> series) {}

  /** One minute of a series: calls (or steps), errors, tokens. */
  public record Point(String minute, long count, long errors, long tokens) {}
}
