package dev.threadline.projector.view;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.config.Budgets;
import dev.threadline.config.UsageTotals;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class UsageAnswerTest {
  private static final UsageTotals USED =
      new UsageTotals(
          Instant.parse("2026-11-22T10:00:00Z"),
          1_500,
          3,
          Instant.parse("2026-11-22T00:00:00Z"),
          2_500_000);

  @Test
  void theUseIsShownBesideTheBudgetsInDollars() {
    UsageAnswer answer =
        UsageAnswer.of(
            USED, Budgets.defaults().withSpendPerTenant(25_500_000).withCallsPerTenant(10));

    assertThat(answer.tokensThisHour()).isEqualTo(1_500);
    assertThat(answer.callsThisHour()).isEqualTo(3);
    assertThat(answer.costUsdToday()).isEqualTo(2.5);
    assertThat(answer.callsPerHour()).isEqualTo(10);
    assertThat(answer.spendUsdPerDay()).isEqualTo(25.5);
    assertThat(answer.hour()).isEqualTo("2026-11-22T10:00:00Z");
  }

  @Test
  void withoutASpendBudgetItsLimitIsNull() {
    assertThat(UsageAnswer.of(USED, Budgets.defaults()).spendUsdPerDay()).isNull();
  }
}
