package dev.threadline.step;

import static dev.threadline.step.Fixtures.call;
import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.avro.AgentDefinition;
import dev.threadline.avro.ModelRequest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Spec §7, through the real topology: a thread freezes the agents its subagents run when it is
 * created, so editing one later never changes what a running parent spawns.
 */
class SubagentTopologyTest {
  private final StepDriver d = new StepDriver();

  @AfterEach
  void close() {
    d.close();
  }

  private static AgentDefinition researcher(String prompt) {
    return AgentDefinition.newBuilder(Fixtures.agent("researcher", 5))
        .setSystemPrompt(prompt)
        .build();
  }

  private static AgentDefinition boss() {
    return Fixtures.withSubagent(Fixtures.agent("boss", 5), "research", "researcher");
  }

  @Test
  void aParentSpawnsTheChildAgentAsItWasWhenTheParentStarted() {
    d.agent(researcher("You research, version one."));
    d.agent(boss());
    d.command(Fixtures.create("c-1", "p-1", "boss"));
    d.command(Fixtures.message("c-2", "p-1", "find out"));
    ModelRequest parent = d.nextModelRequest();

    d.agent(researcher("You research, version TWO."));
    d.answer(parent, null, call("c1", "research", "{\"message\":\"what is KIP-932?\"}"));

    ModelRequest child = d.nextModelRequest();
    while (child.getThreadId().equals("p-1")) {
      child = d.nextModelRequest(); // the parent's next step
    }
    assertThat(child.getThreadId()).isEqualTo("p-1/research-1.1.0");
    assertThat(child.getMessages().getFirst().getContent()).isEqualTo("You research, version one.");
  }
}
