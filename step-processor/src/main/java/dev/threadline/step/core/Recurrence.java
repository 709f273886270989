package dev.threadline.step.core;

import dev.threadline.schedule.CronSchedule;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * The cron schedule a scheduled effect recurs on ({@link CronSchedule}): after each firing the
 * effect is set again for the schedule's next time, until {@code until} (null: no end). {@code
 * detailsJson} is what the API that scheduled it keeps with it for its readers; the machine only
 * carries it. With {@code newThreadEachTime} each firing starts a thread of its own instead of
 * delivering to this one — at most once a minute, as each costs the tenant a thread.
 */
public record Recurrence(
    String cron, String timezone, Instant until, String detailsJson, boolean newThreadEachTime) {
  /** The most characters {@code detailsJson} may hold: it travels in every record of the effect. */
  public static final int MAX_DETAILS = CronSchedule.MAX_DETAILS;

  /** The least time between two firings of a cron that starts a thread each time. */
  public static final Duration MIN_THREAD_INTERVAL = Duration.ofMinutes(1);

  /** A cron delivered to its thread. */
  public Recurrence(String cron, String timezone, Instant until, String detailsJson) {
    this(cron, timezone, until, detailsJson, false);
  }

  /** Why this recurrence cannot be scheduled, or null; {@code at}: now. */
  public String refusal(Instant at) {
    if (detailsJson != null && detailsJson.length() > MAX_DETAILS) {
      return "a recurrence's details are at most " + MAX_DETAILS + " characters";
    }
    CronSchedule schedule;
    try {
      schedule = CronSchedule.parse(cron, timezone);
    } catch (IllegalArgumentException e) {
      return e.getMessage();
    }
    if (newThreadEachTime && schedule.shortestGap(at, 5).compareTo(MIN_THREAD_INTERVAL) < 0) {
      return "a cron that starts a thread each time fires at most once a minute";
    }
    return null;
  }

  /** Its next firing strictly after {@code after}; empty once the schedule has ended. */
  public Optional<Instant> nextAfter(Instant after) {
    return CronSchedule.parse(cron, timezone)
        .nextAfter(after)
        .filter(next -> until == null || !next.isAfter(until));
  }
}
