package dev.threadline.ingest.langgraph;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.threadline.ingest.Problem;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The stream modes a rejoin asks for, in each way the SDKs write {@code ?stream_mode=}. */
class RunStreamModesTest {
  @Test
  void modesAreReadRepeatedCommaSeparatedOrAsTheJsonArrayTheTwoSdkSends() {
    assertThat(RunStreams.modes(List.of("updates", "custom"))).containsExactly("updates", "custom");
    assertThat(RunStreams.modes(List.of("updates,custom"))).containsExactly("updates", "custom");
    // SDK 2.x writes a list parameter as JSON: ?stream_mode=["updates","custom"]
    assertThat(RunStreams.modes(List.of("[\"updates\",\"custom\"]")))
        .containsExactly("updates", "custom");
    assertThat(RunStreams.modes(List.of("[\"values\"]"))).containsExactly("values");
  }

  @Test
  void noModesAreTheDefaultAndAMalformedListIsRefusedNamingTheParameter() {
    assertThat(RunStreams.modes(List.<String>of())).containsExactly("values");
    assertThatThrownBy(() -> RunStreams.modes(List.of("[\"updates\"")))
        .isInstanceOf(Problem.Failure.class)
        .hasMessageContaining("stream_mode");
  }
}
