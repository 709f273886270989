package dev.threadline.executor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class ExecutorSettingsTest {

  @Test
  void theContextCacheDefaultsTo64MiBAndCanBeSized() {
    assertThat(ExecutorSettings.from(Map.of(), Map.of()).contextCacheBytes())
        .isEqualTo(64L * 1024 * 1024);
    assertThat(
            ExecutorSettings.from(
                    Map.of("threadline.executor.context.cache.bytes", " 1000 "), Map.of())
                .contextCacheBytes())
        .isEqualTo(1000);
  }

  @Test
  void aNegativeOrNonNumericContextCacheSizeIsRefusedNamingTheKey() {
    assertThatThrownBy(
            () ->
                ExecutorSettings.from(
                    Map.of("threadline.executor.context.cache.bytes", "-1"), Map.of()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("threadline.executor.context.cache.bytes must be 0 (off) or more, not -1");
    assertThatThrownBy(
            () ->
                ExecutorSettings.from(
                    Map.of("threadline.executor.context.cache.bytes", "lots"), Map.of()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("threadline.executor.context.cache.bytes must be a whole number, not 'lots'");
  }
}
