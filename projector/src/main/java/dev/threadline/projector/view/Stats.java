package dev.threadline.projector.view;

import dev.threadline.avro.ModelCallCompleted;
import dev.threadline.avro.ModelCallFailed;
import dev.threadline.avro.ThreadEvent;
import dev.threadline.avro.ToolCallCompleted;
import dev.threadline.avro.store.StatsBucket;
import dev.threadline.avro.store.ThreadSummary;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * What one event adds to the dashboard aggregates: per tenant, per minute of event time, per model
 * (completed calls, failures, tokens) and per tool (calls, errors, duration histogram).
 *
 * <p>Store keys sort by tenant, then minute: {@code tenant NUL minute NUL kind NUL dimension}, the
 * minute as 13 digits of epoch millis, so one tenant's window is one range scan.
 */
public final class Stats {
  public static final String MODEL = "model";
  public static final String TOOL = "tool";
  private static final char SEP = '\u0000';

  private Stats() {}

  /** One event's addition to one bucket. */
  public record Contribution(String key, StatsBucket delta) {}

  /**
   * The contribution of {@code event}, given the thread's summary before it (which knows the model
   * of the outstanding call), or empty if the event is not counted.
   */
  public static Optional<Contribution> of(ThreadEvent event, ThreadSummary before) {
    long minute = minuteOf(event.getTimestamp().toEpochMilli());
    String tenant = event.getTenantId();
    return switch (event.getPayload()) {
      case ModelCallCompleted completed ->
          Optional.of(
              new Contribution(
                  key(tenant, minute, MODEL, modelOf(before)),
                  StatsBucket.newBuilder(
                          bucket(
                              1,
                              0,
                              completed.getUsage().getInputTokens(),
                              completed.getUsage().getOutputTokens(),
                              Map.of()))
                      .setCacheReadTokens(completed.getUsage().getCacheReadTokens())
                      .setCacheWriteTokens(completed.getUsage().getCacheWriteTokens())
                      .build()));
      case ModelCallFailed ignored ->
          Optional.of(
              new Contribution(
                  key(tenant, minute, MODEL, modelOf(before)), bucket(0, 1, 0, 0, Map.of())));
      case ToolCallCompleted tool ->
          Optional.of(
              new Contribution(
                  key(tenant, minute, TOOL, tool.getToolName()),
                  bucket(
                      1,
                      tool.getError() == null ? 0 : 1,
                      0,
                      0,
                      Map.of(
                          String.valueOf(LatencyHistogram.bucketOf(tool.getDurationMs())), 1L))));
      default -> Optional.empty();
    };
  }

  /** {@code current} plus {@code delta} (current may be null). */
  public static StatsBucket add(StatsBucket current, StatsBucket delta) {
    if (current == null) {
      return delta;
    }
    Map<String, Long> latency = new HashMap<>(current.getLatency());
    LatencyHistogram.merge(latency, delta.getLatency());
    return StatsBucket.newBuilder(
            bucket(
                current.getCount() + delta.getCount(),
                current.getErrors() + delta.getErrors(),
                current.getInputTokens() + delta.getInputTokens(),
                current.getOutputTokens() + delta.getOutputTokens(),
                latency))
        .setCacheReadTokens(current.getCacheReadTokens() + delta.getCacheReadTokens())
        .setCacheWriteTokens(current.getCacheWriteTokens() + delta.getCacheWriteTokens())
        .build();
  }

  public static long minuteOf(long epochMillis) {
    return epochMillis - Math.floorMod(epochMillis, 60_000L);
  }

  public static String key(String tenant, long minute, String kind, String dimension) {
    return tenant + SEP + String.format("%013d", minute) + SEP + kind + SEP + dimension;
  }

  /** The first key of {@code tenant}'s buckets at or after {@code minute}. */
  public static String rangeStart(String tenant, long minute) {
    return tenant + SEP + String.format("%013d", minute);
  }

  /** A key just past every key of {@code tenant}. */
  public static String rangeEnd(String tenant) {
    return tenant + '\u0001';
  }

  /** The parts of a key: tenant, minute, kind, dimension. */
  public record Key(String tenant, long minute, String kind, String dimension) {
    public static Key parse(String key) {
      String[] parts = key.split(String.valueOf(SEP), 4);
      return new Key(parts[0], Long.parseLong(parts[1]), parts[2], parts[3]);
    }
  }

  private static String modelOf(ThreadSummary before) {
    return before == null || before.getCurrentModel() == null
        ? "unknown"
        : before.getCurrentModel();
  }

  private static StatsBucket bucket(
      long count, long errors, long input, long output, Map<String, Long> latency) {
    return StatsBucket.newBuilder()
        .setCount(count)
        .setErrors(errors)
        .setInputTokens(input)
        .setOutputTokens(output)
        .setLatency(new HashMap<>(latency))
        .build();
  }
}
