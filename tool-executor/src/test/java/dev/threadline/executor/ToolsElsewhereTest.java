package dev.threadline.executor;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** Which tools an executor leaves to another group: names, and prefixes ending in {@code *}. */
class ToolsElsewhereTest {
  @Test
  void namesAndPrefixesAreLeftAndEveryOtherToolIsThisExecutors() {
    ToolsElsewhere elsewhere =
        ExecutorSettings.from(
                Map.of("threadline.executor.tools.elsewhere", " node_weather, py_* "), Map.of())
            .toolsElsewhere();

    assertThat(elsewhere.serve("node_weather")).isTrue();
    assertThat(elsewhere.serve("py_stats")).isTrue();
    assertThat(elsewhere.serve("echo")).isFalse();
    assertThat(elsewhere.serve("node_weather_2")).isFalse();
  }

  @Test
  void byDefaultEveryToolIsThisExecutors() {
    assertThat(ExecutorSettings.from(Map.of(), Map.of()).toolsElsewhere().serve("anything"))
        .isFalse();
  }
}
