package dev.threadline.schedule;

import com.cronutils.model.Cron;
import com.cronutils.model.definition.CronDefinition;
import com.cronutils.model.definition.CronDefinitionBuilder;
import com.cronutils.model.time.ExecutionTime;
import com.cronutils.parser.CronParser;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.ZoneId;
import java.util.Map;
import java.util.Optional;

/**
 * A recurring effect's schedule: a cron expression read as LangGraph's crons read theirs (croniter)
 * — five fields, minute to day of week, or six with the seconds last; {@code @hourly}, {@code
 * \@daily} and the other nicknames — at the wall clock of a timezone (UTC unless named). Parsed by
 * cron-utils, the maintained Java library for it, with UNIX cron's fields and ranges.
 */
public final class CronSchedule {
  /** The longest expression accepted: a schedule travels in every record of its effect. */
  public static final int MAX_LENGTH = 256;

  /**
   * The most characters of JSON a recurring effect carries for its readers (its {@code
   * detailsJson}): it travels in every record of the effect too.
   */
  public static final int MAX_DETAILS = 16_384;

  private static final Map<String, String> NICKNAMES =
      Map.of(
          "@yearly", "0 0 1 1 *",
          "@annually", "0 0 1 1 *",
          "@monthly", "0 0 1 * *",
          "@weekly", "0 0 * * 0",
          "@daily", "0 0 * * *",
          "@midnight", "0 0 * * *",
          "@hourly", "0 * * * *");

  private static final CronParser WITH_SECONDS = new CronParser(unixWithSeconds());

  private final String expression;
  private final ZoneId zone;
  private final ExecutionTime times;

  private CronSchedule(String expression, ZoneId zone, Cron cron) {
    this.expression = expression;
    this.zone = zone;
    this.times = ExecutionTime.forCron(cron);
  }

  /**
   * {@code expression} at the wall clock of {@code timezone} (null: UTC); an {@link
   * IllegalArgumentException} saying what is wrong with either.
   */
  public static CronSchedule parse(String expression, String timezone) {
    if (expression == null || expression.isBlank()) {
      throw new IllegalArgumentException("a schedule is a cron expression, and this one is empty");
    }
    if (expression.length() > MAX_LENGTH) {
      throw new IllegalArgumentException(
          "a cron expression is at most " + MAX_LENGTH + " characters");
    }
    String trimmed = expression.strip();
    String fields = trimmed.startsWith("@") ? NICKNAMES.get(trimmed.toLowerCase()) : trimmed;
    if (fields == null) {
      throw new IllegalArgumentException(
          "unknown cron nickname " + trimmed + ": one of " + NICKNAMES.keySet());
    }
    String[] parts = fields.split("\\s+");
    if (parts.length != 5 && parts.length != 6) {
      throw new IllegalArgumentException(
          "a cron expression has 5 fields (minute hour day-of-month month day-of-week) or 6 (the"
              + " seconds last), not "
              + parts.length
              + ": "
              + trimmed);
    }
    // Six fields: croniter's seconds come last; the definition below has them first.
    String secondsFirst =
        parts.length == 6
            ? parts[5] + " " + String.join(" ", java.util.List.of(parts).subList(0, 5))
            : "0 " + fields;
    Cron cron;
    try {
      cron = WITH_SECONDS.parse(secondsFirst).validate();
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "not a cron expression: " + trimmed + ": " + e.getMessage());
    }
    return new CronSchedule(trimmed, zone(timezone), cron);
  }

  private static ZoneId zone(String timezone) {
    if (timezone == null || timezone.isBlank()) {
      return ZoneId.of("UTC");
    }
    try {
      return ZoneId.of(timezone.strip());
    } catch (DateTimeException e) {
      throw new IllegalArgumentException(
          "unknown timezone " + timezone + ": an IANA name such as Europe/Berlin, or UTC");
    }
  }

  /** The schedule's first time strictly after {@code after}; empty when it has none. */
  public Optional<Instant> nextAfter(Instant after) {
    return times.nextExecution(after.atZone(zone)).map(next -> next.toInstant());
  }

  /**
   * The shortest time between two of the schedule's next {@code times} times after {@code after}
   * (the longest there is when it has fewer than two).
   */
  public java.time.Duration shortestGap(Instant after, int times) {
    java.time.Duration shortest = java.time.Duration.ofSeconds(Long.MAX_VALUE);
    Instant previous = nextAfter(after).orElse(null);
    for (int i = 1; i < times && previous != null; i++) {
      Instant next = nextAfter(previous).orElse(null);
      if (next != null && java.time.Duration.between(previous, next).compareTo(shortest) < 0) {
        shortest = java.time.Duration.between(previous, next);
      }
      previous = next;
    }
    return shortest;
  }

  public String expression() {
    return expression;
  }

  public ZoneId zone() {
    return zone;
  }

  /** UNIX cron's fields and ranges (day of week 0–7, 0 and 7 Sunday), with seconds in front. */
  private static CronDefinition unixWithSeconds() {
    return CronDefinitionBuilder.defineCron()
        .withSeconds()
        .withValidRange(0, 59)
        .withStrictRange()
        .and()
        .withMinutes()
        .withValidRange(0, 59)
        .withStrictRange()
        .and()
        .withHours()
        .withValidRange(0, 23)
        .withStrictRange()
        .and()
        .withDayOfMonth()
        .withValidRange(1, 31)
        .withStrictRange()
        .and()
        .withMonth()
        .withValidRange(1, 12)
        .withStrictRange()
        .and()
        .withDayOfWeek()
        .withValidRange(0, 7)
        .withMondayDoWValue(1)
        .withIntMapping(7, 0)
        .withStrictRange()
        .and()
        .matchDayOfWeekAndDayOfMonth()
        .instance();
  }
}
