package dev.threadline.step;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** Settings are read from their keys, and a bad value is refused with the key in the message. */
class StepSettingsTest {

  private static final long MIB = 1024 * 1024;
  private static final long HEAP = Runtime.getRuntime().maxMemory();

  @Test
  void theCachesDefaultToShareOfTheHeapOverTheTasksAnInstanceCanRun() {
    // The local stack's services: a 768 MiB heap, 6 partitions.
    assertThat(StepSettings.defaultCacheBytes(768 * MIB, 6, 4)).isEqualTo(32 * MIB);
    assertThat(StepSettings.defaultCacheBytes(768 * MIB, 6, 8)).isEqualTo(16 * MIB);
    // More partitions, so more tasks on one instance: less each.
    assertThat(StepSettings.defaultCacheBytes(768 * MIB, 24, 4)).isEqualTo(8 * MIB);
    // A small heap still gets the floor.
    assertThat(StepSettings.defaultCacheBytes(64 * MIB, 6, 8)).isEqualTo(4 * MIB);

    assertThat(StepSettings.from(Map.of()).windowCacheBytes())
        .isEqualTo(Math.max(4 * MIB, HEAP / 4 / 6));
    assertThat(StepSettings.from(Map.of("threadline.topic.partitions", "12")).requestReuseBytes())
        .isEqualTo(Math.max(4 * MIB, HEAP / 8 / 12));
  }

  @Test
  void theWindowCacheDefaultsOnAndCanBeSizedOrTurnedOff() {
    assertThat(StepSettings.from(Map.of()).windowCacheBytes()).isPositive();
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
    assertThat(StepSettings.from(Map.of()).requestReuseBytes()).isPositive();
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
