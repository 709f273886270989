package dev.threadline.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.testkit.ScratchDirs;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The local stack's processes: one stopped on purpose is neither reported as failed nor revived.
 */
class StackProcessesTest {

  /** A service that only waits to be stopped. */
  public static final class Sleeper {
    public static void main(String[] args) throws InterruptedException {
      Thread.sleep(120_000);
    }
  }

  @Test
  void aProcessStoppedOnPurposeIsNotReportedAsExitedNorStartedAgain() throws Exception {
    Path home = ScratchDirs.create("stack-processes-");
    Files.createDirectories(home.resolve("logs"));
    StackProcesses processes = new StackProcesses(home, "test-key");
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    PrintStream originalErr = System.err;
    System.setErr(new PrintStream(err, true));
    try {
      processes.spawn(
          "sleeper",
          List.of("-cp", System.getProperty("java.class.path"), Sleeper.class.getName()));
      processes.supervise();
      long pid = processes.pids().get("sleeper");
      processes.stop("sleeper");
      // Longer than the supervisor's first pause before it starts a dead process again.
      Thread.sleep(2_500);
      assertThat(processes.pids().get("sleeper")).as("not started again").isEqualTo(pid);
      assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)).isFalse();
      assertThat(err.toString()).doesNotContain("exited with").doesNotContain("restarted");
    } finally {
      System.setErr(originalErr);
      processes.stopAll();
    }
  }
}
