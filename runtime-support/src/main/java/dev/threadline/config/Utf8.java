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

  /** The UTF-8 lengths of {@code texts} together (nulls count 0). */
  public static long total(CharSequence... texts) {
    long bytes = 0;
    for (CharSequence text : texts) {
      bytes += length(text);
    }
    return bytes;
  }

  /** The longest start of {@code text} of at most {@code maxBytes}, never splitting a character. */
  public static String head(String text, long maxBytes) {
    long bytes = 0;
    int i = 0;
    while (i < text.length()) {
      int codePoint = text.codePointAt(i);
      int next = i + Character.charCount(codePoint);
      long size = bytes(codePoint);
      if (bytes + size > maxBytes) {
        break;
      }
      bytes += size;
      i = next;
    }
    return text.substring(0, i);
  }

  /** The longest end of {@code text} of at most {@code maxBytes}, never splitting a character. */
  public static String tail(String text, long maxBytes) {
    long bytes = 0;
    int i = text.length();
    while (i > 0) {
      int codePoint = text.codePointBefore(i);
      int previous = i - Character.charCount(codePoint);
      long size = bytes(codePoint);
      if (bytes + size > maxBytes) {
        break;
      }
      bytes += size;
      i = previous;
    }
    return text.substring(i);
  }

  /** The bytes of one code point ('?' for a lone surrogate, as Java writes it). */
  private static int bytes(int codePoint) {
    if (codePoint < 0x80) {
      return 1;
    } else if (codePoint < 0x800) {
      return 2;
    } else if (codePoint < 0x10000) {
      return Character.isSurrogate((char) codePoint) ? 1 : 3;
    }
    return 4;
  }
}
