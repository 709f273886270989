package dev.threadline.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** A child whose owning test JVM died is ended by the next one; a living owner's is left alone. */
class OrphanedChildrenTest {
  @Test
  void aChildWhoseOwnerDiedIsReapedAndOneWhoseOwnerLivesIsNot() throws Exception {
    Process gone = new ProcessBuilder("true").start();
    gone.waitFor(30, TimeUnit.SECONDS);
    Process orphan = marked(gone.pid());
    Process owned = marked(ProcessHandle.current().pid());
    try {
      assertThat(OrphanedChildren.reap()).isGreaterThanOrEqualTo(1);
      assertThat(orphan.waitFor(30, TimeUnit.SECONDS)).as("the orphan was ended").isTrue();
      assertThat(owned.isAlive()).as("a child of a living JVM runs on").isTrue();
    } finally {
      orphan.destroyForcibly();
      owned.destroyForcibly();
    }
  }

  @Test
  void theOwnerIsReadFromTheCommandLine() {
    assertThat(OrphanedChildren.owner(List.of("-Xmx1m", "-D" + OrphanedChildren.OWNER + "=42")))
        .contains(42L);
    assertThat(OrphanedChildren.owner(List.of("-Xmx1m"))).isEmpty();
  }

  /** A shell that sleeps, its command line marked as owned by {@code owner}. */
  private static Process marked(long owner) throws Exception {
    return new ProcessBuilder("sh", "-c", "sleep 60", "-D" + OrphanedChildren.OWNER + "=" + owner)
        .start();
  }
}
