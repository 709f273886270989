package dev.threadline.deploy;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.threadline.avro.BudgetReached;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * A bench or chaos round whose threads wait for a budget would otherwise sit until its timeout
 * printing "0 of N turns completed": the first wait stops the round with the setting that holds it.
 */
class BudgetWaitsTest {

  @Test
  void aRoundWithoutBudgetWaitsGoesOn() {
    assertThatCode(new BudgetWaits()::check).doesNotThrowAnyException();
  }

  @Test
  void theFirstBudgetWaitStopsTheRoundNamingTheSettingAndHowToLiftIt() {
    BudgetWaits waits = new BudgetWaits();
    waits.seen(
        "bench-1-7",
        BudgetReached.newBuilder()
            .setRequestId("r-9")
            .setBudget("threadline.budget.model.calls.per.tenant.per.hour")
            .setLimit(100_000)
            .setUsed(100_000)
            .setResumesAt(Instant.parse("2026-11-27T11:00:00Z"))
            .build());
    waits.seen(
        "bench-1-8",
        BudgetReached.newBuilder()
            .setRequestId("r-3")
            .setBudget("threadline.budget.model.tokens.per.thread.per.hour")
            .setLimit(1)
            .setUsed(2)
            .setResumesAt(Instant.parse("2026-11-27T11:00:00Z"))
            .build());
    assertThatThrownBy(waits::check)
        .isInstanceOf(IllegalStateException.class)
        .hasMessage(
            "thread bench-1-7 waits for a budget until 2026-11-27T11:00:00Z:"
                + " threadline.budget.model.calls.per.tenant.per.hour (limit 100000, used 100000);"
                + " raise it with --set threadline.budget.model.calls.per.tenant.per.hour=N");
  }
}
