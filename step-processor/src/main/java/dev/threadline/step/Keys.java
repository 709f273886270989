package dev.threadline.step;

import static dev.threadline.keys.SortableNumbers.pad;

import java.time.Instant;

/**
 * Store key layouts. Thread ids never contain {@code |} (the core rejects such ids), so {@code
 * threadId|} is an exact prefix; numbers are zero-padded so lexicographic order is numeric order.
 */
public final class Keys {
  private Keys() {}

  public static String message(String threadId, long seq) {
    return threadId + "|" + pad(seq);
  }

  public static String queued(String threadId, long seq) {
    return threadId + "|" + pad(seq);
  }

  public static String kv(String threadId, String key) {
    return threadId + "|" + key;
  }

  public static String command(String threadId, String commandId) {
    return threadId + "|" + commandId;
  }

  /** Upper bound of every timer key at or before {@code now}. */
  public static String timersUntil(Instant now) {
    return pad(now.toEpochMilli()) + "|~";
  }

  public static final String TIMERS_START = pad(0) + "|";

  public static String timer(Instant fireAt, String threadId, String effectId) {
    return pad(fireAt.toEpochMilli()) + "|" + threadId + "|" + effectId;
  }

  public static String effect(String threadId, String effectId) {
    return threadId + "|" + effectId;
  }
}
