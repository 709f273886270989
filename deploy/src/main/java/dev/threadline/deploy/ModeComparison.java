package dev.threadline.deploy;

import java.util.List;
import java.util.function.ToDoubleFunction;

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

  /**
   * One line per figure: a column per measured run in the order run, and the mean of the runs with
   * speculation on over the mean of those with it off; nothing unless both modes were measured.
   */
  static void print(List<Run> runs) {
    if (runs.stream().allMatch(Run::speculate) || runs.stream().noneMatch(Run::speculate)) {
      return;
    }
    System.out.println();
    StringBuilder header = new StringBuilder("| figure |");
    StringBuilder rule = new StringBuilder("|---|");
    for (Run run : runs) {
      header.append(run.speculate() ? " speculation on |" : " speculation off |");
      rule.append("---|");
    }
    System.out.println(header.append(" on / off |"));
    System.out.println(rule.append("---|"));
    row(runs, "step overhead p50 ms", r -> r.report().stepOverhead().p50());
    row(runs, "step overhead p99 ms", r -> r.report().stepOverhead().p99());
    row(runs, "sustained steps/s", r -> r.report().stepsPerSecond());
    row(runs, "CPU ms per step", Run::cpuMsPerStep);
    row(runs, "CPU ms per step, JIT excluded", Run::cpuMsPerStepWithoutJit);
  }

  private static void row(List<Run> runs, String figure, ToDoubleFunction<Run> value) {
    StringBuilder line = new StringBuilder("| " + figure + " |");
    runs.forEach(run -> line.append(' ').append(format(value.applyAsDouble(run))).append(" |"));
    double on = mean(runs, true, value);
    double off = mean(runs, false, value);
    line.append(off == 0 ? " - |" : String.format(" %.2f |", on / off));
    System.out.println(line);
  }

  private static double mean(List<Run> runs, boolean speculate, ToDoubleFunction<Run> value) {
    return runs.stream()
        .filter(run -> run.speculate() == speculate)
        .mapToDouble(value)
        .average()
        .orElse(0);
  }

  private static String format(double value) {
    return value >= 100 || value == Math.rint(value)
        ? String.format("%.0f", value)
        : String.format("%.2f", value);
  }
}
