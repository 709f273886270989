package dev.threadline.deploy;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The bench refuses options that would measure nothing, before it starts a stack. */
class BenchOptionsTest {

  private static Bench bench(String... args) {
    return new Bench(Options.parse(args));
  }

  @Test
  void sensibleOptionsAreAccepted() {
    assertThatCode(() -> bench("bench", "--threads", "10", "--steps", "3", "--mode", "http"))
        .doesNotThrowAnyException();
  }

  @Test
  void nonPositiveCountsAndUnknownModesAreRefusedWithTheReason() {
    for (String[] bad :
        new String[][] {
          {"--threads", "0"}, {"--steps", "-1"}, {"--idle", "-5"}, {"--mode", "grpc"}
        }) {
      assertThatThrownBy(() -> bench(bad))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("--threads and --steps must be positive");
    }
    assertThatThrownBy(() -> bench("--threads", "many"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("--threads must be a whole number, not 'many'");
  }
}
