package dev.threadline.step;

import static dev.threadline.step.Fixtures.call;
import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.avro.AgentDefinition;
import dev.threadline.avro.ModelRequest;
import dev.threadline.avro.SubpromptSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Hooks named on a prompt go with the prompt's own model step — its request carries them for the
 * executor to run on that step's history — and the agent's hooks with the agent's steps, not the
 * prompt's.
 */
class PromptHooksTopologyTest {
  private final StepDriver d = new StepDriver();

  @AfterEach
  void close() {
    d.close();
  }

  @Test
  void aSubpromptsRequestCarriesItsPromptsHooksAndTheAgentsStepsCarryTheAgents() {
    AgentDefinition asker =
        AgentDefinition.newBuilder(Fixtures.agent("asker", 10))
            .setHooks(Map.of("before_store_tool_result", "redact_emails"))
            .setSubprompts(
                new ArrayList<>(
                    List.of(
                        SubpromptSpec.newBuilder()
                            .setName("headline")
                            .setPrompt("One line.")
                            .setHooks(Map.of("filter_messages", "keep_recent"))
                            .build())))
            .build();
    d.agent(asker);
    d.command(Fixtures.create("c-1", "t-p", "asker"));
    d.command(Fixtures.message("c-2", "t-p", "a headline please"));

    ModelRequest step = d.nextModelRequest();
    d.answer(step, null, call("h1", "headline", "{\"message\":\"Kafka\"}"));
    ModelRequest subprompt = d.nextModelRequest();

    assertThat(step.getHooks()).isEqualTo(Map.of("before_store_tool_result", "redact_emails"));
    assertThat(subprompt.getPurpose()).isEqualTo("subprompt");
    assertThat(subprompt.getHooks()).isEqualTo(Map.of("filter_messages", "keep_recent"));
  }
}
