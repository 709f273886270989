package dev.threadline.ingest.bodies;

import static dev.threadline.ingest.bodies.FieldErrors.assertRefusedNaming;
import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.avro.AgentDefinition;
import dev.threadline.avro.QueuedPrompts;
import org.junit.jupiter.api.Test;

/** An agent's {@code queuedPrompts} as the HTTP API reads, validates and shows it. */
class QueuedPromptsJsonTest {

  @Test
  void oneQueuedPromptPerTurnIsReadAndShownBack() throws Exception {
    AgentDefinition a = AgentBodies.scripted("one", ",\"queuedPrompts\":\"one_per_turn\"");

    assertThat(a.getQueuedPrompts()).isEqualTo(QueuedPrompts.ONE_PER_TURN);
    assertThat(AgentJson.render(a).path("queuedPrompts").asText()).isEqualTo("one_per_turn");
  }

  @Test
  void queuedPromptsJoinTheTurnByDefault() throws Exception {
    AgentDefinition a = AgentBodies.scripted("plain", "");

    assertThat(a.getQueuedPrompts()).isEqualTo(QueuedPrompts.JOIN_TURN);
    assertThat(AgentJson.render(a).path("queuedPrompts").asText()).isEqualTo("join_turn");
  }

  @Test
  void anyOtherValueIs422NamingTheField() {
    assertRefusedNaming(
        "queuedPrompts", () -> AgentBodies.scripted("x", ",\"queuedPrompts\":\"all_at_once\""));
    assertRefusedNaming("queuedPrompts", () -> AgentBodies.scripted("x", ",\"queuedPrompts\":7"));
  }
}
