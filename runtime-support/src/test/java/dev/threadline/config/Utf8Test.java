package dev.threadline.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

class Utf8Test {
  @Test
  void theLengthIsWhatEncodingGivesForEveryKindOfCharacter() {
    Random random = new Random(7);
    for (int round = 0; round < 2_000; round++) {
      StringBuilder text = new StringBuilder();
      for (int i = random.nextInt(40); i > 0; i--) {
        switch (random.nextInt(5)) {
          case 0 -> text.append((char) random.nextInt(0x80));
          case 1 -> text.append((char) (0x80 + random.nextInt(0x780)));
          case 2 -> text.append('€');
          case 3 -> text.appendCodePoint(0x1F600 + random.nextInt(50));
          default -> text.append((char) (0xD800 + random.nextInt(0x800))); // a lone surrogate
        }
      }
      assertThat(Utf8.length(text))
          .as("%s", text)
          .isEqualTo(text.toString().getBytes(StandardCharsets.UTF_8).length);
    }
  }

  @Test
  void nullIsEmpty() {
    assertThat(Utf8.length(null)).isZero();
  }

  @Test
  void headAndTailKeepWholeCharactersWithinTheBytes() {
    String text = "a€😀b";
    assertThat(Utf8.head(text, 4)).isEqualTo("a€");
    assertThat(Utf8.head(text, 7)).isEqualTo("a€");
    assertThat(Utf8.head(text, 8)).isEqualTo("a€😀");
    assertThat(Utf8.tail(text, 4)).isEqualTo("b");
    assertThat(Utf8.tail(text, 5)).isEqualTo("😀b");
    assertThat(Utf8.head(text, 100)).isEqualTo(text);
    assertThat(Utf8.tail(text, 0)).isEmpty();
  }
}
