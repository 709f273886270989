package dev.threadline.step;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** Settings are read from their keys, and a bad value is refused with the key in the message. */
class StepSettingsTest {

  @Test
  void theWindowCacheDefaultsOnAndCanBeSizedOrTurnedOff() {
    assertThat(StepSettings.from(Map.of()).windowCacheMessages()).isEqualTo(100_000);
    assertThat(
            StepSettings.from(Map.of("threadline.step.window.cache.messages", "0"))
                .windowCacheMessages())
        .isZero();
    assertThat(
            StepSettings.from(Map.of("threadline.step.window.cache.messages", " 5000 "))
                .windowCacheMessages())
        .isEqualTo(5_000);
  }

  @Test
  void aNegativeOrNonNumericValueIsRefusedNamingTheKey() {
    assertThatThrownBy(
            () -> StepSettings.from(Map.of("threadline.step.window.cache.messages", "-1")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "threadline.step.window.cache.messages must be between 0 (off) and 2147483647, not -1");
    assertThatThrownBy(() -> StepSettings.from(Map.of("threadline.step.deadline.scan.ms", "soon")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("threadline.step.deadline.scan.ms must be a whole number, not 'soon'");
  }
}
