package dev.threadline.step;

import dev.threadline.avro.ThreadStatus;
import dev.threadline.avro.store.ChildEntry;
import dev.threadline.avro.store.ThreadStateValue;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Map;

/**
 * The operator's idle-thread expiry: a root thread that has taken no input for {@code after}
 * ({@code threadline.threads.idle.expiry}, an ISO-8601 duration such as {@code P30D}; unset: never)
 * and waits for nothing is deleted, its children with it, as a {@code DELETE} would — so a tenant
 * at its stored-threads quota gets room back without deleting by hand.
 *
 * <p>"Waits for nothing": not deleted, no call pending, nothing queued or deferred, no scheduled
 * effect, no child running. A child thread goes with its root, never alone, so a parent that is
 * still used never finds a resumable child gone.
 *
 * @param after how long a thread may stay idle; null: threads never expire
 * @param sweepEvery how often a task looks through its next {@link IdleSweep#BATCH} threads ({@code
 *     threadline.threads.idle.sweep.ms}, default 10,000)
 */
record IdleExpiry(Duration after, Duration sweepEvery) {
  static final String SETTING = "threadline.threads.idle.expiry";

  static final IdleExpiry NEVER = new IdleExpiry(null, Duration.ofSeconds(10));

  static IdleExpiry from(Map<String, ?> settings) {
    Object value = settings.get(SETTING);
    Duration sweepEvery =
        Duration.ofMillis(
            dev.threadline.config.SettingValues.longOf(
                settings, "threadline.threads.idle.sweep.ms", 10_000));
    if (value == null || value.toString().isBlank()) {
      return new IdleExpiry(null, sweepEvery);
    }
    Duration after;
    try {
      after = Duration.parse(value.toString().trim());
    } catch (DateTimeParseException e) {
      throw new IllegalArgumentException(
          SETTING + " is an ISO-8601 duration such as P30D or PT12H, not '" + value + "'", e);
    }
    if (after.isNegative() || after.isZero()) {
      throw new IllegalArgumentException(SETTING + " must be longer than zero, not " + value);
    }
    return new IdleExpiry(after, sweepEvery);
  }

  boolean enabled() {
    return after != null;
  }

  /** Whether the thread of {@code value} has been idle past {@link #after} at {@code now}. */
  boolean expired(ThreadStateValue value, boolean hasTimers, Instant now) {
    Instant lastActive = value.getLastActiveAt();
    return enabled()
        && lastActive != null
        && !lastActive.plus(after).isAfter(now)
        && value.getDeletedAt() == null
        && value.getParent() == null
        && value.getStatus() != ThreadStatus.RUNNING
        && value.getStatus() != ThreadStatus.AWAITING_APPROVAL
        && value.getPending() == null
        && value.getQueued().isEmpty()
        && value.getQueue().isEmpty()
        && value.getDeferred().isEmpty()
        && value.getChildren().stream().noneMatch(IdleExpiry::running)
        && !hasTimers;
  }

  /** What the thread's deletion event says. */
  String reason() {
    return "idle for " + after + " (" + SETTING + ")";
  }

  private static boolean running(ChildEntry child) {
    return "running".equals(child.getStatus());
  }
}
