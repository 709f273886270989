package dev.threadline.deploy;

import java.util.List;

/**
 * The measured run in each executor mode, side by side: acting on requests before their decision
 * commits (speculation on) and only after it (off), on one stack in one sitting — the comparison
 * that says what speculation buys, free of the machine's swings from one hour to the next.
 */
final class ModeComparison {
  private ModeComparison() {}

  /** One measured run and the mode it ran in. */
  record Run(boolean speculate, RunReport report, RunMeasurement.Figures figures) {
    double cpuMsPerStep() {
      return ProcessStats.total(figures.cpuByProcess()) * 1000 / report.steps();
    }

    double cpuMsPerStepWithoutJit() {
      return cpuMsPerStep() - ProcessStats.total(figures.jitByProcess()) * 1000 / report.steps();
    }
  }

  static String describe(boolean speculate) {
    return speculate
        ? "speculation on (executors act on requests before their decision commits)"
        : "speculation off (executors act on requests once their decision has committed)";
  }

  /** One line per figure, on against off; nothing when only one mode was measured. */
  static void print(List<Run> runs) {
    if (runs.size() < 2) {
      return;
    }
    Run on = runs.stream().filter(Run::speculate).findFirst().orElseThrow();
    Run off = runs.stream().filter(r -> !r.speculate()).findFirst().orElseThrow();
    System.out.println();
    System.out.println("| figure | speculation on | speculation off | on / off |");
    System.out.println("|---|---|---|---|");
    row(
        "step overhead p50 ms",
        on.report().stepOverhead().p50(),
        off.report().stepOverhead().p50());
    row(
        "step overhead p99 ms",
        on.report().stepOverhead().p99(),
        off.report().stepOverhead().p99());
    row("sustained steps/s", on.report().stepsPerSecond(), off.report().stepsPerSecond());
    row("CPU ms per step", on.cpuMsPerStep(), off.cpuMsPerStep());
    row("CPU ms per step, JIT excluded", on.cpuMsPerStepWithoutJit(), off.cpuMsPerStepWithoutJit());
  }

  private static void row(String figure, double on, double off) {
    System.out.printf(
        "| %s | %s | %s | %s |%n",
        figure, format(on), format(off), off == 0 ? "-" : String.format("%.2f", on / off));
  }

  private static String format(double value) {
    return value >= 100 || value == Math.rint(value)
        ? String.format("%.0f", value)
        : String.format("%.2f", value);
  }
}
