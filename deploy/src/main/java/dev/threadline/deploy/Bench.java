package dev.threadline.deploy;

import dev.threadline.avro.ThreadEvent;
import dev.threadline.topics.SerdeFactory;
import dev.threadline.topics.Topics;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.kafka.common.serialization.Deserializer;

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
 * --rounds} (measured rounds of N × K, one after the other; enough for 2,000 steps, at most 10),
 * {@code --set key=value,…} (settings for the services and the floor; {@code broker.<key>=<value>}
 * for the broker), {@code --sealed-events} (the services seal events, as {@code ./threadline up}'s
 * do), {@code --timeout-s} (600), {@code --keep-data} (keep the broker logs and state directories,
 * deleted otherwise), {@code --profile DIR} (a profile of each process during the measured run:
 * async-profiler's flame graph and collapsed stacks, summed up in a table of CPU per step by
 * package and frame; or with {@code --profiler jfr} a JFR recording, with {@code
 * --profile-settings}, default {@code profile}), plus the launcher's stack options.
 */
public final class Bench {
  private final BenchOptions options;

  Bench(BenchOptions options) {
    this.options = options;
  }

  public static void main(String[] args) throws Exception {
    Map<String, String> options = Options.parse(args);
    Bench bench;
    try {
      bench = new Bench(new BenchOptions(options));
    } catch (IllegalArgumentException e) {
      System.err.println(e.getMessage());
      System.exit(2);
      return;
    }
    Path home = Files.createTempDirectory("threadline-bench-");
    LocalStack stack =
        new LocalStack(
            home, StackBuild.from(options), StackPorts.free(1), "bench-" + UUID.randomUUID());
    // e.g. --set threadline.step.commit.interval.ms=50
    stack.set(options.getOrDefault("set", ""));
    // The services seal events as ./threadline up's do: what crypto-shredding costs a step.
    if (options.containsKey("sealed-events")) {
      stack.sealEvents();
    }
    // The bench measures steps, not the tenant's quotas and budgets its rounds would reach.
    stack.serviceProperties.addAll(bench.options.liftedLimits());
    bench.speculate(stack, bench.options.speculationModes().getFirst());
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

  static void deleteRecursively(Path dir) {
    try (var paths = Files.walk(dir)) {
      paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException e) {
      System.err.println("could not delete " + dir + ": " + e);
    }
  }

  /** How the bench reads thread-events: opening them when the stack seals them. */
  private Deserializer<ThreadEvent> events;

  /** The phases, in order: agent, warm-up, floor, idle CPU, the measured run, idle threads. */
  void run(LocalStack stack) throws Exception {
    Topics topics =
        new Topics(
            stack.topicsConfig(),
            new SerdeFactory(Map.of("schema.registry.url", stack.registryUrl())));
    try (StackEvents stackEvents = stack.events(topics)) {
      events = stackEvents.deserializer();
      run(stack, topics);
    }
  }

  private void run(LocalStack stack, Topics topics) throws Exception {
    try (LoadGenerator load = new LoadGenerator(stack, topics, options.http())) {
      run(stack, topics, load);
    }
  }

  private void run(LocalStack stack, Topics topics, LoadGenerator load) throws Exception {
    System.out.printf(
        "%nThreadline bench: %d threads x %d steps, entry %s, settings %s, %d cores%n",
        options.threads,
        options.steps,
        options.mode,
        stack.serviceProperties.isEmpty() ? "default" : String.join(" ", stack.serviceProperties),
        Runtime.getRuntime().availableProcessors());
    String agent = registerAgent(stack);
    RunMeasurement.attachInstruments(stack.pids());
    BenchWarmUp warmUp = new BenchWarmUp(options, stack, topics, events, load, agent);
    warmUp.rounds("warm-up");
    Floor.Result floor = measureFloor(stack);
    // The floor's hops run other broker code than Threadline's, and the broker recompiled for
    // them: its JIT threads used 1.3 s of a 4.5 s measured run right after it (1,000 x 10).
    warmUp.rounds("warm-up after the floor");
    String idleCpu = idleCpu(stack);
    List<ModeComparison.Run> runs = new ArrayList<>();
    for (boolean speculate : options.speculationModes()) {
      if (!runs.isEmpty()) {
        restartExecutor(stack, speculate);
        warmUp.rounds("warm-up of the restarted executor");
      }
      runs.add(measureRun(stack, topics, load, agent, floor, speculate));
    }
    ModeComparison.print(runs);
    System.out.println(heapAfterGc(stack));
    System.out.println(idleCpu);
    if (options.idle > 0) {
      measureIdleThreads(stack, topics, load, agent);
    }
  }

  /** The executor's mode for the services started from now on. */
  private void speculate(LocalStack stack, boolean speculate) {
    stack.serviceProperties.removeIf(p -> p.startsWith("-D" + BenchOptions.SPECULATE + "="));
    stack.serviceProperties.add(options.speculationSetting(speculate));
  }

  /**
   * The same stack with the executor in the other mode: a new executor JVM, warmed up again before
   * it is measured, beside a step processor, broker and projector already warm.
   */
  private void restartExecutor(LocalStack stack, boolean speculate) throws Exception {
    System.out.printf(
        "%nrestarting the tool executor with %s …%n", options.speculationSetting(speculate));
    speculate(stack, speculate);
    stack.processes().stop("tool-executor");
    LocalServices.startExecutor(stack);
    LocalServices.awaitGroups(stack);
    RunMeasurement.attachInstruments(stack.pids());
  }

  private String registerAgent(LocalStack stack) throws Exception {
    String agent = "bench-" + options.steps;
    new IngestClient(stack.ingestUrl(), stack.apiKey())
        .call("PUT", "/v1/agents/" + agent, agentJson(options.steps, options.modelLatencyMs), 200);
    Thread.sleep(1_000); // the step processor's global agent table catches up (kafka mode)
    return agent;
  }

  /**
   * After the warm-up, so that the floor meets the same warm broker the measured run does; on a
   * broker just started the floor read about twice as slow, which flattered every ratio.
   */
  private Floor.Result measureFloor(LocalStack stack) throws Exception {
    long floorStart = System.nanoTime();
    Floor.Result floor =
        Floor.run(
            stack.bootstrap(),
            stack.registryUrl(),
            options.threads,
            options.steps * options.rounds,
            options.floorWarmupHops,
            options.timeout,
            stack.settings(),
            stack.home().resolve("floor-state"));
    System.out.printf(
        "the floor: %s, then %d keys x %d loops, in %.1f s%n",
        options.floorWarmupHops > 0
            ? "a warm-up round of at least " + options.floorWarmupHops + " hops"
            : "no warm-up round",
        options.threads,
        options.steps * options.rounds,
        (System.nanoTime() - floorStart) / 1e9);
    return floor;
  }

  /** Each process's CPU over 5 s with no work, as a share of one core. */
  private static String idleCpu(LocalStack stack) throws InterruptedException {
    Map<String, Double> before = ProcessStats.cpuSeconds(stack.pids());
    Thread.sleep(5_000);
    Map<String, Double> after = ProcessStats.cpuSeconds(stack.pids());
    StringBuilder idle = new StringBuilder("idle CPU (% of one core, 5 s with no work):");
    after.forEach(
        (name, cpu) ->
            idle.append(String.format(" %s %.1f", name, (cpu - before.get(name)) * 100 / 5)));
    return idle.toString();
  }

  /**
   * N threads of K steps, timed from the event log. Every process of the stack counts, the registry
   * and (in kafka mode) the ingest service too: they run beside the pipeline and share its cores.
   */
  private ModeComparison.Run measureRun(
      LocalStack stack,
      Topics topics,
      LoadGenerator load,
      String agent,
      Floor.Result floor,
      boolean speculate)
      throws Exception {
    String runId = UUID.randomUUID().toString().substring(0, 8);
    EventCollector events =
        new EventCollector(
            stack.bootstrap(),
            topics,
            this.events,
            "bench-" + runId + "-",
            options.http(),
            options.brokerStampsAppendTimes());
    Map<String, Long> pids = stack.pids();
    RunMeasurement measurement = new RunMeasurement(pids, stack.bootstrap(), options);
    measurement.start();
    System.out.printf(
        "measured run, %s: %s%d threads x %d steps (after %.1f s for the JIT compilers to settle"
            + " from the bench's JMX readings) …%n",
        ModeComparison.describe(speculate),
        options.rounds > 1 ? options.rounds + " rounds, one after the other, of " : "",
        options.threads,
        options.steps,
        measurement.jitSettledSeconds());
    for (int round = 1; round <= options.rounds; round++) {
      // Each round's threads are named by it, so that the event log times each round on its own.
      load.send(agent, runId + "-r" + round, options.threads, true);
      events.awaitTurns(options.threads * round, options.timeout);
    }
    RunMeasurement.Figures figures = measurement.stop();
    RunReport report = events.report();
    BenchTable.print(
        report,
        floor,
        figures,
        topics.threadEvents().name(),
        pids.get("kafka"),
        options.measuredSteps());
    if (measurement.profiles() != null) {
      ProfileTable.print(measurement.profiles(), figures, options.measuredSteps());
    }
    return new ModeComparison.Run(speculate, report, figures);
  }

  private static String heapAfterGc(LocalStack stack) {
    StringBuilder heap = new StringBuilder("heap after GC (MiB):");
    stack
        .pids()
        .forEach(
            (name, pid) ->
                heap.append(String.format(" %s %.0f", name, ProcessStats.heapAfterGcMiB(pid))));
    return heap.toString();
  }

  /**
   * M threads created and left idle: what they cost the step processor's heap, and how long the
   * projector takes to come back with them.
   */
  private void measureIdleThreads(LocalStack stack, Topics topics, LoadGenerator load, String agent)
      throws Exception {
    String runId = UUID.randomUUID().toString().substring(0, 8);
    long stepPid = stack.pids().get("step-processor");
    double before = ProcessStats.heapAfterGcMiB(stepPid);
    EventCollector created =
        new EventCollector(
            stack.bootstrap(), topics, events, "bench-" + runId + "-idle-", options.http());
    load.send(agent, runId + "-idle", options.idle, false);
    created.awaitCreated(options.idle, options.timeout);
    double after = ProcessStats.heapAfterGcMiB(stepPid);
    System.out.printf(
        "idle threads: %d created; step processor heap after GC %.0f MiB before, %.0f MiB after%n",
        options.idle, before, after);
    ProjectorRestart.measure(stack, topics.config().partitions());
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
}
