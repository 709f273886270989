package dev.threadline.executor.model;

import java.time.Duration;

/**
 * A provider's {@code retry-after} header, in whole seconds, as the pause before a retry: at most
 * {@link #MAX}, since a longer one is the provider's quota speaking, not a pause; an HTTP date is
 * left to the step processor's own backoff.
 */
final class RetryAfter {
  static final Duration MAX = Duration.ofMinutes(2);

  private RetryAfter() {}

  /** The pause {@code values} (the header's values) ask for, or null. */
  static Duration of(Iterable<String> values) {
    for (String value : values) {
      try {
        long seconds = Long.parseLong(value.trim());
        if (seconds > 0) {
          return Duration.ofSeconds(Math.min(seconds, MAX.toSeconds()));
        }
      } catch (NumberFormatException httpDate) {
        // Left to the backoff.
      }
    }
    return null;
  }
}
