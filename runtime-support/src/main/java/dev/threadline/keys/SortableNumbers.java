package dev.threadline.keys;

/**
 * Numbers inside store keys, zero-padded to 19 digits so that the stores' lexicographic byte order
 * is numeric order (sequence numbers, epoch milliseconds). The padding is part of the key layout.
 */
public final class SortableNumbers {
  private SortableNumbers() {}

  /** {@code n} as {@code String.format("%019d", n)} writes it, without the formatter's cost. */
  public static String pad(long n) {
    if (n < 0) {
      return String.format("%019d", n); // never a sequence number or a time: keep the format
    }
    char[] digits = new char[19];
    for (int i = 18; i >= 0; i--) {
      digits[i] = (char) ('0' + n % 10);
      n /= 10;
    }
    return new String(digits);
  }
}
