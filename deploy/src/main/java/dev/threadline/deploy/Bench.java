package dev.threadline.deploy;

import dev.threadline.avro.CreateThread;
import dev.threadline.avro.Origin;
import dev.threadline.avro.ThreadCommand;
import dev.threadline.avro.UserMessage;
import dev.threadline.topics.SerdeFactory;
import dev.threadline.topics.Topics;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * {@code ./threadline bench}: N threads × K steps through the real pipeline — broker, registry,
 * step processor, tool executor, projector and ingest as separate processes, exactly as {@code
 * ./threadline up} runs them — with the scripted model (each step one model call answering one
 * {@code echo} call, the last a text answer), measured from the canonical event timestamps and
 * compared with the two-hop exactly-once floor measured on the same broker in the same run.
 *
 * <p>Options: {@code --threads N} (100), {@code --steps K} (10), {@code --mode kafka|http} (kafka:
 * CreateThread commands produced directly; http: POST /v1/threads), {@code --idle M} (then M idle
 * threads are created and the step processor's heap compared), {@code --model-latency-ms} (0),
 * {@code --warmup-threads} per warm-up round (enough for about 20,000 steps; 0: no warm-up), {@code
 * --warmup-rounds} (at most 10; fewer once the JIT compilers are quiet), {@code
 * --floor-warmup-hops} (records of the floor's unmeasured first round, 20,000; 0: none), {@code
 * --set key=value,…} (settings for the services and the floor; {@code broker.<key>=<value>} for the
 * broker), {@code --timeout-s} (600), {@code --keep-data} (keep the broker logs and state
 * directories, deleted otherwise), {@code --profile DIR} (a JFR recording of each process during
 * the measured run, with {@code --profile-settings}, default {@code profile}), plus the launcher's
 * stack options.
 */
public final class Bench {
  private final int threads;
  private final int steps;
  private final String mode;
  private final int idle;
  private final Duration timeout;
  private final long modelLatencyMs;
  private final int warmupThreads;
  private final int warmupRounds;
  private final long floorWarmupHops;
  private final String profileDir;
  private final String profileSettings;

  Bench(Map<String, String> options) {
    this.threads = (int) number(options, "threads", 100);
    this.steps = (int) number(options, "steps", 10);
    this.mode = options.getOrDefault("mode", "kafka").toLowerCase(Locale.ROOT);
    this.idle = (int) number(options, "idle", 0);
    this.timeout = Duration.ofSeconds(number(options, "timeout-s", 600));
    this.modelLatencyMs = number(options, "model-latency-ms", 0);
    this.warmupThreads = (int) number(options, "warmup-threads", -1);
    this.warmupRounds = (int) number(options, "warmup-rounds", 10);
    this.floorWarmupHops = number(options, "floor-warmup-hops", Floor.WARM_UP_HOPS);
    this.profileDir = options.get("profile");
    this.profileSettings = options.getOrDefault("profile-settings", "profile");
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
    if (warmupRounds < 1) {
      throw new IllegalArgumentException("--warmup-rounds must be at least 1");
    }
    if (floorWarmupHops < 0) {
      throw new IllegalArgumentException("--floor-warmup-hops must be at least 0");
    }
    if (threads < 1 || steps < 1 || idle < 0 || !(mode.equals("kafka") || mode.equals("http"))) {
      throw new IllegalArgumentException(
          "--threads and --steps must be positive, --idle at least 0, --mode kafka or http");
    }
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

  public static void main(String[] args) throws Exception {
    Map<String, String> options = Options.parse(args);
    Bench bench = new Bench(options);
    Path home = Files.createTempDirectory("threadline-bench-");
    LocalStack stack =
        new LocalStack(
            home,
            Files.readString(Path.of(options.get("classpath-file"))).trim(),
            Path.of(options.get("registry-jar")).toAbsolutePath(),
            freePort(2),
            freePort(2),
            Path.of(options.get("ingest-jar")).toAbsolutePath(),
            freePort(1),
            freePort(1),
            "bench-" + UUID.randomUUID());
    // --set key=value,key=value passes settings to the services (e.g.
    // threadline.step.commit.interval.ms=50).
    for (String setting : options.getOrDefault("set", "").split(",")) {
      if (!setting.isBlank()) {
        stack.serviceProperties.add("-D" + setting.trim());
      }
    }
    // A turn of K steps must not hit the runtime's hard cap per turn (100 by default).
    if (bench.steps >= 100 && !options.getOrDefault("set", "").contains("hard.max.steps")) {
      stack.serviceProperties.add("-Dthreadline.step.hard.max.steps=" + (bench.steps + 1));
    }
    // Broker logs and state of a large run take gigabytes: they go with the stack unless kept.
    boolean keep = options.containsKey("keep-data");
    var stopped = new AtomicBoolean();
    Runnable stop =
        () -> {
          if (stopped.getAndSet(true)) {
            return;
          }
          stack.stop();
          if (keep) {
            System.out.println("bench data kept in " + home);
          } else {
            deleteRecursively(home);
          }
        };
    Runtime.getRuntime().addShutdownHook(new Thread(stop, "bench-stop"));
    try {
      stack.up();
      bench.run(stack);
    } finally {
      stop.run();
    }
    System.exit(0);
  }

  private static void deleteRecursively(Path dir) {
    try (var paths = Files.walk(dir)) {
      paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException e) {
      System.err.println("could not delete " + dir + ": " + e);
    }
  }

  /** A free port whose next {@code span - 1} ports are free too (controller, management). */
  private static int freePort(int span) throws Exception {
    for (int attempt = 0; attempt < 50; attempt++) {
      int port;
      try (var socket = new java.net.ServerSocket(0)) {
        port = socket.getLocalPort();
      }
      boolean free = true;
      for (int i = 1; i < span && free; i++) {
        try (var socket = new java.net.ServerSocket(port + i)) {
          free = socket.isBound();
        } catch (IOException e) {
          free = false;
        }
      }
      if (free && port + span < 65_000) {
        return port;
      }
    }
    throw new IllegalStateException("no free port range");
  }

  void run(LocalStack stack) throws Exception {
    Topics topics =
        new Topics(
            stack.topicsConfig(),
            new SerdeFactory(Map.of("schema.registry.url", stack.registryUrl())));
    System.out.printf(
        "%nThreadline bench: %d threads x %d steps, entry %s, settings %s, %d cores%n",
        threads,
        steps,
        mode,
        stack.serviceProperties.isEmpty() ? "default" : String.join(" ", stack.serviceProperties),
        Runtime.getRuntime().availableProcessors());

    String agent = "bench-" + steps;
    new IngestClient(stack.ingestUrl(), stack.apiKey())
        .call("PUT", "/v1/agents/" + agent, agentJson(steps, modelLatencyMs), 200);
    Thread.sleep(1_000); // the step processor's global agent table catches up (kafka mode)

    warmUp(stack, topics, agent);
    // After the warm-up, so that the floor meets the same warm broker the measured run does; on
    // a broker just started the floor read about twice as slow, which flattered every ratio.
    long floorStart = System.nanoTime();
    Floor.Result floor =
        Floor.run(
            stack.bootstrap(),
            stack.registryUrl(),
            threads,
            steps,
            floorWarmupHops,
            timeout,
            stack.settings(),
            stack.home().resolve("floor-state"));
    System.out.printf(
        "the floor: %s, then %d keys x %d loops, in %.1f s%n",
        floorWarmupHops > 0
            ? "a warm-up round of at least " + floorWarmupHops + " hops"
            : "no warm-up round",
        threads,
        steps,
        (System.nanoTime() - floorStart) / 1e9);
    Map<String, Double> idleBefore = ProcessStats.cpuSeconds(stack.pids());
    Thread.sleep(5_000);
    Map<String, Double> idleAfter = ProcessStats.cpuSeconds(stack.pids());
    StringBuilder idleCpu = new StringBuilder("idle CPU (% of one core, 5 s with no work):");
    idleAfter.forEach(
        (name, cpu) ->
            idleCpu.append(
                String.format(" %s %.1f", name, (cpu - idleBefore.get(name)) * 100 / 5)));

    String runId = UUID.randomUUID().toString().substring(0, 8);
    EventCollector events =
        new EventCollector(stack.bootstrap(), topics, "bench-" + runId + "-", mode.equals("http"));
    // Every process of the stack counts, the registry and (in kafka mode) the ingest service too:
    // they run beside the pipeline and share its cores.
    Map<String, Long> pids = stack.pids();
    if (profileDir != null) {
      pids.forEach(
          (name, pid) ->
              ProcessStats.jcmd(
                  pid,
                  "JFR.start",
                  "name=bench",
                  "settings=" + profileSettings,
                  "filename=" + Path.of(profileDir, name + ".jfr").toAbsolutePath()));
    }
    // Before the CPU baselines: the first attach starts the management agent in the step
    // processor's JVM (and loads JMX here), work that must not count as the run's.
    Transactions commitsBefore = Transactions.of(pids.get("step-processor"));
    Map<String, Long> bytesBefore = LogDirs.bytesByTopic(stack.bootstrap());
    Map<String, Double> cpuBefore = ProcessStats.cpuSeconds(pids);
    Map<String, Double> jitBefore = ProcessStats.jitSecondsByProcess(pids);
    ProcessStats.MachineCpu machineBefore = ProcessStats.MachineCpu.now();
    double ownBefore = ProcessStats.cpuSeconds(ProcessHandle.current().pid());
    System.out.printf("measured run: %d threads x %d steps …%n", threads, steps);
    long started = System.currentTimeMillis();
    send(stack, topics, agent, runId, threads, true);
    events.awaitTurns(threads, timeout);
    long finished = System.currentTimeMillis();
    Map<String, Double> cpuAfter = ProcessStats.cpuSeconds(pids);
    ProcessStats.MachineCpu machineAfter = ProcessStats.MachineCpu.now();
    double own = ProcessStats.cpuSeconds(ProcessHandle.current().pid()) - ownBefore;
    Map<String, Double> jitAfter = ProcessStats.jitSecondsByProcess(pids);
    Map<String, Long> bytesAfter = LogDirs.bytesByTopic(stack.bootstrap());
    Transactions commits = Transactions.of(pids.get("step-processor")).minus(commitsBefore);
    if (profileDir != null) {
      pids.forEach((name, pid) -> ProcessStats.jcmd(pid, "JFR.stop", "name=bench"));
    }

    Report report = events.report();
    double cpu = 0;
    double jit = 0;
    StringBuilder cpuByProcess = new StringBuilder();
    for (var entry : cpuAfter.entrySet()) {
      double used = entry.getValue() - cpuBefore.get(entry.getKey());
      double compiling = jitAfter.get(entry.getKey()) - jitBefore.get(entry.getKey());
      cpu += used;
      jit += compiling;
      cpuByProcess.append(String.format(" %s %.2f s (JIT %.2f)", entry.getKey(), used, compiling));
    }
    long changelogBytes =
        LogDirs.delta(
            bytesBefore,
            bytesAfter,
            t -> t.endsWith("-changelog") && t.startsWith("threadline-step-processor"));
    long eventBytes =
        LogDirs.delta(bytesBefore, bytesAfter, t -> t.equals(topics.threadEvents().name()));
    long allBytes = LogDirs.delta(bytesBefore, bytesAfter, t -> true);

    if (report.steps() != (long) threads * steps) {
      System.out.printf(
          "WARNING: expected %d steps, the turns completed after %d (a limit ended them early?)%n",
          (long) threads * steps, report.steps());
    }
    System.out.println();
    System.out.println("| figure | Threadline | two-hop EOS floor | ratio |");
    System.out.println("|---|---|---|---|");
    row("steps", report.steps(), floor.steps());
    System.out.printf(
        "| sustained steps/s | %.0f | %.0f | %.2f |%n",
        report.stepsPerSecond(),
        floor.stepsPerSecond(),
        report.stepsPerSecond() / floor.stepsPerSecond());
    Percentiles o = report.stepOverhead();
    Percentiles f = floor.step();
    System.out.printf(
        "| step overhead p50 ms | %d | %d | %s |%n", o.p50(), f.p50(), ratio(o.p50(), f.p50()));
    System.out.printf(
        "| step overhead p90 ms | %d | %d | %s |%n", o.p90(), f.p90(), ratio(o.p90(), f.p90()));
    System.out.printf(
        "| step overhead p99 ms | %d | %d | %s |%n", o.p99(), f.p99(), ratio(o.p99(), f.p99()));
    System.out.printf(
        "| step overhead max ms | %d | %d | %s |%n", o.max(), f.max(), ratio(o.max(), f.max()));
    Percentiles t = report.turn();
    System.out.printf(
        "| turn latency p50 / p99 / max ms | %d / %d / %d | | |%n", t.p50(), t.p99(), t.max());
    Legs legs = report.legs();
    legRow("model request: decision → executor's answer ready", legs.modelToExecutor());
    legRow("model result: answer ready → decision on it", legs.modelToDecision());
    legRow("tool request: decision → executor's answer ready", legs.toolToExecutor());
    legRow("tool result: answer ready → decision on it", legs.toolToDecision());
    if (legs.resultToBroker().count() > 0) {
      // Only with the broker stamping records (log.message.timestamp.type=LogAppendTime).
      legRow("results: answer ready → appended by the broker", legs.resultToBroker());
      legRow("results: appended → decision on it", legs.brokerToDecision());
    }
    System.out.printf(
        "| CPU ms per step (all stack processes) | %.2f | | |%n", cpu * 1000 / report.steps());
    System.out.printf(
        "| of which JIT compiler threads, ms per step | %.2f | | |%n", jit * 1000 / report.steps());
    System.out.printf(
        "| bytes per step: state changelogs / event log / all topics | %d / %d / %d | | |%n",
        changelogBytes / report.steps(), eventBytes / report.steps(), allBytes / report.steps());
    System.out.println();
    System.out.println("CPU by process during the run:" + cpuByProcess);
    System.out.println(commits.describe(report.steps()));
    System.out.println(Transactions.brokerRequestTimes(pids.get("kafka")));
    double wall = (finished - started) / 1000.0;
    System.out.printf("wall time %.1f s from the first command to the last TurnCompleted%n", wall);
    // How much of the machine the run had: the stack, the load generator (this JVM, which sends
    // the commands and decodes every event to take the figures) and the hypervisor's steal.
    System.out.printf(
        "machine during the run: busy %.2f cores, stolen %.2f cores; the load generator used"
            + " %.1f s (not counted above)%n",
        (machineAfter.busy() - machineBefore.busy()) / wall,
        (machineAfter.steal() - machineBefore.steal()) / wall,
        own);
    StringBuilder heap = new StringBuilder("heap after GC (MiB):");
    stack
        .pids()
        .forEach(
            (name, pid) ->
                heap.append(String.format(" %s %.0f", name, ProcessStats.heapAfterGcMiB(pid))));
    System.out.println(heap);
    System.out.println(idleCpu);

    if (idle > 0) {
      long stepPid = stack.pids().get("step-processor");
      double before = ProcessStats.heapAfterGcMiB(stepPid);
      EventCollector created =
          new EventCollector(
              stack.bootstrap(), topics, "bench-" + runId + "-idle-", mode.equals("http"));
      send(stack, topics, agent, runId + "-idle", idle, false);
      created.awaitCreated(idle, timeout);
      double after = ProcessStats.heapAfterGcMiB(stepPid);
      System.out.printf(
          "idle threads: %d created; step processor heap after GC %.0f MiB before, %.0f MiB after%n",
          idle, before, after);
    }
  }

  /** Share of the stack's CPU under which the JIT compilers count as done warming up. */
  static final double JIT_QUIET = 0.05;

  /**
   * Unmeasured rounds of about 20,000 steps of the bench agent (or {@code --warmup-threads} threads
   * each), until the JIT compiler threads use less than {@link #JIT_QUIET} of the stack's CPU in a
   * round, or {@code --warmup-rounds} rounds (10) have run. With a fixed 10,000 or 40,000 steps the
   * compilers were still among the largest CPU consumers of the measured run (docs/benchmarks.md).
   */
  private void warmUp(LocalStack stack, Topics topics, String agent) throws Exception {
    int perRound =
        warmupThreads >= 0 ? warmupThreads : Math.max(1, Math.min(4_000, 20_000 / steps));
    if (perRound == 0) {
      return;
    }
    Map<String, Long> pids = stack.pids();
    for (int round = 1; round <= warmupRounds; round++) {
      double cpuBefore = ProcessStats.total(ProcessStats.cpuSeconds(pids));
      double jitBefore = ProcessStats.jitSeconds(pids);
      long started = System.nanoTime();
      String warmupId = "warmup-" + UUID.randomUUID().toString().substring(0, 8);
      try (EventCollector warm =
          new EventCollector(
              stack.bootstrap(), topics, "bench-" + warmupId + "-", mode.equals("http"))) {
        send(stack, topics, agent, warmupId, perRound, true);
        warm.awaitTurns(perRound, timeout);
      }
      double seconds = (System.nanoTime() - started) / 1e9;
      double cpu = ProcessStats.total(ProcessStats.cpuSeconds(pids)) - cpuBefore;
      double jitShare = (ProcessStats.jitSeconds(pids) - jitBefore) / cpu;
      System.out.printf(
          "warm-up round %d: %d threads x %d steps in %.1f s, JIT compilers %.0f %% of the"
              + " stack's CPU%n",
          round, perRound, steps, seconds, jitShare * 100);
      if (jitShare < JIT_QUIET) {
        return;
      }
    }
  }

  private static void row(String name, long ours, long floor) {
    System.out.printf("| %s | %d | %d | |%n", name, ours, floor);
  }

  private static String ratio(long ours, long floor) {
    return floor == 0 ? "-" : String.format("%.2f", (double) ours / floor);
  }

  /**
   * K model calls per turn: K-1 echo calls, then a text answer. The script stays the same size
   * whatever K ({@code times}): it travels in every model request, as a real model's configuration
   * does, and a script growing with K would make requests grow with K for the benchmark's sake.
   */
  static String agentJson(int steps, long latencyMs) {
    String script =
        steps > 1
            ? "[{\"toolCalls\": [{\"name\": \"echo\", \"arguments\": {\"i\": 1}}], \"times\": "
                + (steps - 1)
                + "}, {\"text\": \"done\"}]"
            : "[{\"text\": \"done\"}]";
    return """
        {"model": {"provider": "scripted", "latencyMs": %s, "script": %s},
         "systemPrompt": "bench",
         "tools": [{"name": "echo", "permission": "allow"}],
         "stop": {"stopOnResponse": true, "maxSteps": %d},
         "group": "task"}"""
        .formatted(latencyMs, script, steps + 1);
  }

  /** Starts {@code count} threads, with a first message ({@code start}) or idle. */
  private void send(
      LocalStack stack, Topics topics, String agent, String runId, int count, boolean start)
      throws Exception {
    String prefix = "bench-" + runId + "-";
    if (mode.equals("http") && start) {
      Semaphore inFlight = new Semaphore(32);
      java.util.Queue<String> failures = new java.util.concurrent.ConcurrentLinkedQueue<>();
      HttpClient client = HttpClient.newHttpClient();
      List<CompletableFuture<?>> calls = new ArrayList<>();
      for (int i = 0; i < count; i++) {
        inFlight.acquire();
        calls.add(
            client
                .sendAsync(
                    HttpRequest.newBuilder(URI.create(stack.ingestUrl() + "/v1/threads"))
                        .header("Authorization", "Bearer " + stack.apiKey())
                        .header("Content-Type", "application/json")
                        .header("Idempotency-Key", prefix + i)
                        .POST(
                            HttpRequest.BodyPublishers.ofString(
                                "{\"agent\": \""
                                    + agent
                                    + "\", \"message\": \"go\", \"metadata\": {\"bench\": \""
                                    + prefix
                                    + "\"}}"))
                        .build(),
                    HttpResponse.BodyHandlers.ofString())
                .whenComplete(
                    (r, e) -> {
                      inFlight.release();
                      if (e != null || r.statusCode() != 201) {
                        failures.add(e != null ? e.toString() : r.statusCode() + " " + r.body());
                      }
                    }));
      }
      CompletableFuture.allOf(calls.toArray(CompletableFuture[]::new)).join();
      if (!failures.isEmpty()) {
        throw new IllegalStateException(
            failures.size() + " POST /v1/threads failed, first: " + failures.peek());
      }
      return;
    }
    Map<String, Object> config = new HashMap<>();
    config.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, stack.bootstrap());
    config.put(ProducerConfig.LINGER_MS_CONFIG, 5);
    try (var producer =
        new KafkaProducer<>(
            config, new StringSerializer(), topics.threadCommands().valueSerde().serializer())) {
      for (int i = 0; i < count; i++) {
        String threadId = prefix + i;
        ThreadCommand command =
            ThreadCommand.newBuilder()
                .setCommandId(threadId + "/create")
                .setTenantId("local")
                .setThreadId(threadId)
                .setIssuedAt(Instant.now())
                .setPayload(
                    CreateThread.newBuilder()
                        .setAgentName(agent)
                        .setMessage(
                            start
                                ? UserMessage.newBuilder()
                                    .setOrigin(Origin.INVOKE)
                                    .setText("go")
                                    .build()
                                : null)
                        .build())
                .build();
        producer.send(new ProducerRecord<>(topics.threadCommands().name(), threadId, command));
      }
      producer.flush();
    }
  }

  private static void legRow(String leg, Percentiles p) {
    System.out.printf("| %s, p50 / p99 ms | %d / %d | | |%n", leg, p.p50(), p.p99());
  }

  record Report(
      long steps, double stepsPerSecond, Percentiles stepOverhead, Percentiles turn, Legs legs) {}

  /**
   * A step's four legs: each request from the decision that made it to the executor's answer being
   * ready, and from there to the decision on the answer; when the broker stamps records with their
   * append time, the second split at the append (empty otherwise).
   */
  record Legs(
      Percentiles modelToExecutor,
      Percentiles modelToDecision,
      Percentiles toolToExecutor,
      Percentiles toolToDecision,
      Percentiles resultToBroker,
      Percentiles brokerToDecision) {}

  /** Bytes on disk per topic, from the broker's log directories. */
  static final class LogDirs {
    private LogDirs() {}

    static Map<String, Long> bytesByTopic(String bootstrap) throws Exception {
      Map<String, Long> bytes = new HashMap<>();
      try (Admin admin = Admin.create(Map.of("bootstrap.servers", bootstrap))) {
        var nodes = admin.describeCluster().nodes().get().stream().map(n -> n.id()).toList();
        admin
            .describeLogDirs(nodes)
            .allDescriptions()
            .get()
            .values()
            .forEach(
                dirs ->
                    dirs.values()
                        .forEach(
                            dir ->
                                dir.replicaInfos()
                                    .forEach(
                                        (tp, info) ->
                                            bytes.merge(tp.topic(), info.size(), Long::sum))));
      }
      return bytes;
    }

    static long delta(
        Map<String, Long> before,
        Map<String, Long> after,
        java.util.function.Predicate<String> topic) {
      long sum = 0;
      for (var entry : after.entrySet()) {
        if (topic.test(entry.getKey())) {
          sum += entry.getValue() - before.getOrDefault(entry.getKey(), 0L);
        }
      }
      return sum;
    }
  }
}
