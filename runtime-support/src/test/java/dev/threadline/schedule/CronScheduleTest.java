package dev.threadline.schedule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class CronScheduleTest {
  private static final Instant NOW = Instant.parse("2026-12-07T06:29:40.500Z");

  @Test
  void aFiveFieldExpressionIsUnixCronInUtcByDefault() {
    assertThat(CronSchedule.parse("*/5 * * * *", null).nextAfter(NOW))
        .contains(Instant.parse("2026-12-07T06:30:00Z"));
    assertThat(CronSchedule.parse("0 9 * * 1-5", "UTC").nextAfter(NOW))
        .contains(Instant.parse("2026-12-07T09:00:00Z"));
  }

  @Test
  void aSixFieldExpressionHasSecondsLastAsLangGraphsCroniterReadsIt() {
    assertThat(CronSchedule.parse("* * * * * */5", null).nextAfter(NOW))
        .contains(Instant.parse("2026-12-07T06:29:45Z"));
    assertThat(CronSchedule.parse("0 9 * * 1-5 30", null).nextAfter(NOW))
        .contains(Instant.parse("2026-12-07T09:00:30Z"));
  }

  @Test
  void noTimezoneIsUtcByItsName() {
    assertThat(CronSchedule.parse("@hourly", null).zone().getId()).isEqualTo("UTC");
  }

  @Test
  void theTimesAreTheTimezonesWallClock() {
    assertThat(CronSchedule.parse("0 9 * * *", "Europe/Berlin").nextAfter(NOW))
        .contains(Instant.parse("2026-12-07T08:00:00Z"));
  }

  @Test
  void nicknamesNameTheirExpressions() {
    assertThat(CronSchedule.parse("@hourly", null).nextAfter(NOW))
        .contains(Instant.parse("2026-12-07T07:00:00Z"));
    assertThat(CronSchedule.parse("@daily", null).nextAfter(NOW))
        .contains(Instant.parse("2026-12-08T00:00:00Z"));
  }

  @Test
  void theNextTimeIsStrictlyAfterTheInstantGiven() {
    Instant due = Instant.parse("2026-12-07T06:30:00Z");
    assertThat(CronSchedule.parse("*/5 * * * *", null).nextAfter(due))
        .contains(Instant.parse("2026-12-07T06:35:00Z"));
  }

  @Test
  void aScheduleThatNeverFiresHasNoNextTime() {
    assertThat(CronSchedule.parse("0 0 30 2 *", null).nextAfter(NOW)).isEmpty();
  }

  @Test
  void aMalformedScheduleOrTimezoneIsRefusedNamingWhatIsWrong() {
    assertThatThrownBy(() -> CronSchedule.parse("61 * * * *", null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("61");
    assertThatThrownBy(() -> CronSchedule.parse("* * *", null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("5 fields");
    assertThatThrownBy(() -> CronSchedule.parse("", null))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> CronSchedule.parse("@often", null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("@often");
    assertThatThrownBy(() -> CronSchedule.parse("* * * * *", "Mars/Olympus"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("Mars/Olympus");
    assertThatThrownBy(() -> CronSchedule.parse("x".repeat(300), null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("256");
  }
}
