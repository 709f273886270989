package dev.threadline.step;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.api.Test;

/** Store keys sort numerically because numbers are zero-padded: the padding is the contract. */
class KeysTest {

  @Test
  void messageKeysOfAThreadSortBySequenceAndStayInsideItsRange() {
    String ninth = Keys.message("t-1", 9);
    String tenth = Keys.message("t-1", 10);

    assertThat(ninth).isLessThan(tenth);
    assertThat(tenth).isLessThan(Keys.message("t-1", Long.MAX_VALUE));
    String otherThread = Keys.message("t-10", 0);
    assertThat(
            otherThread.compareTo(Keys.message("t-1", 0)) < 0
                || otherThread.compareTo(Keys.message("t-1", Long.MAX_VALUE)) > 0)
        .as("%s is outside the range of t-1", otherThread)
        .isTrue();
  }

  @Test
  void timersSortByTimeAndAreCoveredByTheirUpperBound() {
    Instant at = Instant.parse("2026-11-22T08:00:00Z");

    String due = Keys.timer(at, "t-1", "e-1");

    assertThat(due).isLessThan(Keys.timer(at.plusMillis(1), "t-0", "e-0"));
    assertThat(due).isLessThanOrEqualTo(Keys.timersUntil(at));
    assertThat(due).isGreaterThan(Keys.timersUntil(at.minusMillis(1)));
    assertThat(due).isGreaterThanOrEqualTo(Keys.TIMERS_START);
  }
}
