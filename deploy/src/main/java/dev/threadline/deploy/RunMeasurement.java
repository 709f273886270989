package dev.threadline.deploy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

/**
 * What the bench reads from the processes and the broker around the measured run: CPU and JIT time
 * by process, their garbage collections, the step processor's transactions, the broker's requests
 * by type and by sending process, bytes and records per topic, the machine's busy and stolen time,
 * the load generator's own CPU, and (with {@code --profile}) a profile per process:
 * async-profiler's ({@link AsyncProfiles}) or, with {@code --profiler jfr}, a JFR recording. {@link
 * #start} reads the baselines, {@link #stop} the differences.
 */
final class RunMeasurement {
  private final Map<String, Long> pids;
  private final String bootstrap;
  private final BenchOptions options;
  private Transactions commitsBefore;
  private BrokerRequests requestsBefore;
  private GcPauses gcBefore;
  private Map<String, Long> bytesBefore;
  private TopicRecords recordsBefore;
  private Map<String, Double> cpuBefore;
  private Map<String, Double> jitBefore;
  private ProcessStats.MachineCpu machineBefore;
  private double ownBefore;
  private long startedMs;
  private double jitSettled;
  private AsyncProfiles profiles;

  /** The run's figures, as differences over the run. */
  record Figures(
      Map<String, Double> cpuByProcess,
      Map<String, Double> jitByProcess,
      Transactions commits,
      BrokerRequests requests,
      GcPauses collections,
      Map<String, Long> bytesBefore,
      Map<String, Long> bytesAfter,
      TopicRecords records,
      double busyCores,
      double stolenCores,
      double loadGeneratorCpu,
      double wallSeconds) {}

  RunMeasurement(Map<String, Long> pids, String bootstrap, BenchOptions options) {
    this.pids = pids;
    this.bootstrap = bootstrap;
    this.options = options;
  }

  /**
   * Reads the services over JMX once, unmeasured, before they are warmed up. The first reading
   * loads RMI and serialization classes into each service, and loading them made HotSpot throw away
   * compiled code of the executor's hot path whose assumptions they broke (13 methods, its tool
   * runner's among them, "marked for deoptimization"): done just before the measured run, the run
   * paid for the interpreter and the recompilation.
   */
  static void attachInstruments(Map<String, Long> pids) throws Exception {
    Transactions.of(pids.get("step-processor"));
    BrokerRequests.of(pids);
    GcPauses.of(pids);
  }

  void start() throws Exception {
    if (options.profileDir != null && options.profiler.equals("async")) {
      profiles = AsyncProfiles.into(Path.of(options.profileDir));
    }
    if (options.profileDir != null && profiles == null) {
      pids.forEach(
          (name, pid) ->
              ProcessStats.jcmd(
                  pid,
                  "JFR.start",
                  "name=bench",
                  "settings=" + options.profileSettings,
                  "filename=" + Path.of(options.profileDir, name + ".jfr").toAbsolutePath()));
    }
    // Before the CPU baselines: the first attach starts the management agent in the step
    // processor's JVM (and loads JMX here), work that must not count as the run's.
    commitsBefore = Transactions.of(pids.get("step-processor"));
    requestsBefore = BrokerRequests.of(pids);
    gcBefore = GcPauses.of(pids);
    bytesBefore = LogDirs.bytesByTopic(bootstrap);
    recordsBefore = TopicRecords.of(bootstrap);
    jitSettled = ProcessStats.awaitJitQuiet(pids, Duration.ofMillis(300), Duration.ofSeconds(20));
    cpuBefore = ProcessStats.cpuSeconds(pids);
    jitBefore = ProcessStats.jitSecondsByProcess(pids);
    machineBefore = ProcessStats.MachineCpu.now();
    ownBefore = ProcessStats.cpuSeconds(ProcessHandle.current().pid());
    startedMs = System.currentTimeMillis();
    // Last: the samples are the run's alone, not the bench's readings before it.
    if (profiles != null) {
      profiles.start(pids);
    }
  }

  /** The async profiles of the run, once stopped; null without {@code --profile}. */
  AsyncProfiles profiles() {
    return profiles;
  }

  /** How long {@link #start} waited for the compilations its own JMX readings caused. */
  double jitSettledSeconds() {
    return jitSettled;
  }

  Figures stop() throws Exception {
    if (profiles != null) {
      profiles.stop(pids);
    }
    double wall = (System.currentTimeMillis() - startedMs) / 1000.0;
    Map<String, Double> cpuAfter = ProcessStats.cpuSeconds(pids);
    ProcessStats.MachineCpu machineAfter = ProcessStats.MachineCpu.now();
    double own = ProcessStats.cpuSeconds(ProcessHandle.current().pid()) - ownBefore;
    Map<String, Double> jitAfter = ProcessStats.jitSecondsByProcess(pids);
    Map<String, Long> bytesAfter = LogDirs.bytesByTopic(bootstrap);
    TopicRecords records = TopicRecords.of(bootstrap).minus(recordsBefore);
    Transactions commits = Transactions.of(pids.get("step-processor")).minus(commitsBefore);
    BrokerRequests requests = BrokerRequests.of(pids).minus(requestsBefore);
    GcPauses collections = GcPauses.of(pids).minus(gcBefore);
    if (options.profileDir != null && profiles == null) {
      pids.forEach((name, pid) -> ProcessStats.jcmd(pid, "JFR.stop", "name=bench"));
    }
    return new Figures(
        minus(cpuAfter, cpuBefore),
        minus(jitAfter, jitBefore),
        commits,
        requests,
        collections,
        bytesBefore,
        bytesAfter,
        records,
        (machineAfter.busy() - machineBefore.busy()) / wall,
        (machineAfter.steal() - machineBefore.steal()) / wall,
        own,
        wall);
  }

  /** Each count of {@code after} less its count {@code before} (0 where there was none). */
  static Map<String, Double> minus(Map<String, Double> after, Map<String, Double> before) {
    Map<String, Double> used = new java.util.LinkedHashMap<>();
    after.forEach((name, value) -> used.put(name, value - before.getOrDefault(name, 0.0)));
    return used;
  }
}
