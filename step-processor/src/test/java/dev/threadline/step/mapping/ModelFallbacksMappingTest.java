package dev.threadline.step.mapping;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.avro.ModelSpec;
import dev.threadline.step.core.AgentSnapshot;
import org.junit.jupiter.api.Test;

/**
 * A model's fallbacks come from its configuration's {@code fallbacks}: each a model configuration
 * of its own, which the request of a call on it carries.
 */
class ModelFallbacksMappingTest {
  @Test
  void eachFallbackIsAModelOfItsOwn() {
    AgentSnapshot.ModelConfig model =
        AgentMapping.model(
            new ModelSpec(
                "openai",
                "gpt-a",
                "{\"provider\":\"openai\",\"model\":\"gpt-a\",\"fallbacks\":["
                    + "{\"provider\":\"anthropic\",\"endpoint\":\"claude\",\"model\":\"claude-b\"},"
                    + "{\"provider\":\"openai\",\"model\":\"gpt-c\",\"temperature\":0.2}]}"));

    assertThat(model.fallbacks()).hasSize(2);
    assertThat(model.at(0)).isSameAs(model);
    assertThat(model.at(1).label()).isEqualTo("anthropic/claude-b");
    assertThat(model.at(1).configJson()).contains("\"endpoint\":\"claude\"");
    assertThat(model.at(2).configJson()).contains("\"temperature\":0.2");
    assertThat(model.at(2).fallbacks()).isEmpty();
  }

  @Test
  void aModelWithoutFallbacksHasNone() {
    assertThat(AgentMapping.model(new ModelSpec("scripted", null, "{}")).fallbacks()).isEmpty();
    assertThat(
            AgentMapping.model(new ModelSpec("openai", "m", "not json, \"fallbacks\"")).fallbacks())
        .isEmpty();
  }
}
