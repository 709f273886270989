package dev.threadline.config;

import java.time.Duration;

/**
 * How long to wait before trying again after an outage (the schema registry out of reach): 1 s,
 * doubling to at most 30 s while the outage goes on; after a quiet minute it starts from 1 s again.
 * A thread replaced at once would fail at once, over and over, and — under exactly-once — restore
 * its state each time.
 */
public final class OutageBackoff {
  static final Duration FIRST = Duration.ofSeconds(1);
  static final Duration MAX = Duration.ofSeconds(30);
  static final Duration QUIET = Duration.ofMinutes(1);

  private Duration next = FIRST;
  private long lastNanos = Long.MIN_VALUE;

  /** The pause before the next try, for a failure at {@code nowNanos} (System.nanoTime()). */
  public synchronized Duration pause(long nowNanos) {
    if (lastNanos != Long.MIN_VALUE && nowNanos - lastNanos > QUIET.toNanos() + next.toNanos()) {
      next = FIRST;
    }
    lastNanos = nowNanos;
    Duration pause = next;
    next = next.multipliedBy(2).compareTo(MAX) > 0 ? MAX : next.multipliedBy(2);
    return pause;
  }
}
