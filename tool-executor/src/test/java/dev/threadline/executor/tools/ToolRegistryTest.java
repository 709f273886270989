package dev.threadline.executor.tools;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.threadline.avro.ToolDefinition;
import dev.threadline.executor.Requests;
import dev.threadline.executor.tools.builtin.EchoTool;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ToolRegistryTest {

  @Test
  void userToolsArriveThroughServiceLoader() {
    ToolRegistry registry =
        ToolRegistry.load(List.of(new EchoTool()), List.of(), Map.of("shout.suffix", "!!"));

    assertThat(registry.names()).containsExactly("echo", "shout");
    var outcome =
        new ToolRunner(registry, dev.threadline.config.Limits.defaults())
            .run(
                Requests.tool("t", "shout", "{\"text\":\"hey\"}", Requests.T0.plusSeconds(5)),
                Requests.T0);
    assertThat(outcome.output()).isEqualTo("HEY!!");
  }

  @Test
  void theSameRegistryCompletesTheDefinitionsSentToModels() {
    ToolRegistry registry = new ToolRegistry(List.of(new EchoTool()));

    ToolDefinition filled = registry.complete(new ToolDefinition("echo", null, null));
    ToolDefinition own =
        registry.complete(
            new ToolDefinition("echo", "mine", "{\"type\":\"object\",\"properties\":{}}"));

    assertThat(filled.getDescription()).isEqualTo("Returns its arguments unchanged.");
    assertThat(filled.getParametersJson()).isEqualTo("{\"type\":\"object\"}");
    assertThat(own.getDescription()).isEqualTo("mine");
  }

  @Test
  void twoToolsWithOneNameAreRefused() {
    assertThatThrownBy(() -> new ToolRegistry(List.of(new EchoTool(), new EchoTool())))
        .hasMessageContaining("two tools are named 'echo'");
  }

  @Test
  void truncationKeepsBothEnds() {
    String text = "a".repeat(500) + "b".repeat(500);
    String cut = Truncation.middle(text, 200);
    assertThat(cut)
        .hasSizeLessThanOrEqualTo(200)
        .startsWith("aaa")
        .endsWith("bbb")
        .contains("[truncated 8");
    assertThat(Truncation.middle("short", 200)).isEqualTo("short");
  }
}
