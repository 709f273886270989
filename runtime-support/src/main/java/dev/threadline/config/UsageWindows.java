package dev.threadline.config;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * The windows a tenant's budgets are counted in: clock hours and days of UTC, the same on every
 * partition, so the projector's per-partition sums add up and the step processor knows when a spent
 * budget is whole again.
 */
public final class UsageWindows {
  private UsageWindows() {}

  /** The start of the clock hour that holds {@code at}. */
  public static Instant hourOf(Instant at) {
    return at.truncatedTo(ChronoUnit.HOURS);
  }

  /** The start of the UTC day that holds {@code at}. */
  public static Instant dayOf(Instant at) {
    return at.truncatedTo(ChronoUnit.DAYS);
  }

  /** When the clock hour that holds {@code at} ends. */
  public static Instant hourEnd(Instant at) {
    return hourOf(at).plus(Duration.ofHours(1));
  }

  /** When the UTC day that holds {@code at} ends. */
  public static Instant dayEnd(Instant at) {
    return dayOf(at).plus(Duration.ofDays(1));
  }
}
