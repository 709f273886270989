package dev.threadline.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.testkit.ScratchDirs;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A small {@code ./threadline chaos} in CI: the step processor, the tool executor and the broker
 * each killed with SIGKILL while threads run, then the registry down for 15 s while the step
 * processor and the executor restart; the event log must show every thread finished exactly once,
 * and nothing dead-lettered. (That the check can fail is {@link ChaosCheckTest}'s job.)
 */
class ChaosIT {
  @Test
  void killingTheStepProcessorTheExecutorOrTheBrokerLosesAndDuplicatesNothing() throws Exception {
    Path tmp = ScratchDirs.create("chaos-it-");
    List<String> args =
        new java.util.ArrayList<>(
            List.of(
                "chaos",
                "--target",
                "step-processor,tool-executor,kafka,registry-outage",
                "--threads",
                "30",
                "--steps",
                "3",
                "--kill-after-ms",
                "1500",
                "--timeout-s",
                "120",
                "--outage-s",
                "15",
                "--classpath-file",
                StackLaunch.classpathFile(tmp).toString()));
    args.addAll(StackLaunch.jars());
    Process chaos =
        new ProcessBuilder(
                StackLaunch.java(
                    List.of("--enable-native-access=ALL-UNNAMED", "-Djava.io.tmpdir=" + tmp),
                    Chaos.class,
                    args))
            .redirectErrorStream(true)
            .start();
    byte[] out = chaos.getInputStream().readAllBytes();
    assertThat(chaos.waitFor(600, TimeUnit.SECONDS)).isTrue();
    String report = new String(out, StandardCharsets.UTF_8);
    System.out.println(report.substring(Math.max(0, report.indexOf("| killed"))));

    assertThat(chaos.exitValue()).as(report).isZero();
    for (String target : List.of("step-processor", "tool-executor", "kafka")) {
      assertThat(report).contains("| " + target + " | 30 / 30 | 0 / 0 |");
      assertThat(report).contains(target + " restarted after");
    }
    // The registry down for 15 s while the step processor and the executor restart.
    assertThat(report).contains("| registry-outage | 30 / 30 | 0 / 0 |");
    assertThat(report).contains("registry restarted after 1");
    assertThat(report).contains("chaos: nothing lost, nothing duplicated");
  }
}
