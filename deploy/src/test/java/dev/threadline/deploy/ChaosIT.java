package dev.threadline.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.testkit.ScratchDirs;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A small {@code ./threadline chaos} in CI: the step processor, the tool executor and the broker
 * each killed with SIGKILL while threads run, then the registry down for 15 s while the step
 * processor and the executor restart; then every process killed at once while crons fire. The event
 * log must show every thread finished exactly once, every time of every cron fired once, and
 * nothing dead-lettered. (That the checks can fail is {@link ChaosCheckTest}'s and {@link
 * CronCheckTest}'s job.)
 */
class ChaosIT {
  @Test
  void killingTheStepProcessorTheExecutorOrTheBrokerLosesAndDuplicatesNothing() throws Exception {
    Path tmp = ScratchDirs.create("chaos-it-");
    StackLaunch.Run chaos =
        StackLaunch.launch(
            Chaos.class,
            tmp,
            List.of("--enable-native-access=ALL-UNNAMED"),
            List.of(
                "chaos",
                "--target",
                "step-processor,tool-executor,kafka,registry-outage,crons",
                "--threads",
                "30",
                "--steps",
                "3",
                "--kill-after-ms",
                "1500",
                "--timeout-s",
                "120",
                "--outage-s",
                "15"),
            java.time.Duration.ofSeconds(600));
    String report = chaos.report();
    System.out.println(report.substring(Math.max(0, report.indexOf("| killed"))));

    assertThat(chaos.exitValue()).as(report).isZero();
    for (String target : List.of("step-processor", "tool-executor", "kafka")) {
      assertThat(report).contains("| " + target + " | 30 / 30 | 0 / 0 |");
      assertThat(report).contains(target + " restarted after");
    }
    // The registry down for 15 s while the step processor and the executor restart.
    assertThat(report).contains("| registry-outage | 30 / 30 | 0 / 0 |");
    assertThat(report).contains("registry restarted after 1");
    // A cron per thread firing every 2 s while every process is killed at once.
    assertThat(report).contains("| crons | 30 / 30 | 0 / 0 |");
    assertThat(report).contains("chaos: nothing lost, nothing duplicated");
  }
}
