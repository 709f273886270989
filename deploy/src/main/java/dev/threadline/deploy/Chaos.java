package dev.threadline.deploy;

import dev.threadline.topics.SerdeFactory;
import dev.threadline.topics.Topics;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * {@code ./threadline chaos}: a local stack of its own, supervised as {@code ./threadline up}
 * supervises; for each target in turn, a round of threads started through the HTTP API while the
 * target is killed with SIGKILL and started again; every round checked against the event log
 * ({@link ChaosCheck}); a table at the end. Exits 1 if any round lost or duplicated anything.
 *
 * <p>Options: {@code --target all|step-processor,tool-executor,projector,ingest-service,kafka,
 * registry,services,registry-outage,crons} (all; services: the step processor, executor and
 * projector at once; crons: a cron per thread firing every 2 s, and every process killed at once;
 * with {@code --cluster} also {@code cluster} and {@code scale}, see {@link ChaosScale}; a round
 * that kills nothing, {@code none}, always comes first), {@code --threads N} (100), {@code --steps
 * K} (5), {@code --kill-after-ms} (2000), {@code --timeout-s} (180), {@code --set key=value,…}
 * (service settings, as for bench), {@code --keep-data}.
 */
public final class Chaos {
  static final List<String> ALL =
      List.of(
          "step-processor",
          "tool-executor",
          "projector",
          "ingest-service",
          "kafka",
          "registry",
          ChaosRun.SERVICES,
          ChaosRun.REGISTRY_OUTAGE,
          ChaosCrons.CRONS);

  private Chaos() {}

  /** The options {@code ./threadline chaos} takes; any other is refused, naming these. */
  static final Set<String> KNOWN =
      StackBuild.withOptions(
          "cluster",
          "target",
          "threads",
          "steps",
          "kill-after-ms",
          "timeout-s",
          "outage-s",
          "set",
          "keep-data");

  public static void main(String[] args) throws Exception {
    Map<String, String> options = Options.onlyOrExit(args, KNOWN);
    boolean cluster = options.containsKey("cluster");
    String target = options.getOrDefault("target", cluster ? ChaosRun.CLUSTER : "all");
    List<String> targets = new ArrayList<>();
    for (String t : target.split(",")) {
      if (t.equals("all")) {
        targets.addAll(ALL);
      } else {
        targets.add(t.trim());
      }
    }
    for (String t : targets) {
      boolean clusterOnly = t.equals(ChaosRun.CLUSTER) || t.equals(ChaosScale.SCALE);
      if (!ALL.contains(t) && !t.equals("none") && !(cluster && clusterOnly)) {
        System.err.println("unknown target " + t + "; one of " + ALL + " or all");
        System.exit(2);
      }
    }
    // A first round kills nothing: it is the baseline the other rounds compare with, and every
    // process is warm (JIT, connections, caches) before anything is killed, so what a round
    // measures is the fault, not the cold start of the stack.
    if (!targets.get(0).equals("none")) {
      targets.add(0, "none");
    }
    int threads = Integer.parseInt(options.getOrDefault("threads", "100"));
    int steps = Integer.parseInt(options.getOrDefault("steps", "5"));
    Duration killAfter =
        Duration.ofMillis(Long.parseLong(options.getOrDefault("kill-after-ms", "2000")));
    Duration timeout = Duration.ofSeconds(Long.parseLong(options.getOrDefault("timeout-s", "180")));
    Duration outage = Duration.ofSeconds(Long.parseLong(options.getOrDefault("outage-s", "60")));
    Path home = Files.createTempDirectory("threadline-chaos-");
    LocalStack stack =
        new LocalStack(
            home,
            StackBuild.from(options),
            StackPorts.free(cluster ? 3 : 1),
            "chaos-" + UUID.randomUUID());
    if (cluster) {
      stack.cluster(3, 2, List.of(FreePorts.range(1)));
    }
    // --set key=value,… : service settings, as for bench (e.g. to try a recovery setting).
    stack.set(options.getOrDefault("set", ""));
    // Rounds measure recovery, not the tenant's quotas and budgets they would reach.
    stack.serviceProperties.addAll(LoadLimits.lifted(options.getOrDefault("set", ""), steps));
    boolean ok;
    try {
      stack.up();
      stack.processes().supervise();
      ok = rounds(stack, targets, threads, steps, killAfter, timeout, outage);
    } finally {
      stack.stop();
      if (options.containsKey("keep-data")) {
        System.out.println("chaos data kept in " + home);
      } else {
        Bench.deleteRecursively(home);
      }
    }
    System.exit(ok ? 0 : 1);
  }

  static boolean rounds(
      LocalStack stack,
      List<String> targets,
      int threads,
      int steps,
      Duration killAfter,
      Duration timeout,
      Duration outage)
      throws Exception {
    Topics topics =
        new Topics(
            stack.topicsConfig(),
            new SerdeFactory(Map.of("schema.registry.url", stack.registryUrl())));
    ChaosCheck check = new ChaosCheck();
    CronCheck crons = new CronCheck();
    List<ChaosRun.Row> rows = new ArrayList<>();
    System.out.printf(
        "%nThreadline chaos: %d threads x %d steps per round, SIGKILL %d ms in, %d cores%n",
        threads, steps, killAfter.toMillis(), Runtime.getRuntime().availableProcessors());
    try (StackEvents events = stack.events(topics);
        ChaosLog log =
            new ChaosLog(stack.bootstrap(), topics, check, crons, events.deserializer())) {
      ChaosRun run = new ChaosRun(stack, check, log, outage);
      for (String target : targets) {
        if (target.equals(ChaosCrons.CRONS)) {
          System.out.println("round: " + target);
          String round = "chaos-" + UUID.randomUUID().toString().substring(0, 8);
          rows.add(
              new ChaosCrons(stack, run, crons, log).round(round, threads, killAfter, timeout));
          continue;
        }
        if (target.equals(ChaosScale.SCALE)) {
          rows.addAll(new ChaosScale(stack, run).rounds(threads, steps, timeout));
          continue;
        }
        System.out.println("round: " + target);
        rows.add(
            run.run(
                "chaos-" + UUID.randomUUID().toString().substring(0, 8),
                target,
                threads,
                steps,
                killAfter,
                timeout));
      }
    }
    System.out.println();
    System.out.println(
        "| killed | threads finished | lost / duplicated | run took | longest stall"
            + " | done after kill | done after restart | POST retries | dead letters |");
    System.out.println("|---|---|---|---|---|---|---|---|---|");
    boolean ok = true;
    for (ChaosRun.Row row : rows) {
      var v = row.verdict();
      System.out.printf(
          "| %s | %d / %d | %d / %d | %.1f s | %.1f s | %s | %s | %d | %d |%n",
          row.target(),
          v.finished(),
          v.threads(),
          v.lost(),
          v.duplicated(),
          row.took().toMillis() / 1e3,
          row.stall().toMillis() / 1e3,
          seconds(row.doneAfterKill()),
          seconds(row.doneAfterRestart()),
          row.retries(),
          row.deadLetters());
      ok &= row.ok();
      v.problems().stream().limit(5).forEach(p -> System.out.println("  problem: " + p));
    }
    System.out.println(ok ? "chaos: nothing lost, nothing duplicated" : "chaos: FAILED");
    return ok;
  }

  private static String seconds(Duration d) {
    return d == null ? "-" : String.format("%.1f s", d.toMillis() / 1e3);
  }
}
