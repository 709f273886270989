package dev.threadline.step;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class DeadlineIndexTest {
  private static final Instant T0 = Instant.parse("2026-11-22T08:00:00Z");
  private final DeadlineIndex index = new DeadlineIndex();

  @Test
  void takesWhatIsDueOldestFirstUpToTheLimitAndLeavesTheRest() {
    index.set("t-late", "r-3", T0.plusSeconds(30));
    index.set("t-b", "r-2", T0.plusSeconds(2));
    index.set("t-a", "r-1", T0.plusSeconds(1));

    assertThat(index.takeDue(T0.plusSeconds(5), 1))
        .containsExactly(new DeadlineIndex.Due("t-a", "r-1"));
    assertThat(index.takeDue(T0.plusSeconds(5), 10))
        .containsExactly(new DeadlineIndex.Due("t-b", "r-2"));
    assertThat(index.takeDue(T0.plusSeconds(5), 10)).isEmpty();
    assertThat(index.size()).isEqualTo(1);
  }

  @Test
  void aDeadlineIsDueAtItsOwnMillisecondAndAClearedOneNever() {
    index.set("t-a", "r-1", T0);
    index.set("t-b", "r-2", T0);
    index.clear("t-b", "r-2", T0);

    assertThat(index.takeDue(T0.minusMillis(1), 10)).isEmpty();
    assertThat(index.takeDue(T0, 10)).containsExactly(new DeadlineIndex.Due("t-a", "r-1"));
  }
}
