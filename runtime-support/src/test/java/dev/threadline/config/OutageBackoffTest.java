package dev.threadline.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class OutageBackoffTest {
  private static final long SECOND = 1_000_000_000L;

  @Test
  void pausesDoubleToAtMostThirtySecondsWhileTheOutageGoesOn() {
    OutageBackoff backoff = new OutageBackoff();
    long now = 0;
    StringBuilder pauses = new StringBuilder();
    for (int i = 0; i < 7; i++) {
      Duration pause = backoff.pause(now);
      pauses.append(pause.toSeconds()).append(' ');
      now += pause.toNanos();
    }
    assertThat(pauses.toString().trim()).isEqualTo("1 2 4 8 16 30 30");
  }

  @Test
  void aQuietMinuteStartsFromOneSecondAgain() {
    OutageBackoff backoff = new OutageBackoff();
    backoff.pause(0);
    backoff.pause(SECOND);
    assertThat(backoff.pause(3 * SECOND)).isEqualTo(Duration.ofSeconds(4));

    assertThat(backoff.pause(3 * SECOND + 5 * 60 * SECOND)).isEqualTo(Duration.ofSeconds(1));
  }
}
