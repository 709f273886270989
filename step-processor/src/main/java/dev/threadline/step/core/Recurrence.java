package dev.threadline.step.core;

import dev.threadline.schedule.CronSchedule;
import java.time.Instant;
import java.util.Optional;

/**
 * The cron schedule a scheduled effect recurs on ({@link CronSchedule}): after each firing the
 * effect is set again for the schedule's next time, until {@code until} (null: no end). {@code
 * detailsJson} is what the API that scheduled it keeps with it for its readers; the machine only
 * carries it.
 */
public record Recurrence(String cron, String timezone, Instant until, String detailsJson) {
  /** The most characters {@code detailsJson} may hold: it travels in every record of the effect. */
  public static final int MAX_DETAILS = CronSchedule.MAX_DETAILS;

  /** Why this recurrence cannot be scheduled, or null. */
  public String refusal() {
    if (detailsJson != null && detailsJson.length() > MAX_DETAILS) {
      return "a recurrence's details are at most " + MAX_DETAILS + " characters";
    }
    try {
      CronSchedule.parse(cron, timezone);
      return null;
    } catch (IllegalArgumentException e) {
      return e.getMessage();
    }
  }

  /** Its next firing strictly after {@code after}; empty once the schedule has ended. */
  public Optional<Instant> nextAfter(Instant after) {
    return CronSchedule.parse(cron, timezone)
        .nextAfter(after)
        .filter(next -> until == null || !next.isAfter(until));
  }
}
