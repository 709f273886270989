package dev.threadline.keys;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SortableNumbersTest {

  @Test
  void padsLikeTheFormatterForEveryMagnitude() {
    for (long n : new long[] {0, 7, 10, 999, 1_000_000_007L, 1_795_000_000_000L, Long.MAX_VALUE}) {
      assertThat(SortableNumbers.pad(n)).isEqualTo(String.format("%019d", n));
    }
    assertThat(SortableNumbers.pad(-5)).isEqualTo(String.format("%019d", -5L));
  }

  @Test
  void lexicographicOrderIsNumericOrder() {
    assertThat(SortableNumbers.pad(9)).isLessThan(SortableNumbers.pad(10));
    assertThat(SortableNumbers.pad(99_999)).isLessThan(SortableNumbers.pad(100_000));
  }
}
