package dev.threadline.config;

import java.math.BigDecimal;
import java.util.Map;

/**
 * What a thread and a tenant may spend of what every tenant pays for — model calls on the
 * operator's account — from {@code threadline.budget.*} keys, read by the ingest (to refuse a
 * definition that asks for more) and the step processor (to hold every thread to them, whatever its
 * definition says). A step whose model call would pass one waits, announced, until the budget's
 * window ends.
 *
 * @param sessionTurns the most turns a session may have: caps an agent's {@code
 *     stop.maxSessionTurns} ({@code threadline.budget.session.turns})
 * @param modelCallsPerThreadPerHour model calls one thread may issue in an hour, counted from its
 *     first call in the hour ({@code threadline.budget.model.calls.per.thread.per.hour})
 * @param tokensPerThreadPerHour tokens (in and out) one thread's model calls may use in that same
 *     hour ({@code threadline.budget.model.tokens.per.thread.per.hour})
 * @param tokensPerTenantPerHour tokens all of a tenant's threads may use in a clock hour (UTC), as
 *     the projector sums them ({@code threadline.budget.model.tokens.per.tenant.per.hour})
 * @param callsPerTenantPerHour model calls all of a tenant's threads may have answered in a clock
 *     hour ({@code threadline.budget.model.calls.per.tenant.per.hour})
 * @param microUsdPerTenantPerDay what a tenant's model calls may cost in a UTC day, in millionths
 *     of a dollar at the operator's prices; {@link Long#MAX_VALUE}: no spend budget ({@code
 *     threadline.budget.spend.usd.per.tenant.per.day}, set in dollars)
 */
public record Budgets(
    int sessionTurns,
    int modelCallsPerThreadPerHour,
    long tokensPerThreadPerHour,
    long tokensPerTenantPerHour,
    long callsPerTenantPerHour,
    long microUsdPerTenantPerDay) {
  public static final String SESSION_TURNS = "threadline.budget.session.turns";
  public static final String MODEL_CALLS_PER_THREAD =
      "threadline.budget.model.calls.per.thread.per.hour";
  public static final String TOKENS_PER_THREAD =
      "threadline.budget.model.tokens.per.thread.per.hour";
  public static final String TOKENS_PER_TENANT =
      "threadline.budget.model.tokens.per.tenant.per.hour";
  public static final String CALLS_PER_TENANT = "threadline.budget.model.calls.per.tenant.per.hour";
  public static final String SPEND_PER_TENANT = "threadline.budget.spend.usd.per.tenant.per.day";
  private static final BigDecimal MICROS = BigDecimal.valueOf(1_000_000);

  public Budgets {
    if (sessionTurns < 1
        || modelCallsPerThreadPerHour < 1
        || tokensPerThreadPerHour < 1
        || tokensPerTenantPerHour < 1
        || callsPerTenantPerHour < 1
        || microUsdPerTenantPerDay < 1) {
      throw new IllegalArgumentException(
          String.join(
                  ", ", SESSION_TURNS, MODEL_CALLS_PER_THREAD, TOKENS_PER_THREAD, TOKENS_PER_TENANT)
              + " and "
              + CALLS_PER_TENANT
              + " must be 1 or more, and "
              + SPEND_PER_TENANT
              + " more than 0");
    }
  }

  public static Budgets defaults() {
    return new Budgets(1_000, 1_000, 10_000_000, 100_000_000, 100_000, Long.MAX_VALUE);
  }

  /** These budgets, with at most {@code turns} turns a session. */
  public Budgets withSessionTurns(int turns) {
    return new Budgets(
        turns,
        modelCallsPerThreadPerHour,
        tokensPerThreadPerHour,
        tokensPerTenantPerHour,
        callsPerTenantPerHour,
        microUsdPerTenantPerDay);
  }

  /** These budgets, with the per-thread model calls an hour {@code calls}. */
  public Budgets withCallsPerThread(int calls) {
    return new Budgets(
        sessionTurns,
        calls,
        tokensPerThreadPerHour,
        tokensPerTenantPerHour,
        callsPerTenantPerHour,
        microUsdPerTenantPerDay);
  }

  /** These budgets, with the token budgets of a thread and a tenant an hour. */
  public Budgets withTokens(long perThread, long perTenant) {
    return new Budgets(
        sessionTurns,
        modelCallsPerThreadPerHour,
        perThread,
        perTenant,
        callsPerTenantPerHour,
        microUsdPerTenantPerDay);
  }

  /** These budgets, with a tenant's spend a day of {@code microUsd} millionths of a dollar. */
  public Budgets withSpendPerTenant(long microUsd) {
    return new Budgets(
        sessionTurns,
        modelCallsPerThreadPerHour,
        tokensPerThreadPerHour,
        tokensPerTenantPerHour,
        callsPerTenantPerHour,
        microUsd);
  }

  /** These budgets, with a tenant's model calls an hour {@code calls}. */
  public Budgets withCallsPerTenant(long calls) {
    return new Budgets(
        sessionTurns,
        modelCallsPerThreadPerHour,
        tokensPerThreadPerHour,
        tokensPerTenantPerHour,
        calls,
        microUsdPerTenantPerDay);
  }

  public static Budgets from(Map<String, ?> settings) {
    Budgets d = defaults();
    return new Budgets(
        (int) SettingValues.longOf(settings, SESSION_TURNS, d.sessionTurns),
        (int) SettingValues.longOf(settings, MODEL_CALLS_PER_THREAD, d.modelCallsPerThreadPerHour),
        SettingValues.longOf(settings, TOKENS_PER_THREAD, d.tokensPerThreadPerHour),
        SettingValues.longOf(settings, TOKENS_PER_TENANT, d.tokensPerTenantPerHour),
        SettingValues.longOf(settings, CALLS_PER_TENANT, d.callsPerTenantPerHour),
        microUsd(settings.get(SPEND_PER_TENANT)));
  }

  /** Dollars as millionths; unset: no budget. */
  private static long microUsd(Object dollars) {
    if (dollars == null || dollars.toString().isBlank()) {
      return Long.MAX_VALUE;
    }
    try {
      return new BigDecimal(dollars.toString().trim()).multiply(MICROS).longValueExact();
    } catch (ArithmeticException | NumberFormatException e) {
      throw new IllegalArgumentException(
          SPEND_PER_TENANT + " must be an amount of dollars such as 25.50, not '" + dollars + "'");
    }
  }

  /**
   * The turns a session whose agent declares {@code declared} ({@code maxSessionTurns}) may have;
   * null when it declares none (a conversation goes on as long as it is talked to; what it spends
   * an hour is bounded by {@link #modelCallsPerThreadPerHour} and the token budgets).
   */
  public Integer sessionTurns(Integer declared) {
    return declared == null ? null : Math.min(declared, sessionTurns);
  }
}
