package dev.threadline.deploy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * What {@code ./threadline bench} was asked to measure, checked before any stack starts: options
 * that would measure nothing are refused with the reason.
 */
final class BenchOptions {
  final int threads;
  final int steps;
  final String mode;
  final int idle;
  final Duration timeout;
  final long modelLatencyMs;
  final int warmupThreads;
  final int warmupRounds;
  final int rounds;
  final long floorWarmupHops;
  final String profileDir;
  final String profileSettings;

  /** Which profiler {@code --profile} runs: {@code async} (async-profiler) or {@code jfr}. */
  final String profiler;

  /** The executor setting that lets it act on requests before their decision commits. */
  static final String SPECULATE = "threadline.executor.speculate";

  private final String speculation;

  /** The options {@code ./threadline bench} takes; any other is refused, naming these. */
  static final Set<String> KNOWN =
      StackBuild.withOptions(
          "threads",
          "steps",
          "mode",
          "idle",
          "timeout-s",
          "model-latency-ms",
          "warmup-threads",
          "warmup-rounds",
          "rounds",
          "floor-warmup-hops",
          "profile",
          "profiler",
          "profile-settings",
          "set",
          "sealed-events",
          "speculation",
          "keep-data");

  private final String set;

  BenchOptions(Map<String, String> options) {
    Options.only(options, KNOWN);
    this.set = options.getOrDefault("set", "");
    this.threads = (int) number(options, "threads", 100);
    this.steps = (int) number(options, "steps", 10);
    this.mode = options.getOrDefault("mode", "kafka").toLowerCase(Locale.ROOT);
    this.idle = (int) number(options, "idle", 0);
    this.timeout = Duration.ofSeconds(number(options, "timeout-s", 600));
    this.modelLatencyMs = number(options, "model-latency-ms", 0);
    this.warmupThreads = (int) number(options, "warmup-threads", -1);
    this.warmupRounds = (int) number(options, "warmup-rounds", 10);
    this.floorWarmupHops = number(options, "floor-warmup-hops", Floor.WARM_UP_HOPS);
    this.rounds = (int) number(options, "rounds", defaultRounds(threads, steps));
    this.profileDir = options.get("profile");
    this.profileSettings = options.getOrDefault("profile-settings", "profile");
    this.profiler = options.getOrDefault("profiler", "async").toLowerCase(Locale.ROOT);
    if (!profiler.equals("async") && !profiler.equals("jfr")) {
      throw new IllegalArgumentException("--profiler must be async or jfr, not '" + profiler + "'");
    }
    if (profileDir != null) {
      try {
        Files.createDirectories(Path.of(profileDir));
      } catch (IOException | RuntimeException e) {
        throw new IllegalArgumentException("--profile: cannot create directory " + profileDir, e);
      }
    }
    // JFR's built-in settings are named; anything else must be a .jfc file.
    if (!List.of("profile", "default").contains(profileSettings)
        && !Files.isRegularFile(Path.of(profileSettings))) {
      throw new IllegalArgumentException(
          "--profile-settings must be profile, default or an existing .jfc file, not '"
              + profileSettings
              + "'");
    }
    for (String setting : options.getOrDefault("set", "").split(",")) {
      if (!setting.isBlank() && setting.indexOf('=') < 1) {
        throw new IllegalArgumentException(
            "--set takes key=value entries separated by commas, not '" + setting.trim() + "'");
      }
    }
    this.speculation = speculation(options.get("speculation"), set);
    if (warmupRounds < 1) {
      throw new IllegalArgumentException("--warmup-rounds must be at least 1");
    }
    if (rounds < 1) {
      throw new IllegalArgumentException("--rounds must be at least 1");
    }
    if (floorWarmupHops < 0) {
      throw new IllegalArgumentException("--floor-warmup-hops must be at least 0");
    }
    if (threads < 1 || steps < 1 || idle < 0 || !(mode.equals("kafka") || mode.equals("http"))) {
      throw new IllegalArgumentException(
          "--threads and --steps must be positive, --idle at least 0, --mode kafka or http");
    }
  }

  /** Whether {@code --set} has the broker stamp records with their append time. */
  boolean brokerStampsAppendTimes() {
    return set.replace(" ", "").contains("broker.log.message.timestamp.type=LogAppendTime");
  }

  /** Steps a measured run samples at least by default, for its p99 to rest on 20 of them. */
  static final int SAMPLED_STEPS = 2_000;

  /**
   * Measured rounds of N × K by default: enough for {@link #SAMPLED_STEPS} steps, at most 10. A p99
   * of 10 × 20 steps in one round is its second-worst step: it swung from 26 to 132 ms between runs
   * of the same code.
   */
  static int defaultRounds(int threads, int steps) {
    long perRound = Math.max(1, (long) threads * steps);
    return (int) Math.max(1, Math.min(10, (SAMPLED_STEPS + perRound - 1) / perRound));
  }

  /** Steps in a measured run: every round's. */
  long measuredSteps() {
    return (long) threads * steps * rounds;
  }

  /**
   * Service settings that lift what the bench's rounds would run into but do not measure — the
   * tenant's quota of running threads, every model budget, a turn's hard step cap — each unless
   * {@code --set} names it.
   */
  List<String> liftedLimits() {
    return LoadLimits.lifted(set, steps);
  }

  /**
   * The modes the run is measured in, in order: with executors acting on requests before their
   * decision commits (true) and only after it (false). Both by default, so that the two are
   * compared on one stack in one sitting; one if {@code --speculation} or {@code --set} names it;
   * the order given ({@code off,on}, {@code on,off,on}): the mode measured later meets a stack
   * warmed up for longer, and an order and its reverse show what that alone is worth.
   */
  List<Boolean> speculationModes() {
    String order = speculation.equals("both") ? "on,off" : speculation;
    return Arrays.stream(order.split(",")).map(mode -> mode.equals("on")).toList();
  }

  /** The service property that starts the executor in the given mode. */
  String speculationSetting(boolean speculate) {
    return "-D" + SPECULATE + "=" + speculate;
  }

  private static String speculation(String given, String set) {
    String fromSet = null;
    for (String setting : set.split(",")) {
      int eq = setting.indexOf('=');
      if (eq > 0 && setting.substring(0, eq).trim().equals(SPECULATE)) {
        fromSet = Boolean.parseBoolean(setting.substring(eq + 1).trim()) ? "on" : "off";
      }
    }
    if (given != null && fromSet != null) {
      throw new IllegalArgumentException(
          "give --speculation or --set " + SPECULATE + ", not both: they name one setting");
    }
    String mode = given != null ? given.replace(" ", "").toLowerCase(Locale.ROOT) : fromSet;
    if (mode == null) {
      return "both";
    }
    if (!mode.equals("both") && !mode.matches("(on|off)(,(on|off))*")) {
      throw new IllegalArgumentException(
          "--speculation must be both, on, off or an order of them such as off,on, not '"
              + given
              + "'");
    }
    return mode;
  }

  private static long number(Map<String, String> options, String name, long defaultValue) {
    String value = options.get(name);
    try {
      return value == null ? defaultValue : Long.parseLong(value.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          "--" + name + " must be a whole number, not '" + value + "'");
    }
  }

  boolean http() {
    return mode.equals("http");
  }
}
