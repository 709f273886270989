package dev.threadline.deploy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;

/**
 * Prints where each process's CPU went in the measured run: its CPU milliseconds per step, then its
 * hottest packages and frames by self time, each as milliseconds per step (its share of the
 * profile's samples times the process's CPU per step).
 */
final class ProfileTable {
  private static final int PACKAGES = 8;
  private static final int FRAMES = 6;

  private ProfileTable() {}

  static void print(AsyncProfiles profiles, RunMeasurement.Figures figures, long steps) {
    System.out.println("where each process's CPU went (async-profiler, CPU ms per step):");
    for (Map.Entry<String, Double> process : figures.cpuByProcess().entrySet()) {
      ProfileSummary summary;
      try {
        summary = ProfileSummary.of(profiles.collapsed(process.getKey()));
      } catch (java.nio.file.NoSuchFileException e) {
        System.out.printf("  %s: no profile written%n", process.getKey());
        continue;
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      double perStep = process.getValue() * 1000 / steps;
      System.out.printf(
          "  %s: %.3f ms per step, %d samples%n", process.getKey(), perStep, summary.samples());
      line("packages", summary, summary.packages(), perStep, PACKAGES);
      line("frames", summary, summary.frames(), perStep, FRAMES);
    }
  }

  private static void line(
      String what, ProfileSummary summary, Map<String, Long> counts, double perStep, int limit) {
    StringBuilder out = new StringBuilder("    " + what + ":");
    counts.entrySet().stream()
        .limit(limit)
        .forEach(
            e ->
                out.append(
                    String.format(
                        " %s %.3f (%.0f%%);",
                        e.getKey(),
                        perStep * summary.share(e.getValue()),
                        100 * summary.share(e.getValue()))));
    System.out.println(out);
  }
}
