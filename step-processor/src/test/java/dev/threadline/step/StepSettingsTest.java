package dev.threadline.step;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** Settings are read from their keys, and a bad value is refused with the key in the message. */
class StepSettingsTest {

  @Test
  void theWindowCacheDefaultsOnAndCanBeSizedOrTurnedOff() {
    assertThat(StepSettings.from(Map.of()).windowCacheBytes()).isEqualTo(4L * 1024 * 1024);
    assertThat(
            StepSettings.from(Map.of("threadline.step.window.cache.bytes", "0")).windowCacheBytes())
        .isZero();
    assertThat(
            StepSettings.from(Map.of("threadline.step.window.cache.bytes", " 5000000 "))
                .windowCacheBytes())
        .isEqualTo(5_000_000);
  }

  @Test
  void requestReuseDefaultsOnAndCanBeSizedOrTurnedOff() {
    assertThat(StepSettings.from(Map.of()).requestReuseBytes()).isEqualTo(4L * 1024 * 1024);
    assertThat(
            StepSettings.from(Map.of("threadline.step.request.reuse.bytes", "0"))
                .requestReuseBytes())
        .isZero();
    assertThatThrownBy(() -> StepSettings.from(Map.of("threadline.step.request.reuse.bytes", "-5")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("threadline.step.request.reuse.bytes must be 0 (off) or more, not -5");
  }

  @Test
  void aNegativeOrNonNumericValueIsRefusedNamingTheKey() {
    assertThatThrownBy(() -> StepSettings.from(Map.of("threadline.step.window.cache.bytes", "-1")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("threadline.step.window.cache.bytes must be 0 (off) or more, not -1");
    assertThatThrownBy(() -> StepSettings.from(Map.of("threadline.step.deadline.scan.ms", "soon")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("threadline.step.deadline.scan.ms must be a whole number, not 'soon'");
  }
}
