package dev.threadline.config;

/** Sizes of text as Kafka stores it: UTF-8 bytes, counted without encoding. */
public final class Utf8 {
  private Utf8() {}

  /**
   * The UTF-8 length of {@code text}; 0 for null. A lone surrogate counts as the '?' Java writes
   * for it.
   */
  public static long length(CharSequence text) {
    if (text == null) {
      return 0;
    }
    long bytes = 0;
    int n = text.length();
    for (int i = 0; i < n; i++) {
      char c = text.charAt(i);
      if (c < 0x80) {
        bytes += 1;
      } else if (c < 0x800) {
        bytes += 2;
      } else if (Character.isHighSurrogate(c)
          && i + 1 < n
          && Character.isLowSurrogate(text.charAt(i + 1))) {
        bytes += 4;
        i++;
      } else if (Character.isSurrogate(c)) {
        bytes += 1;
      } else {
        bytes += 3;
      }
    }
    return bytes;
  }
}
