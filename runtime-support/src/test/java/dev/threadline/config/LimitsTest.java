package dev.threadline.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class LimitsTest {
  @Test
  void everyLimitIsReadFromItsKey() {
    Map<String, String> settings = new java.util.HashMap<>();
    for (String name : Limits.NAMES) {
      settings.put(Limits.key(name), "1000");
    }
    settings.put(Limits.key("record.bytes"), "100000");

    Limits limits = Limits.from(settings);

    assertThat(limits.recordBytes()).isEqualTo(100_000);
    assertThat(limits)
        .isEqualTo(
            new Limits(
                100_000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000,
                1000, 1000, 1000, 1000, 1000, 1000));
  }

  @Test
  void aSizeLimitThatLeavesNoRoomForItsRecordIsRefusedAtStart() {
    assertThatThrownBy(
            () ->
                Limits.from(
                    Map.of(
                        "threadline.limits.record.bytes", "300000",
                        "threadline.limits.message.bytes", "290000")))
        .hasMessageContaining("threadline.limits.message.bytes (290000) must leave 16384 bytes")
        .hasMessageContaining("threadline.limits.record.bytes (300000)");
  }

  @Test
  void aLimitMustBePositive() {
    assertThatThrownBy(() -> Limits.from(Map.of("threadline.limits.queue.items", "0")))
        .hasMessage("threadline.limits.queue.items must be 1 or more, not 0");
  }

  @Test
  void refusalsNameTheLimitTheSameWayEverywhere() {
    assertThat(Limits.over("the message", 300_000, 262_144, "message.bytes"))
        .isEqualTo(
            "the message is 300000 bytes; the limit is 262144 (threadline.limits.message.bytes)");
  }
}
