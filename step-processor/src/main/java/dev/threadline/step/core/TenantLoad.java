package dev.threadline.step.core;

/**
 * What the shell knows of a thread's tenant beyond the thread: how many of its threads are running
 * now (RUNNING or AWAITING_APPROVAL), as the projector last counted them over every partition — so
 * the quota it informs ({@code threads.per.tenant}) is a soft one. Idle threads are not counted:
 * what a tenant is held to is what costs every tenant, running work, not how many conversations it
 * has had.
 */
public record TenantLoad(long runningThreads) {
  /** Nothing known (inputs that cannot start a turn, tests that do not care). */
  public static final TenantLoad NONE = new TenantLoad(0);
}
