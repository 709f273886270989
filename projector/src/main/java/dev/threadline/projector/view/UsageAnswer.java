package dev.threadline.projector.view;

import dev.threadline.config.Budgets;
import dev.threadline.config.UsageTotals;

/**
 * {@code GET /v1/usage}: what the caller's tenant used of its model budgets in the current clock
 * hour and UTC day, and the budgets (as this projector is configured with them: set {@code
 * threadline.budget.*} the same for every service).
 *
 * @param spendUsdPerDay null: no spend budget
 */
public record UsageAnswer(
    String hour,
    long tokensThisHour,
    long callsThisHour,
    String day,
    double costUsdToday,
    long tokensPerHour,
    long callsPerHour,
    Double spendUsdPerDay) {
  private static final double MICROS = 1_000_000d;

  public static UsageAnswer of(UsageTotals used, Budgets budgets) {
    return new UsageAnswer(
        used.hour().toString(),
        used.tokens(),
        used.calls(),
        used.day().toString(),
        used.microUsd() / MICROS,
        budgets.tokensPerTenantPerHour(),
        budgets.callsPerTenantPerHour(),
        budgets.microUsdPerTenantPerDay() == Long.MAX_VALUE
            ? null
            : budgets.microUsdPerTenantPerDay() / MICROS);
  }
}
