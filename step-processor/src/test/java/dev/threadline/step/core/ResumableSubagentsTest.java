package dev.threadline.step.core;

import static dev.threadline.step.core.Scenario.call;
import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.step.core.Enums.ChildReport;
import dev.threadline.step.core.Enums.Status;
import dev.threadline.step.core.Event.MessageAppended;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Spec §7.2: resumable subagents, created by name with {@code subagent_create} and given more work
 * with {@code subagent_message}.
 */
class ResumableSubagentsTest extends SubagentScenario {
  @Test
  void subagentCreateIsHiddenWhenEveryResumableSubagentIsAtItsMaxInstances() {
    givenBothHelpersCreated();

    assertThat(offered()).doesNotContain("subagent_create").contains("subagent_message");
  }

  @Test
  void aMessageToAResumableSubagentThatReceivesAsSideBSaysSo() {
    AgentSnapshot parent = parentAgent(false);
    Subagent pair =
        SubagentBuilder.subagent("pair", "assistant").resumable(true).receivesSideB(true).build();
    AgentSnapshot withPair = parent.with(b -> b.subagents = List.of(pair));
    scenario.given(
        scenario.create(withPair),
        scenario.message("go"),
        scenario.calls(
            "subagent_create", "{\"subagent\":\"pair\",\"name\":\"p1\",\"message\":\"a\"}"),
        update("t-1/pair-1.1.0", ChildReport.COMPLETED, "completed", "done"));

    scenario.when(
        scenario.reply(
            null, call("c2", "subagent_message", "{\"name\":\"p1\",\"message\":\"more\"}")));

    assertThat(scenario.outputs(Output.MessageChild.class))
        .singleElement()
        .satisfies(m -> assertThat(m.asSideB()).isTrue());
  }

  /**
   * A resumable child whose thread could not be created does not live on: it frees its maxInstances
   * slot, and a message to it is a tool error, not "sent" to a thread that is not.
   */
  @Test
  void aResumableChildWhoseCreationFailedFreesItsSlotAndTakesNoMessage() {
    givenBothHelpersCreated();
    String h1 = scenario.state.children().resumable("h1").orElseThrow().childThreadId();

    scenario.when(
        update(
            h1,
            ChildReport.FAILED,
            ChildReport.NOT_CREATED,
            "{\"reason\":\"the child thread could not be created: taken\"}"));

    assertThat(offered()).as("a slot is free again").contains("subagent_create");
    scenario.when(
        scenario.reply(
            null, call("c3", "subagent_message", "{\"name\":\"h1\",\"message\":\"more\"}")));
    assertThat(scenario.outputs(Output.MessageChild.class)).isEmpty();
    assertThat(scenario.toolResults().getLast().isError()).isTrue();
    assertThat(scenario.toolResults().getLast().content()).contains("never created");
  }

  @Test
  void subagentCreateNeedsANonEmptyName() {
    givenParentRunning();

    scenario.when(
        scenario.calls(
            "subagent_create", "{\"subagent\":\"helper\",\"name\":\" \",\"message\":\"x\"}"));

    assertThat(scenario.events(MessageAppended.class).get(1).message().content())
        .contains("non-empty 'name'");
  }

  @Test
  void aResumableSubagentIsCreatedByNameAndMessagedLater() {
    givenParentCalling(
        call(
            "c1",
            "subagent_create",
            "{\"subagent\":\"helper\",\"name\":\"scout\",\"message\":\"look around\"}"));
    assertThat(scenario.state.children().entries())
        .singleElement()
        .satisfies(c -> assertThat(c.name()).isEqualTo("scout"));

    scenario.when(
        scenario.reply(
            null,
            call("c2", "subagent_message", "{\"name\":\"scout\",\"message\":\"look harder\"}")));

    assertThat(scenario.outputs(Output.MessageChild.class))
        .containsExactly(new Output.MessageChild("t-1/helper-1.1.0", "look harder"));
    // Spec §12: a durable marker of the subagent message in the parent's log.
    assertThat(scenario.events(Event.SubagentMessaged.class))
        .containsExactly(new Event.SubagentMessaged("t-1/helper-1.1.0", "scout", 0));
  }

  /** Spec §8.1: files travel with more work for a resumable child (the shell copies them). */
  @Test
  void subagentMessageCarriesItsAttachments() {
    givenParentCalling(
        call(
            "c1",
            "subagent_create",
            "{\"subagent\":\"helper\",\"name\":\"scout\",\"message\":\"look around\"}"));

    scenario.when(
        scenario.reply(
            null,
            call(
                "c2",
                "subagent_message",
                "{\"name\":\"scout\",\"message\":\"read this\",\"attachments\":[\"notes.md\"]}")));

    assertThat(scenario.outputs(Output.MessageChild.class))
        .singleElement()
        .satisfies(
            m ->
                assertThat(m.attachments())
                    .extracting(Values.Attachment::path)
                    .containsExactly("notes.md"));
  }

  @Test
  void subagentCreateWithoutAMessageIsAToolError() {
    givenParentRunning();

    scenario.when(
        scenario.calls("subagent_create", "{\"subagent\":\"helper\",\"name\":\"scout\"}"));

    assertThat(scenario.outputs(Output.SpawnChild.class)).isEmpty();
    assertThat(scenario.events(MessageAppended.class).get(1).message().content())
        .contains("non-empty 'message'");
  }

  @Test
  void aResumableChildStaysUsableAfterReporting() {
    scenario.given(createChild(true, false));

    scenario.when(scenario.calls("sessionStop", "{\"result\":1}"));

    assertThat(scenario.outputs(Output.NotifyParent.class)).hasSize(1);
    scenario.thenStatus(Status.IDLE);
  }
}
