package dev.threadline.deploy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Set;
import org.junit.jupiter.api.Test;

class OptionsTest {
  @Test
  void anOptionTheCommandDoesNotKnowIsRefusedByName() {
    var parsed = Options.parse(new String[] {"up", "--no-demo", "--sett", "a=b"});

    assertThatThrownBy(() -> Options.only(parsed, Set.of("no-demo", "set")))
        .hasMessageContaining("unknown option --sett")
        .hasMessageContaining("--set");
  }

  @Test
  void knownOptionsAndTheCommandPass() {
    var parsed = Options.parse(new String[] {"up", "--no-demo", "--set", "a=b,c=d"});

    assertThat(Options.only(parsed, Set.of("no-demo", "set")))
        .containsEntry("command", "up")
        .containsEntry("no-demo", "true")
        .containsEntry("set", "a=b,c=d");
  }
}
