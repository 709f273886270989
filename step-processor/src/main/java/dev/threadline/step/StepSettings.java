package dev.threadline.step;

import static dev.threadline.config.Settings.longOf;

import dev.threadline.config.Settings;
import dev.threadline.step.core.ContextPolicy;
import dev.threadline.step.core.MachineConfig;
import java.time.Duration;
import java.util.Map;

/**
 * Settings of the step processor, from {@code threadline.step.*} keys.
 *
 * @param deadlineScanInterval how often the punctuator looks for due deadlines ({@code
 *     threadline.step.deadline.scan.ms}, default 250)
 * @param blobRoot the folder of the attachment blob store ({@code threadline.blobs.dir})
 * @param windowCacheBytes how many bytes (approximately) of active context windows each task keeps
 *     in memory ({@code threadline.step.window.cache.bytes}, default 4 MiB; 0 turns it off)
 * @param requestReuseBytes how many bytes (approximately) of recently sent contexts each task
 *     remembers so that the next model request of a thread carries only what is new ({@code
 *     threadline.step.request.reuse.bytes}, default 4 MiB; 0: every request carries its whole
 *     context, which executors of every version understand)
 */
public record StepSettings(
    MachineConfig machine,
    Duration deadlineScanInterval,
    ContextPolicy contextPolicy,
    java.nio.file.Path blobRoot,
    long windowCacheBytes,
    long requestReuseBytes) {
  static final long DEFAULT_WINDOW_CACHE_BYTES = 4L * 1024 * 1024;
  static final long DEFAULT_REQUEST_REUSE_BYTES = 4L * 1024 * 1024;

  public StepSettings(MachineConfig machine, Duration deadlineScanInterval) {
    this(
        machine,
        deadlineScanInterval,
        ContextPolicy.DEFAULTS,
        defaultBlobRoot(),
        DEFAULT_WINDOW_CACHE_BYTES,
        DEFAULT_REQUEST_REUSE_BYTES);
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
            (int) longOf(settings, "threadline.step.max.message.chars", d.maxMessageChars()),
            (int) longOf(settings, "threadline.step.max.queue", d.maxQueueLength()));
    if (settings.containsKey("threadline.step.approval.timeout.ms")) {
      machine =
          machine.withApprovalTimeout(
              Duration.ofMillis(longOf(settings, "threadline.step.approval.timeout.ms", 0)));
    }
    ContextPolicy policy =
        new ContextPolicy(
            doubleOf(
                settings, "threadline.step.context.prune.at", ContextPolicy.DEFAULTS.pruneAt()),
            doubleOf(
                settings, "threadline.step.context.compact.at", ContextPolicy.DEFAULTS.compactAt()),
            doubleOf(
                settings, "threadline.step.context.refuse.at", ContextPolicy.DEFAULTS.refuseAt()));
    return new StepSettings(
        machine,
        Duration.ofMillis(longOf(settings, "threadline.step.deadline.scan.ms", 250)),
        policy,
        settings.containsKey("threadline.blobs.dir")
            ? java.nio.file.Path.of(settings.get("threadline.blobs.dir").toString())
            : defaultBlobRoot(),
        Settings.bytes(settings, "threadline.step.window.cache.bytes", DEFAULT_WINDOW_CACHE_BYTES),
        Settings.bytes(
            settings, "threadline.step.request.reuse.bytes", DEFAULT_REQUEST_REUSE_BYTES));
  }

  private static double doubleOf(Map<String, ?> settings, String key, double defaultValue) {
    Object value = settings.get(key);
    return value == null ? defaultValue : Double.parseDouble(value.toString().trim());
  }
}
