package dev.threadline.step.core;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Keeps {@link DecideBenchmark} from rotting: its setup builds a real step and both inputs decide.
 */
class DecideBenchmarkTest {

  @Test
  void theBenchmarkedInputsAreOneRealStep() {
    DecideBenchmark bench = new DecideBenchmark();
    bench.setup();

    Transition answered = bench.modelAnswerWithOneToolCall();
    Transition next = bench.toolResultThenNextModelCall();

    assertThat(answered.outputs()).anyMatch(o -> o instanceof Output.RequestTool);
    assertThat(next.outputs()).anyMatch(o -> o instanceof Output.RequestModel);
    // Pure: the same state and input decide the same way every time.
    assertThat(bench.modelAnswerWithOneToolCall()).isEqualTo(answered);
  }
}
