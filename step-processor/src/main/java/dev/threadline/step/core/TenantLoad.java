package dev.threadline.step.core;

import java.util.function.Supplier;

/**
 * What the shell knows of a thread's tenant beyond the thread, as the projector last counted it
 * over every partition — so the quota and budgets it informs are soft ones, trailing by what is in
 * flight.
 *
 * @param runningThreads the tenant's threads running now (RUNNING or AWAITING_APPROVAL), for {@code
 *     threads.per.tenant}. Idle threads are not counted: what a tenant is held to is what costs
 *     every tenant, running work, not how many conversations it has had
 * @param usage the tenant's model use, read only when a model call is about to be issued (the shell
 *     sums it over every partition: work a step that calls no model need not do)
 */
public record TenantLoad(long runningThreads, Supplier<Usage> usage) {
  /** Nothing known (tests that do not care). */
  public static final TenantLoad NONE = of(0, Usage.NONE);

  /** A load whose usage is known already. */
  public static TenantLoad of(long runningThreads, Usage usage) {
    return new TenantLoad(runningThreads, () -> usage);
  }

  /**
   * @param tokensThisHour tokens the tenant's model calls used in the current clock hour (UTC)
   * @param callsThisHour the tenant's model calls answered in that hour
   * @param microUsdToday what they cost in the current UTC day, in millionths of a dollar
   */
  public record Usage(long tokensThisHour, long callsThisHour, long microUsdToday) {
    public static final Usage NONE = new Usage(0, 0, 0);
  }
}
