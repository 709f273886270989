package dev.threadline.config;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.avro.TenantUsage;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class UsageTotalsTest {
  private static final Instant AT = Instant.parse("2026-11-22T10:30:00Z");
  private static final Instant HOUR = Instant.parse("2026-11-22T10:00:00Z");
  private static final Instant DAY = Instant.parse("2026-11-22T00:00:00Z");

  @Test
  void thePartitionsCountsOfTheCurrentWindowsAddUpAndAnEarlierWindowCountsNothing() {
    UsageTotals totals =
        UsageTotals.none(AT)
            .plus(new TenantUsage("acme", 0, HOUR, 100L, 2L, DAY, 5_000L, AT))
            .plus(new TenantUsage("acme", 1, HOUR, 50L, 1L, DAY, 1_000L, AT))
            .plus(new TenantUsage("acme", 2, HOUR.minusSeconds(3600), 9_999L, 9L, DAY, 7L, AT))
            .plus(
                new TenantUsage(
                    "acme",
                    3,
                    HOUR.minusSeconds(86_400),
                    1L,
                    1L,
                    DAY.minusSeconds(86_400),
                    1L,
                    AT));

    assertThat(totals).isEqualTo(new UsageTotals(HOUR, 150, 3, DAY, 6_007));
  }
}
