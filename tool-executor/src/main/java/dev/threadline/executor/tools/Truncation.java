package dev.threadline.executor.tools;

import dev.threadline.config.Utf8;

/** Keeps the head and the tail of long output: both usually carry the signal. */
public final class Truncation {
  private Truncation() {}

  /** {@code text} if it fits in {@code budget} characters, else its two ends around a marker. */
  public static String middle(String text, int budget) {
    if (text == null || text.length() <= budget) {
      return text;
    }
    int keep = budget - marker(text.length()).length();
    if (keep <= 0) {
      return text.substring(0, budget);
    }
    int head = keep / 2;
    int tail = keep - head;
    return text.substring(0, head)
        + marker(text.length() - keep)
        + text.substring(text.length() - tail);
  }

  private static String marker(int removed) {
    return "\n…[truncated " + removed + " characters]…\n";
  }

  /** {@code text} if it fits in {@code maxBytes} of UTF-8, else its two ends around a marker. */
  public static String middleBytes(String text, long maxBytes) {
    long bytes = Utf8.length(text);
    if (text == null || bytes <= maxBytes) {
      return text;
    }
    String marker = "\n…[truncated to fit " + maxBytes + " bytes of " + bytes + "]…\n";
    long half = Math.max(0, (maxBytes - Utf8.length(marker)) / 2);
    return Utf8.head(text, half) + marker + Utf8.tail(text, half);
  }
}
