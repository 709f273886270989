package dev.threadline.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class TenantRatesTest {
  @Test
  void aTenantPastItsBurstWaitsWhileAnotherTenantGoesOn() {
    TenantRates rates =
        TenantRates.from(Map.of(TenantRates.PER_SECOND, "1", TenantRates.BURST, "2"));

    assertThat(rates.waitSeconds("busy")).isZero();
    assertThat(rates.waitSeconds("busy")).isZero();
    assertThat(rates.waitSeconds("busy")).isPositive();
    assertThat(rates.waitSeconds("quiet")).isZero();
  }

  @Test
  void aTenantsOwnRateReplacesTheDefault() {
    TenantRates rates =
        TenantRates.from(
            Map.of(
                TenantRates.PER_SECOND,
                "1",
                TenantRates.BURST,
                "1",
                "threadline.ratelimit.tenant.big.per.second",
                "100"));

    for (int i = 0; i < 50; i++) {
      assertThat(rates.waitSeconds("big")).isZero();
    }
    assertThat(rates.waitSeconds("small")).isZero();
    assertThat(rates.waitSeconds("small")).isPositive();
  }
}
