package dev.threadline.deploy;

import java.time.Duration;
import java.util.List;
import java.util.UUID;

/**
 * The {@code scale} round of {@code ./threadline chaos --cluster}: the same fault-free load, all
 * threads posted at once, first with 2 instances of each service, then with the second instances
 * stopped (the brokers untouched); prints both throughputs and their ratio, then starts the second
 * instances again.
 */
final class ChaosScale {
  static final String SCALE = "scale";
  private static final List<String> SECOND_INSTANCES =
      List.of("step-processor-2", "tool-executor-2", "projector-2");

  private final LocalStack stack;
  private final ChaosRun run;

  ChaosScale(LocalStack stack, ChaosRun run) {
    this.stack = stack;
    this.run = run;
  }

  /** The two rounds, as rows of the table, after printing the ratio. */
  List<ChaosRun.Row> rounds(int threads, int steps, Duration timeout) throws Exception {
    ChaosRun.Row two = measured("none, 2 instances of each", threads, steps, timeout);
    for (String name : SECOND_INSTANCES) {
      stack.processes().holdRestart(name, Duration.ofDays(1));
      stack.processes().stop(name);
    }
    // A stopped static member keeps its partitions until its session times out (15 s); measured
    // before that, the round would time the failover, not one instance of each.
    System.out.println("  second instances stopped; 20 s for their partitions to move");
    Thread.sleep(20_000);
    ChaosRun.Row one;
    try {
      one = measured("none, 1 instance of each", threads, steps, timeout);
    } finally {
      for (String name : SECOND_INSTANCES) {
        stack.processes().release(name);
      }
    }
    double perSecondTwo = threads / (two.took().toMillis() / 1e3);
    double perSecondOne = threads / (one.took().toMillis() / 1e3);
    System.out.printf(
        "  throughput: %.1f threads/s with 2 instances of each, %.1f with 1: ratio %.2f"
            + " (%d cores)%n",
        perSecondTwo,
        perSecondOne,
        perSecondTwo / perSecondOne,
        Runtime.getRuntime().availableProcessors());
    return List.of(two, one);
  }

  private ChaosRun.Row measured(String label, int threads, int steps, Duration timeout)
      throws Exception {
    System.out.println("round: " + label);
    // No kill, and no spreading of the creations: as many threads as the stack can take.
    ChaosRun.Row row =
        run.run(
            "chaos-" + UUID.randomUUID().toString().substring(0, 8),
            "none",
            threads,
            steps,
            Duration.ZERO,
            timeout);
    return row.labelled(label);
  }
}
