package dev.threadline.step;

import static dev.threadline.config.SettingValues.longOf;

import dev.threadline.config.Limits;
import dev.threadline.config.SettingValues;
import dev.threadline.sealing.EventSeal;
import dev.threadline.step.core.ContextPolicy;
import dev.threadline.step.core.MachineConfig;
import dev.threadline.topics.TopicsConfig;
import java.time.Duration;
import java.util.Map;

/**
 * Settings of the step processor, from {@code threadline.step.*} keys.
 *
 * @param deadlineScanInterval how often the punctuator looks for due deadlines ({@code
 *     threadline.step.deadline.scan.ms}, default 250)
 * @param files where threads' files are ({@code threadline.files.store}: the folder {@code
 *     threadline.blobs.dir}, or a bucket)
 * @param windowCacheBytes how many bytes (approximately) of active context windows each task keeps
 *     in memory ({@code threadline.step.window.cache.bytes}, default a quarter of the heap over the
 *     topics' partitions, at least 4 MiB; 0 turns it off)
 * @param requestReuseBytes how many bytes (approximately) of recently sent contexts each task
 *     remembers so that the next model request of a thread carries only what is new ({@code
 *     threadline.step.request.reuse.bytes}, default an eighth of the heap over the topics'
 *     partitions, at least 4 MiB; 0: every request carries its whole context, which executors of
 *     every version understand)
 * @param eventSeal seals each thread's events with its own data key ({@code threadline.events.key}
 *     / {@code THREADLINE_EVENTS_KEY}); null: events are written in the clear
 * @param idleExpiry when idle threads are deleted ({@code threadline.threads.idle.expiry}; unset:
 *     never)
 */
public record StepSettings(
    MachineConfig machine,
    Duration deadlineScanInterval,
    ContextPolicy contextPolicy,
    dev.threadline.files.ThreadFiles files,
    long windowCacheBytes,
    long requestReuseBytes,
    EventSeal eventSeal,
    IdleExpiry idleExpiry) {
  /** The least either cache gets by default, however small the heap. */
  static final long MIN_DEFAULT_CACHE_BYTES = 4L * 1024 * 1024;

  /** The windows' default share of the heap, 1/4, over all of an instance's tasks. */
  static final int WINDOW_CACHE_HEAP_SHARE = 4;

  /**
   * The remembered requests' default share, 1/8: they mostly point at the window cache's messages.
   */
  static final int REQUEST_REUSE_HEAP_SHARE = 8;

  public StepSettings(MachineConfig machine, Duration deadlineScanInterval) {
    this(
        machine,
        deadlineScanInterval,
        ContextPolicy.DEFAULTS,
        new dev.threadline.files.FolderThreadFiles(defaultBlobRoot()),
        defaultCacheBytes(TopicsConfig.defaults().partitions(), WINDOW_CACHE_HEAP_SHARE),
        defaultCacheBytes(TopicsConfig.defaults().partitions(), REQUEST_REUSE_HEAP_SHARE),
        null,
        IdleExpiry.NEVER);
  }

  /** {@link #defaultCacheBytes(long, int, int)} of this JVM's heap. */
  private static long defaultCacheBytes(int partitions, int share) {
    return defaultCacheBytes(Runtime.getRuntime().maxMemory(), partitions, share);
  }

  /**
   * A per-task cache's default: {@code 1/share} of the heap split over as many tasks as the
   * thread-keyed topics have partitions — the most one instance runs — and at least {@link
   * #MIN_DEFAULT_CACHE_BYTES}. The caches hold the active threads' context windows, and when they
   * hold fewer threads than are active, a least-recently-used cache hits almost never and every
   * step reads and sends its whole context again: with 4 MiB per task, 1,000 threads of 100 steps
   * cost twice the CPU per step of 1,000 threads of 10 (docs/benchmarks.md).
   */
  static long defaultCacheBytes(long maxHeapBytes, int partitions, int share) {
    return Math.max(MIN_DEFAULT_CACHE_BYTES, maxHeapBytes / share / Math.max(1, partitions));
  }

  static java.nio.file.Path defaultBlobRoot() {
    return java.nio.file.Path.of(System.getProperty("java.io.tmpdir"), "threadline-blobs");
  }

  public static StepSettings defaults() {
    return from(Map.of());
  }

  public static StepSettings from(Map<String, ?> settings) {
    MachineConfig d = MachineConfig.defaults();
    MachineConfig machine =
        new MachineConfig(
            Duration.ofMillis(
                longOf(settings, "threadline.step.model.timeout.ms", d.modelTimeout().toMillis())),
            Duration.ofMillis(
                longOf(settings, "threadline.step.tool.timeout.ms", d.toolTimeout().toMillis())),
            (int) longOf(settings, "threadline.step.max.attempts", d.maxAttempts()),
            (int) longOf(settings, "threadline.step.model.max.retries", d.maxModelRetries()),
            Duration.ofMillis(
                longOf(
                    settings,
                    "threadline.step.model.retry.backoff.ms",
                    d.retryBackoff().toMillis())),
            (int) longOf(settings, "threadline.step.hard.max.steps", d.hardMaxStepsPerTurn()),
            Limits.from(settings),
            Duration.ofMillis(
                longOf(
                    settings,
                    "threadline.step.approval.timeout.ms",
                    d.approvalTimeout().toMillis())),
            dev.threadline.config.Budgets.from(settings));
    ContextPolicy policy =
        new ContextPolicy(
            doubleOf(
                settings, "threadline.step.context.prune.at", ContextPolicy.DEFAULTS.pruneAt()),
            doubleOf(
                settings, "threadline.step.context.compact.at", ContextPolicy.DEFAULTS.compactAt()),
            doubleOf(
                settings, "threadline.step.context.refuse.at", ContextPolicy.DEFAULTS.refuseAt()));
    int partitions = TopicsConfig.from(settings).partitions();
    return new StepSettings(
        machine,
        Duration.ofMillis(longOf(settings, "threadline.step.deadline.scan.ms", 250)),
        policy,
        dev.threadline.files.ThreadFileStores.from(
            settings,
            settings.containsKey("threadline.blobs.dir")
                ? java.nio.file.Path.of(settings.get("threadline.blobs.dir").toString())
                : defaultBlobRoot()),
        SettingValues.bytes(
            settings,
            "threadline.step.window.cache.bytes",
            defaultCacheBytes(partitions, WINDOW_CACHE_HEAP_SHARE)),
        SettingValues.bytes(
            settings,
            "threadline.step.request.reuse.bytes",
            defaultCacheBytes(partitions, REQUEST_REUSE_HEAP_SHARE)),
        EventSeal.fromSettings(settings, System.getenv()).orElse(null),
        IdleExpiry.from(settings));
  }

  private static double doubleOf(Map<String, ?> settings, String key, double defaultValue) {
    Object value = settings.get(key);
    return value == null ? defaultValue : Double.parseDouble(value.toString().trim());
  }
}
