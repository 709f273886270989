package dev.threadline.executor.code;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** The {@code threadline.code.*} settings: read, defaulted, and refused by name when wrong. */
class SandboxLimitsTest {
  private static final long HEAP = 768L << 20;

  @Test
  void settingsOverrideTheDefaultsAndUnsetOnesKeepThem() {
    SandboxLimits limits =
        SandboxLimits.from(
            Map.of(
                "threadline.code.cpu.cap.ms",
                "2500",
                "threadline.code.concurrent.calls",
                "4",
                "threadline.code.idle.cap.ms",
                "900"),
            HEAP);
    assertThat(limits.cpuCapMillis()).isEqualTo(2_500);
    assertThat(limits.concurrentCalls()).isEqualTo(4);
    assertThat(limits.idleCapMillis()).isEqualTo(900);
    assertThat(limits.defaultMemoryBytes())
        .isEqualTo(SandboxLimits.defaults().defaultMemoryBytes());
  }

  @Test
  void aWrongSettingIsRefusedByName() {
    assertThatThrownBy(() -> SandboxLimits.from(Map.of("threadline.code.cpu.cap.ms", "soon"), HEAP))
        .hasMessageContaining("threadline.code.cpu.cap.ms");
    assertThatThrownBy(
            () ->
                SandboxLimits.from(
                    Map.of("threadline.code.concurrent.calls.per.tenant", "0"), HEAP))
        .hasMessageContaining("must be positive");
    assertThatThrownBy(
            () ->
                SandboxLimits.from(
                    Map.of("threadline.code.memory.default.bytes", "2147483648"), HEAP))
        .hasMessageContaining("above threadline.code.memory.max.bytes");
    assertThatThrownBy(
            () ->
                SandboxLimits.from(
                    Map.of("threadline.code.concurrent.calls.per.tenant", "3"), HEAP))
        .hasMessageContaining("above threadline.code.concurrent.calls");
  }

  @Test
  void callsAtOnceTimesTheCeilingNeverExceedTheMemorySetAsideForCode() {
    // What the executor shipped with before: 4 calls of up to 1 GiB on a 768 MiB heap.
    assertThatThrownBy(
            () ->
                SandboxLimits.from(
                    Map.of(
                        "threadline.code.concurrent.calls",
                        "4",
                        "threadline.code.memory.max.bytes",
                        String.valueOf(1L << 30)),
                    HEAP))
        .hasMessageContaining("threadline.code.concurrent.calls (4)")
        .hasMessageContaining("threadline.code.memory.max.bytes (1024 MiB)")
        .hasMessageContaining("threadline.code.memory.reserved.bytes (256 MiB")
        .hasMessageContaining("a third of the heap");
    assertThatThrownBy(
            () ->
                SandboxLimits.from(
                    Map.of("threadline.code.memory.reserved.bytes", String.valueOf(64L << 20)),
                    HEAP))
        .as("the defaults need 128 MiB")
        .hasMessageContaining("more than the memory set aside for code");
    assertThatThrownBy(
            () ->
                SandboxLimits.from(
                    Map.of("threadline.code.memory.reserved.bytes", String.valueOf(512L << 20)),
                    HEAP))
        .hasMessageContaining("more than half the executor's heap");
    SandboxLimits shipped = SandboxLimits.from(Map.of(), 384L << 20);
    assertThat(shipped.concurrentCalls() * shipped.maxMemoryBytes())
        .as("the defaults fit the smallest heap the manifests give an executor")
        .isLessThanOrEqualTo((384L << 20) / 3);
  }
}
