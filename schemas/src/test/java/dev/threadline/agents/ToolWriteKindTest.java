package dev.threadline.agents;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class ToolWriteKindTest {
  @Test
  void everyKindIsFoundByItsWireName() {
    for (ToolWriteKind kind : ToolWriteKind.values()) {
      assertThat(ToolWriteKind.of(kind.wire())).isSameAs(kind);
    }
    assertThat(ToolWriteKind.SCHEDULE_EFFECT.wire()).isEqualTo("schedule_effect");
  }

  @Test
  void aNameNoKindHasIsNone() {
    assertThat(ToolWriteKind.of("drop_table")).isNull();
    assertThat(ToolWriteKind.of("SET_VALUE")).isNull();
    assertThat(ToolWriteKind.of(null)).isNull();
  }

  @Test
  void onlyTheTimerWritesTouchTimers() {
    for (ToolWriteKind kind : ToolWriteKind.values()) {
      assertThat(kind.touchesTimers()).as(kind.wire()).isEqualTo(kind.wire().endsWith("_effect"));
    }
  }

  @Test
  void theToolsDocumentNamesEveryKind() throws IOException {
    String docs = Files.readString(Path.of("../docs/tools.md"));
    for (ToolWriteKind kind : ToolWriteKind.values()) {
      assertThat(docs).as("docs/tools.md names %s", kind.wire()).contains("`" + kind.wire());
    }
  }
}
