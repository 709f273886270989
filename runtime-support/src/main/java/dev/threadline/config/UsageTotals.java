package dev.threadline.config;

import dev.threadline.avro.TenantUsage;
import java.time.Instant;

/**
 * A tenant's model usage at a moment, summed over the records the projector publishes per partition
 * ({@code tenant-usage}): a record of an earlier hour or day counts nothing, that window is over.
 *
 * @param hour the clock hour (UTC) the hour's counts are of
 * @param tokens tokens, in and out, the tenant's calls used in it
 * @param calls the tenant's calls answered in it
 * @param day the UTC day {@code microUsd} is of
 * @param microUsd what the calls cost that day, in millionths of a dollar
 */
public record UsageTotals(Instant hour, long tokens, long calls, Instant day, long microUsd) {
  /** Nothing used yet at {@code at}. */
  public static UsageTotals none(Instant at) {
    return new UsageTotals(UsageWindows.hourOf(at), 0, 0, UsageWindows.dayOf(at), 0);
  }

  /** These totals with {@code record} counted where its windows are still these. */
  public UsageTotals plus(TenantUsage record) {
    boolean sameHour = record.getHourStart().equals(hour);
    boolean sameDay = record.getDayStart().equals(day);
    return new UsageTotals(
        hour,
        tokens + (sameHour ? record.getHourTokens() : 0),
        calls + (sameHour ? record.getHourCalls() : 0),
        day,
        microUsd + (sameDay ? record.getDayMicroUsd() : 0));
  }
}
