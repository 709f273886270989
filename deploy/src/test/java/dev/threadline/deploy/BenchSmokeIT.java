package dev.threadline.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.testkit.ScratchDirs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * A seconds-long run of {@code ./threadline bench} (20 threads x 3 steps, its own stack), so the
 * benchmark keeps working: it must finish, print every figure with plausible values, and delete its
 * data.
 */
class BenchSmokeIT {

  @Test
  void aSmallBenchRunPrintsEveryFigure() throws Exception {
    // The bench's own temp directory, to check it leaves no data behind.
    Path tmp = ScratchDirs.create("bench-smoke-");
    StackLaunch.Run bench =
        StackLaunch.launch(
            Bench.class,
            tmp,
            List.of(),
            List.of(
                "bench",
                "--threads",
                "20",
                "--steps",
                "3",
                "--idle",
                "50",
                "--warmup-threads",
                "20",
                "--warmup-rounds",
                "1",
                // Two measured rounds, one after the other, counted and timed as one run.
                "--rounds",
                "2",
                // The broker stamps append times: every leg is split at the broker.
                "--set",
                "broker.log.message.timestamp.type=LogAppendTime",
                // The floor's default 20,000-hop warm-up would be most of this test's time;
                // a few hundred hops still runs the warm-up round.
                "--floor-warmup-hops",
                "300"),
            java.time.Duration.ofSeconds(300));
    String report = bench.report();
    assertThat(bench.exitValue()).as(report).isZero();
    assertThat(figure(report, "\\| steps \\| (\\d+) \\| "))
        .as("two rounds of 20 threads x 3 model calls")
        .isEqualTo(120);
    assertThat(figure(report, "\\| steps \\| \\d+ \\| (\\d+)"))
        .as("the floor, as many")
        .isEqualTo(120);
    assertThat(figure(report, "\\| sustained steps/s \\| (\\d+)")).isPositive();
    assertThat(figure(report, "\\| step overhead p50 ms \\| (\\d+)")).isPositive();
    assertThat(figure(report, "\\| step overhead p50 ms \\| \\d+ \\| (\\d+)")).isPositive();
    // Every step split into its legs, each request answered and decided on; the step
    // processor's transactions read from its JVM.
    long modelLeg = figure(report, "\\| model request: [^|]* p50 / p99 ms \\| (\\d+) / ");
    long toolLeg = figure(report, "\\| tool request: [^|]* p50 / p99 ms \\| (\\d+) / ");
    assertThat(modelLeg + toolLeg).isPositive();
    assertThat(report)
        .containsPattern(
            "\\| requests: decision → appended by the broker, p50 / p99 ms \\| \\d+ / ")
        .containsPattern(
            "\\| requests: appended → executor's answer ready, p50 / p99 ms \\| \\d+ / ")
        .containsPattern(
            "\\| results: answer ready → appended by the broker, p50 / p99 ms \\| \\d+ / ");
    assertThat(figure(report, "step processor transactions during the run: (\\d+)")).isPositive();
    assertThat(report)
        .containsPattern(
            "records per step, by topic \\(transaction markers included\\):.*"
                + " threadline\\.thread-events [0-9.]+ ");
    assertThat(report)
        .contains(
            "warm-up round 1: 20 threads x 3 steps",
            "measured run, speculation on (executors act on requests before their decision"
                + " commits): 2 rounds, one after the other, of 20 threads x 3 steps",
            "CPU ms per step",
            "of which JIT compiler threads",
            "garbage collections during the run, count (ms in all): ",
            "bytes per step",
            "heap after GC",
            "idle threads: 50 created");
    // The projector comes back from both restarts with a thread list in every task.
    assertThat(report)
        .containsPattern(
            "projector stopped and started: all \\d+ tasks running with their thread"
                + " lists after [0-9.]+ s; the lists of \\d+ threads made")
        .containsPattern("projector killed \\(kill -9\\): all \\d+ tasks running");
    assertThat(report).doesNotContain("warm-up round 2");
    // Both executor modes measured on the one stack, the second after a restart and warm-up.
    assertThat(report)
        .contains(
            "measured run, speculation on",
            "restarting the tool executor with -Dthreadline.executor.speculate=false",
            "measured run, speculation off",
            "| figure | speculation on | speculation off | on / off |");
    assertThat(report)
        .containsPattern(
            "\\| CPU ms per step, JIT excluded \\| [0-9.]+ \\| [0-9.]+ \\| [0-9.]+ \\|");
    try (var left = Files.list(tmp)) {
      assertThat(left.map(p -> p.getFileName().toString()))
          .as("broker logs and state directories are deleted after the run")
          .noneMatch(name -> name.startsWith("threadline-bench-"));
    }
  }

  private static long figure(String report, String regex) {
    Matcher m = Pattern.compile(regex).matcher(report);
    assertThat(m.find()).as("no match for " + regex + " in\n" + report).isTrue();
    return Long.parseLong(m.group(1));
  }
}
