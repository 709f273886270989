package dev.threadline.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class BudgetsTest {
  @Test
  void aTenantsSpendBudgetIsSetInDollarsAndKeptInMillionthsOfOne() {
    Budgets budgets = Budgets.from(Map.of(Budgets.SPEND_PER_TENANT, "25.50"));

    assertThat(budgets.microUsdPerTenantPerDay()).isEqualTo(25_500_000);
  }

  @Test
  void withoutASpendSettingThereIsNoSpendBudgetButTheTokenBudgetsHoldByDefault() {
    Budgets budgets = Budgets.from(Map.of());

    assertThat(budgets.microUsdPerTenantPerDay()).isEqualTo(Long.MAX_VALUE);
    assertThat(budgets.tokensPerThreadPerHour()).isEqualTo(10_000_000);
    assertThat(budgets.tokensPerTenantPerHour()).isEqualTo(100_000_000);
    assertThat(budgets.callsPerTenantPerHour()).isEqualTo(100_000);
  }

  @Test
  void aSpendThatIsNotAnAmountOfDollarsIsRefusedNamingTheSetting() {
    assertThatThrownBy(() -> Budgets.from(Map.of(Budgets.SPEND_PER_TENANT, "lots")))
        .hasMessageContaining(Budgets.SPEND_PER_TENANT);
    assertThatThrownBy(() -> Budgets.from(Map.of(Budgets.SPEND_PER_TENANT, "0.0000001")))
        .hasMessageContaining(Budgets.SPEND_PER_TENANT);
    assertThatThrownBy(() -> Budgets.from(Map.of(Budgets.SPEND_PER_TENANT, "0")))
        .hasMessageContaining(Budgets.SPEND_PER_TENANT);
  }
}
