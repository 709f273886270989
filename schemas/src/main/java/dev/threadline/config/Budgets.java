package dev.threadline.config;

import java.util.Map;

/**
 * What a thread may spend of what every tenant pays for — model calls on the operator's account —
 * from {@code threadline.budget.*} keys, read by the ingest (to refuse a definition that asks for
 * more) and the step processor (to hold every thread to them, whatever its definition says).
 *
 * @param sessionTurns the most turns a session may have: caps an agent's {@code
 *     stop.maxSessionTurns} ({@code threadline.budget.session.turns})
 * @param modelCallsPerThreadPerHour model calls one thread may issue in an hour, counted from its
 *     first call in the hour; past it the call waits for the next hour ({@code
 *     threadline.budget.model.calls.per.thread.per.hour})
 */
public record Budgets(int sessionTurns, int modelCallsPerThreadPerHour) {
  public static final String SESSION_TURNS = "threadline.budget.session.turns";
  public static final String MODEL_CALLS_PER_THREAD =
      "threadline.budget.model.calls.per.thread.per.hour";

  public Budgets {
    if (sessionTurns < 1 || modelCallsPerThreadPerHour < 1) {
      throw new IllegalArgumentException(
          SESSION_TURNS + " and " + MODEL_CALLS_PER_THREAD + " must be 1 or more");
    }
  }

  public static Budgets defaults() {
    return new Budgets(1_000, 1_000);
  }

  public static Budgets from(Map<String, ?> settings) {
    Budgets d = defaults();
    return new Budgets(
        (int) Settings.longOf(settings, SESSION_TURNS, d.sessionTurns),
        (int) Settings.longOf(settings, MODEL_CALLS_PER_THREAD, d.modelCallsPerThreadPerHour));
  }

  /**
   * The turns a session whose agent declares {@code declared} ({@code maxSessionTurns}) may have;
   * null when it declares none (a conversation goes on as long as it is talked to; what it spends
   * an hour is bounded by {@link #modelCallsPerThreadPerHour}).
   */
  public Integer sessionTurns(Integer declared) {
    return declared == null ? null : Math.min(declared, sessionTurns);
  }
}
