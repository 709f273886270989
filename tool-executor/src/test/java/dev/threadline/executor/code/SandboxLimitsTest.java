package dev.threadline.executor.code;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** The {@code threadline.code.*} settings: read, defaulted, and refused by name when wrong. */
class SandboxLimitsTest {
  @Test
  void settingsOverrideTheDefaultsAndUnsetOnesKeepThem() {
    SandboxLimits limits =
        SandboxLimits.from(
            Map.of("threadline.code.cpu.cap.ms", "2500", "threadline.code.concurrent.calls", "8"));
    assertThat(limits.cpuCapMillis()).isEqualTo(2_500);
    assertThat(limits.concurrentCalls()).isEqualTo(8);
    assertThat(limits.defaultMemoryBytes())
        .isEqualTo(SandboxLimits.defaults().defaultMemoryBytes());
  }

  @Test
  void aWrongSettingIsRefusedByName() {
    assertThatThrownBy(() -> SandboxLimits.from(Map.of("threadline.code.cpu.cap.ms", "soon")))
        .hasMessageContaining("threadline.code.cpu.cap.ms");
    assertThatThrownBy(
            () -> SandboxLimits.from(Map.of("threadline.code.concurrent.calls.per.tenant", "0")))
        .hasMessageContaining("must be positive");
    assertThatThrownBy(
            () -> SandboxLimits.from(Map.of("threadline.code.memory.default.bytes", "2147483648")))
        .hasMessageContaining("above threadline.code.memory.max.bytes");
  }
}
