package dev.threadline.deploy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** A model's text that carries terminal escapes reaches the terminal as text, not as commands. */
class TerminalSafeTest {
  private static String printed(String text) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    PrintStream out = TerminalSafe.of(new PrintStream(bytes, true, StandardCharsets.UTF_8));
    out.print(text);
    out.flush();
    return bytes.toString(StandardCharsets.UTF_8);
  }

  @Test
  void escapesAndOtherControlsAreShownNotSent() {
    String hostile = "ok\u001b]0;owned\u0007\u001b[2J\u009b31m\u007fend";
    String shown = printed(hostile);
    assertThat(shown).doesNotContain("\u001b").doesNotContain("\u0007").doesNotContain("\u009b");
    assertThat(shown).doesNotContain("\u007f");
    assertThat(shown).startsWith("ok^[]0;owned^G^[[2J").endsWith("end");
  }

  @Test
  void textLinesAndEveryOtherCharacterPassAsTheyAre() {
    String text = "line one\n\tindented — ünïcødé ½ « » ©\r\n";
    assertThat(printed(text)).isEqualTo(text);
  }
}
