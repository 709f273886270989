package dev.threadline.step.core;

import java.time.Duration;
import java.time.Instant;

/**
 * The thread's model calls in its current budget hour ({@code
 * threadline.budget.model.calls.per.thread.per.hour}): the hour starts with the first call after
 * the last one ended, so a thread that calls rarely is never held, and one that calls without end
 * is held to the budget each hour.
 *
 * @param windowStart when the current hour began; null: no call yet
 * @param calls model calls issued in it (a re-issue repeats a call and is not counted)
 */
public record CallBudget(Instant windowStart, int calls) {
  public static final CallBudget NONE = new CallBudget(null, 0);
  public static final Duration WINDOW = Duration.ofHours(1);

  /** The hour that holds {@code now}: this one, or a new one starting now. */
  public CallBudget at(Instant now) {
    return windowStart == null || !now.isBefore(windowEnd()) ? new CallBudget(now, 0) : this;
  }

  /** One more call at {@code now}. */
  public CallBudget counted(Instant now) {
    CallBudget hour = at(now);
    return new CallBudget(hour.windowStart, hour.calls + 1);
  }

  /** When this hour ends and the budget is whole again. */
  public Instant windowEnd() {
    return windowStart.plus(WINDOW);
  }
}
