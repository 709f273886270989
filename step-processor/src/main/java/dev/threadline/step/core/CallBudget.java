package dev.threadline.step.core;

import java.time.Duration;
import java.time.Instant;

/**
 * What the thread's model calls used in its current budget hour ({@code
 * threadline.budget.model.calls.per.thread.per.hour}, {@code
 * threadline.budget.model.tokens.per.thread.per.hour}): the hour starts with the first call after
 * the last one ended, so a thread that calls rarely is never held, and one that calls without end
 * is held to the budget each hour.
 *
 * @param windowStart when the current hour began; null: no call yet
 * @param calls model calls issued in it (a re-issue repeats a call and is not counted)
 * @param tokens tokens, in and out, its answered calls used
 */
public record CallBudget(Instant windowStart, int calls, long tokens) {
  public static final CallBudget NONE = new CallBudget(null, 0, 0);
  public static final Duration WINDOW = Duration.ofHours(1);

  /** The hour that holds {@code now}: this one, or a new one starting now. */
  public CallBudget at(Instant now) {
    return windowStart == null || !now.isBefore(windowEnd()) ? new CallBudget(now, 0, 0) : this;
  }

  /** One more call at {@code now}. */
  public CallBudget counted(Instant now) {
    CallBudget hour = at(now);
    return new CallBudget(hour.windowStart, hour.calls + 1, hour.tokens);
  }

  /** An answer at {@code now} that used {@code used} tokens. */
  public CallBudget used(Instant now, long used) {
    CallBudget hour = at(now);
    return new CallBudget(hour.windowStart, hour.calls, hour.tokens + used);
  }

  /** When this hour ends and the budget is whole again. */
  public Instant windowEnd() {
    return windowStart.plus(WINDOW);
  }
}
