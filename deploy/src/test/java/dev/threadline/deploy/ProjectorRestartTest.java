package dev.threadline.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the bench reads from a restarted projector's log: only what it logged since then. */
class ProjectorRestartTest {
  @Test
  void theListsMadeSinceTheRestartAreSummed(@TempDir Path dir) throws Exception {
    Path log = dir.resolve("projector.log");
    String before =
        "INFO  EventProjector - task 0_0: thread list of 99 threads made from the summaries in 9"
            + " ms (9 stale entries deleted, 9 put)\n";
    Files.writeString(
        log,
        before
            + "INFO  EventProjector - task 0_0: thread list of 10 threads made from the summaries"
            + " in 3 ms (1 stale entries deleted, 2 put)\n"
            + "INFO  Projector - serving on 8081\n"
            + "INFO  EventProjector - task 0_1: thread list of 7 threads made from the summaries"
            + " in 4 ms (0 stale entries deleted, 7 put)\n");

    ProjectorRestart.Lists lists = ProjectorRestart.read(log, before.length(), 1.5);

    assertThat(lists).isEqualTo(new ProjectorRestart.Lists(2, 17, 7, 1, 9, 1.5));
  }
}
