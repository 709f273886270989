package dev.threadline.executor.consume;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class PollPacingTest {
  private static final long MS = 1_000_000;
  private final PollPacing pacing = new PollPacing(16, Duration.ofMillis(10));

  @Test
  void aPollWithFewerRequestsThanBusyPollsAgainAtOnce() {
    assertThat(pacing.waitNanos(15, 1 * MS)).isZero();
    assertThat(pacing.waitNanos(0, 0)).isZero();
  }

  @Test
  void aBusyPollWaitsUntilTheGapAfterItBeganHasPassed() {
    assertThat(pacing.waitNanos(16, 4 * MS)).isEqualTo(6 * MS);
    assertThat(pacing.waitNanos(200, 0)).isEqualTo(10 * MS);
  }

  @Test
  void aBusyPollThatTookLongerThanTheGapPollsAgainAtOnce() {
    assertThat(pacing.waitNanos(16, 12 * MS)).isZero();
  }

  @Test
  void noPacingNeverWaits() {
    assertThat(PollPacing.NONE.waitNanos(10_000, 0)).isZero();
  }
}
