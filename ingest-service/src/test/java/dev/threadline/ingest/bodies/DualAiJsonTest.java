package dev.threadline.ingest.bodies;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.threadline.avro.AgentDefinition;
import dev.threadline.avro.SideSpec;
import org.junit.jupiter.api.Test;

/** An agent's {@code type} and {@code sideB} as the HTTP API reads, validates and shows them. */
class DualAiJsonTest {
  private static AgentDefinition read(String json) throws Exception {
    return AgentBodies.read("writer", json);
  }

  @Test
  void anAgentIsAiHumanByDefault() throws Exception {
    AgentDefinition a = read("{\"model\":{\"provider\":\"scripted\"}}");

    assertThat(a.getOtherSide()).isNull();
    assertThat(AgentJson.render(a).path("type").asText()).isEqualTo("ai_human");
  }

  @Test
  void aDualAiAgentHasASideBWithItsOwnPromptModelAndTools() throws Exception {
    AgentDefinition a =
        read(
            """
            {"type": "dual_ai", "model": {"provider": "scripted"}, "systemPrompt": "You draft.",
             "stop": {"maxSessionTurns": 4},
             "sideB": {"systemPrompt": "You review.", "model": {"provider": "openai",
                       "endpoint": "default", "model": "gpt-4o-mini"},
                       "tools": [{"name": "lint"}], "stop": {"maxSteps": 3}}}""");

    SideSpec b = a.getOtherSide();
    assertThat(b.getName()).isEqualTo("b");
    assertThat(b.getSystemPrompt()).isEqualTo("You review.");
    assertThat(b.getModel().getModel()).isEqualTo("gpt-4o-mini");
    assertThat(b.getTools())
        .singleElement()
        .satisfies(t -> assertThat(t.getName()).isEqualTo("lint"));
    assertThat(b.getStop().getMaxSteps()).isEqualTo(3);
    assertThat(b.getStop().getMaxSessionTurns()).isEqualTo(4); // the session's
    JsonNode shown = AgentJson.render(a);
    assertThat(shown.path("type").asText()).isEqualTo("dual_ai");
    assertThat(shown.path("sideB").path("systemPrompt").asText()).isEqualTo("You review.");
  }

  @Test
  void sideBDefaultsToSideAsModelAndStopRules() throws Exception {
    AgentDefinition a =
        read(
            "{\"type\":\"dual_ai\",\"model\":{\"provider\":\"scripted\"},"
                + "\"stop\":{\"maxSessionTurns\":2},\"sideB\":{\"systemPrompt\":\"r\"}}");

    assertThat(a.getOtherSide().getModel().getProvider()).isEqualTo("scripted");
    assertThat(a.getOtherSide().getStop()).isEqualTo(a.getStop());
    assertThat(a.getOtherSide().getTools()).isEmpty();
  }

  @Test
  void aDualAiAgentWithoutSideBOrATurnCapIs422NamingTheField() {
    FieldErrors.assertRefusedNaming(
        "sideB",
        () ->
            read(
                "{\"type\":\"dual_ai\",\"model\":{\"provider\":\"scripted\"},"
                    + "\"stop\":{\"maxSessionTurns\":2}}"));
    FieldErrors.assertRefusedNaming(
        "stop.maxSessionTurns",
        () ->
            read(
                "{\"type\":\"dual_ai\",\"model\":{\"provider\":\"scripted\"},"
                    + "\"sideB\":{\"systemPrompt\":\"r\"}}"));
  }

  @Test
  void anUnknownTypeOrASideBOnAnAiHumanAgentIs422() {
    FieldErrors.assertRefusedNaming(
        "type", () -> read("{\"type\":\"triple\",\"model\":{\"provider\":\"scripted\"}}"));
    FieldErrors.assertRefusedNaming(
        "sideB",
        () -> read("{\"model\":{\"provider\":\"scripted\"},\"sideB\":{\"systemPrompt\":\"r\"}}"));
  }
}
