package dev.threadline.deploy;

/**
 * The bench's output: the run beside the two-hop exactly-once floor as a Markdown table (steps,
 * steps/s, step overhead percentiles, turn latency, a step's legs, CPU, JIT and bytes per step),
 * then CPU by process, the step processor's transactions, the broker's request times, the wall time
 * and what the machine had to give.
 */
final class BenchTable {
  private BenchTable() {}

  static void print(
      RunReport report,
      Floor.Result floor,
      RunMeasurement.Figures run,
      String eventsTopic,
      long kafkaPid,
      long expectedSteps) {
    if (report.steps() != expectedSteps) {
      System.out.printf(
          "WARNING: expected %d steps, the turns completed after %d (a limit ended them early?)%n",
          expectedSteps, report.steps());
    }
    long steps = report.steps();
    System.out.println();
    System.out.println("| figure | Threadline | two-hop EOS floor | ratio |");
    System.out.println("|---|---|---|---|");
    System.out.printf("| steps | %d | %d | |%n", steps, floor.steps());
    System.out.printf(
        "| sustained steps/s | %.0f | %.0f | %.2f |%n",
        report.stepsPerSecond(),
        floor.stepsPerSecond(),
        report.stepsPerSecond() / floor.stepsPerSecond());
    percentiles(report.stepOverhead(), floor.step());
    Percentiles t = report.turn();
    System.out.printf(
        "| turn latency p50 / p99 / max ms | %d / %d / %d | | |%n", t.p50(), t.p99(), t.max());
    legs(report.legs());
    double cpu = ProcessStats.total(run.cpuByProcess());
    double jit = ProcessStats.total(run.jitByProcess());
    System.out.printf("| CPU ms per step (all stack processes) | %.2f | | |%n", cpu * 1000 / steps);
    System.out.printf(
        "| of which JIT compiler threads, ms per step | %.2f | | |%n", jit * 1000 / steps);
    long changelogBytes =
        LogDirs.delta(
            run.bytesBefore(),
            run.bytesAfter(),
            topic -> topic.endsWith("-changelog") && topic.startsWith("threadline-step-processor"));
    long eventBytes =
        LogDirs.delta(run.bytesBefore(), run.bytesAfter(), topic -> topic.equals(eventsTopic));
    long allBytes = LogDirs.delta(run.bytesBefore(), run.bytesAfter(), topic -> true);
    System.out.printf(
        "| bytes per step: state changelogs / event log / all topics | %d / %d / %d | | |%n",
        changelogBytes / steps, eventBytes / steps, allBytes / steps);
    System.out.println();
    StringBuilder byProcess = new StringBuilder("CPU by process during the run:");
    run.cpuByProcess()
        .forEach(
            (name, used) ->
                byProcess.append(
                    String.format(
                        " %s %.2f s (JIT %.2f)", name, used, run.jitByProcess().get(name))));
    System.out.println(byProcess);
    System.out.println(run.collections().describe());
    System.out.println(run.commits().describe(steps));
    System.out.println(Transactions.brokerRequestTimes(kafkaPid));
    System.out.println(run.requests().describe(steps));
    System.out.println(run.records().describe(steps));
    System.out.printf(
        "wall time %.1f s from the first command to the last TurnCompleted%n", run.wallSeconds());
    // How much of the machine the run had: the stack, the load generator (this JVM, which sends
    // the commands and decodes every event to take the figures) and the hypervisor's steal.
    System.out.printf(
        "machine during the run: busy %.2f cores, stolen %.2f cores; the load generator used"
            + " %.1f s (not counted above)%n",
        run.busyCores(), run.stolenCores(), run.loadGeneratorCpu());
  }

  private static void percentiles(Percentiles o, Percentiles f) {
    System.out.printf(
        "| step overhead p50 ms | %d | %d | %s |%n", o.p50(), f.p50(), ratio(o.p50(), f.p50()));
    System.out.printf(
        "| step overhead p90 ms | %d | %d | %s |%n", o.p90(), f.p90(), ratio(o.p90(), f.p90()));
    System.out.printf(
        "| step overhead p99 ms | %d | %d | %s |%n", o.p99(), f.p99(), ratio(o.p99(), f.p99()));
    System.out.printf(
        "| step overhead max ms | %d | %d | %s |%n", o.max(), f.max(), ratio(o.max(), f.max()));
  }

  private static void legs(RunReport.Legs legs) {
    leg("model request: decision → executor's answer ready", legs.modelToExecutor());
    leg("model result: answer ready → decision on it", legs.modelToDecision());
    leg("tool request: decision → executor's answer ready", legs.toolToExecutor());
    leg("tool result: answer ready → decision on it", legs.toolToDecision());
    if (legs.requestToBroker().count() > 0) {
      leg("requests: decision → appended by the broker", legs.requestToBroker());
      leg("requests: appended → executor's answer ready", legs.brokerToAnswer());
    }
    if (legs.resultToBroker().count() > 0) {
      // Only with the broker stamping records (log.message.timestamp.type=LogAppendTime).
      leg("results: answer ready → appended by the broker", legs.resultToBroker());
      leg("results: appended → decision on it", legs.brokerToDecision());
    }
  }

  private static void leg(String leg, Percentiles p) {
    System.out.printf("| %s, p50 / p99 ms | %d / %d | | |%n", leg, p.p50(), p.p99());
  }

  private static String ratio(long ours, long floor) {
    return floor == 0 ? "-" : String.format("%.2f", (double) ours / floor);
  }
}
