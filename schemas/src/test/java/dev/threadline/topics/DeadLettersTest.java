package dev.threadline.topics;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * A dead letter is the original record with headers that say why; one whose original was near its
 * topic's limit would be over it with the headers, and a record the producer refuses fails the
 * transaction that writes it on every replay.
 */
class DeadLettersTest {
  private static final byte[] KEY = "t-1".getBytes(StandardCharsets.UTF_8);

  @Test
  void aDeadLetterThatFitsCarriesTheOriginalBytes() {
    var headers = DeadLetters.headers(null, "why", "step", "in", 0, 7);
    byte[] value = new byte[1_000];

    assertThat(DeadLetters.fitted(KEY, value, headers, 2_000)).isSameAs(value);
    assertThat(headers.lastHeader(DeadLetters.TRUNCATED)).isNull();
  }

  @Test
  void aDeadLetterOverTheRecordLimitCarriesTheFirstBytesAndSaysHowLongTheOriginalWas() {
    var headers = DeadLetters.headers(null, "why", "step", "in", 0, 7);
    byte[] value = new byte[2_000];

    byte[] fitted = DeadLetters.fitted(KEY, value, headers, 2_000);

    long size = KEY.length + fitted.length;
    for (var h : headers) {
      size += h.key().length() + h.value().length;
    }
    assertThat(size).isLessThanOrEqualTo(2_000);
    assertThat(
            new String(headers.lastHeader(DeadLetters.TRUNCATED).value(), StandardCharsets.UTF_8))
        .isEqualTo("2000");
  }
}
