package dev.threadline.topics;

import java.time.Duration;
import java.util.Map;

/**
 * Names and sizing of the topics. Read from {@code threadline.topic.*} settings, defaults for a
 * single local broker.
 *
 * @param prefix prepended to every topic name ({@code threadline.topic.prefix}, default {@code
 *     threadline.})
 * @param partitions partitions of every thread-keyed topic ({@code threadline.topic.partitions},
 *     default 6)
 * @param replicationFactor ({@code threadline.topic.replication.factor}, default 1)
 * @param eventRetention canonical event log; {@code -1} keeps it forever ({@code
 *     threadline.topic.events.retention.ms}, default -1)
 * @param deltaRetention streamed content deltas ({@code threadline.topic.deltas.retention.ms},
 *     default 1 hour)
 * @param workRetention commands, requests, results, dead letters ({@code
 *     threadline.topic.work.retention.ms}, default 7 days)
 * @param dataKeyCompactionLag the longest a deleted thread's data key stays on {@code
 *     thread-data-keys} before compaction removes it ({@code
 *     threadline.topic.data-keys.compaction.lag.ms}, default 1 hour)
 */
public record TopicsConfig(
    String prefix,
    int partitions,
    short replicationFactor,
    Duration eventRetention,
    Duration deltaRetention,
    Duration workRetention,
    Duration dataKeyCompactionLag) {

  public static final String PREFIX = "threadline.topic.prefix";
  public static final String PARTITIONS = "threadline.topic.partitions";
  public static final String REPLICATION_FACTOR = "threadline.topic.replication.factor";
  public static final String EVENTS_RETENTION_MS = "threadline.topic.events.retention.ms";
  public static final String DELTAS_RETENTION_MS = "threadline.topic.deltas.retention.ms";
  public static final String WORK_RETENTION_MS = "threadline.topic.work.retention.ms";
  public static final String DATA_KEYS_COMPACTION_LAG_MS =
      "threadline.topic.data-keys.compaction.lag.ms";

  /**
   * Compaction that drops a deleted thread's records within {@link #dataKeyCompactionLag}: segments
   * roll that often and none waits longer for the cleaner, and tombstones go after it too. For
   * {@code thread-data-keys} and the changelogs of the stores that hold a thread's content, so
   * deleting a thread erases it from the brokers' disks, not only from the stores.
   */
  public Map<String, String> erasingCompaction() {
    String lag = String.valueOf(dataKeyCompactionLag.toMillis());
    return Map.of(
        "min.compaction.lag.ms", "0",
        "max.compaction.lag.ms", lag,
        "segment.ms", lag,
        "delete.retention.ms", lag);
  }

  public static TopicsConfig defaults() {
    return from(Map.of());
  }

  public static TopicsConfig withPrefix(String prefix) {
    return from(Map.of(PREFIX, prefix));
  }

  public static TopicsConfig from(Map<String, ?> settings) {
    return new TopicsConfig(
        string(settings, PREFIX, "threadline."),
        Integer.parseInt(string(settings, PARTITIONS, "6")),
        Short.parseShort(string(settings, REPLICATION_FACTOR, "1")),
        Duration.ofMillis(Long.parseLong(string(settings, EVENTS_RETENTION_MS, "-1"))),
        Duration.ofMillis(
            Long.parseLong(string(settings, DELTAS_RETENTION_MS, String.valueOf(3_600_000L)))),
        Duration.ofMillis(
            Long.parseLong(string(settings, WORK_RETENTION_MS, String.valueOf(7 * 86_400_000L)))),
        Duration.ofMillis(
            Long.parseLong(
                string(settings, DATA_KEYS_COMPACTION_LAG_MS, String.valueOf(3_600_000L)))));
  }

  private static String string(Map<String, ?> settings, String key, String defaultValue) {
    Object value = settings.get(key);
    return value == null ? defaultValue : value.toString().trim();
  }
}
