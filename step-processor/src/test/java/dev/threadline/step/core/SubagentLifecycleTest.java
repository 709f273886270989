package dev.threadline.step.core;

import static dev.threadline.step.core.Scenario.call;
import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.step.core.Enums.ChildReport;
import dev.threadline.step.core.Enums.ChildStatus;
import dev.threadline.step.core.Enums.Delivery;
import dev.threadline.step.core.Enums.Status;
import dev.threadline.step.core.Event.MessageAppended;
import dev.threadline.step.core.Values.InboundMessage;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Spec §7.2, §10: no child outlives its parent and no message to a child vanishes — a parent that
 * ends, however it ends, terminates every child that still lives (idle resumable ones too); a
 * message its child refuses comes back to the parent (a resumable child whose session is over
 * terminates and says so: {@code ChildReportsTest}); {@code maxInstances} bounds the instances that
 * live, not only running ones.
 */
class SubagentLifecycleTest extends SubagentScenario {
  private static final String SCOUT = "t-1/helper-1.1.0";

  /** The parent created resumable helper {@code scout}, whose first turn completed: it is idle. */
  private void givenAnIdleResumableChild() {
    givenParentCalling(
        call(
            "c1",
            "subagent_create",
            "{\"subagent\":\"helper\",\"name\":\"scout\",\"message\":\"a\"}"));
    scenario.given(
        update(SCOUT, ChildReport.COMPLETED, "completed", "first result"),
        scenario.reply("waiting for scout"));
  }

  @Test
  void terminatingAParentTerminatesItsIdleResumableChildren() {
    givenAnIdleResumableChild();

    scenario.when(scenario.terminate());

    assertThat(scenario.outputs(Output.TerminateChild.class))
        .extracting(Output.TerminateChild::childThreadId)
        .containsExactly(SCOUT);
    assertThat(scenario.state.children().entries())
        .singleElement()
        .satisfies(c -> assertThat(c.status()).isEqualTo(ChildStatus.TERMINATED));
  }

  @Test
  void aParentWhoseSessionEndsTerminatesTheChildrenThatStillLive() {
    givenParentCalling(
        call(
            "c1",
            "subagent_create",
            "{\"subagent\":\"helper\",\"name\":\"scout\",\"message\":\"a\"}"),
        call("c2", "research", "{\"message\":\"dig\"}"));

    scenario.when(scenario.calls("sessionStop", "{\"result\":\"done without them\"}"));

    scenario.thenStatus(Status.COMPLETED);
    assertThat(scenario.outputs(Output.TerminateChild.class)).hasSize(2);
    assertThat(scenario.state.children().entries())
        .allSatisfy(c -> assertThat(c.status()).isEqualTo(ChildStatus.TERMINATED));
  }

  @Test
  void aMessageToAChildThatHasEndedIsAToolErrorThatSaysHowToGoOn() {
    givenAnIdleResumableChild();
    scenario.given(
        update(SCOUT, ChildReport.TERMINATED, "terminated", "session over"), scenario.reply("ok"));

    scenario.when(scenario.calls("subagent_message", "{\"name\":\"scout\",\"message\":\"more\"}"));

    assertThat(scenario.outputs(Output.MessageChild.class)).isEmpty();
    assertThat(scenario.events(MessageAppended.class))
        .anySatisfy(
            e ->
                assertThat(e.message().content())
                    .contains("'scout' has ended")
                    .contains("subagent_create"));
    assertThat(scenario.state.children().entries())
        .singleElement()
        .satisfies(c -> assertThat(c.status()).isEqualTo(ChildStatus.TERMINATED));
  }

  @Test
  void maxInstancesBoundsIdleResumableChildrenToo() {
    givenBothHelpersCreated();
    scenario.given(
        update("t-1/helper-1.1.0", ChildReport.COMPLETED, "completed", "a done"),
        update("t-1/helper-1.1.1", ChildReport.COMPLETED, "completed", "b done"),
        scenario.reply("both idle"));

    scenario.when(
        scenario.calls(
            "subagent_create", "{\"subagent\":\"helper\",\"name\":\"h3\",\"message\":\"c\"}"));

    assertThat(scenario.outputs(Output.SpawnChild.class)).isEmpty();
    assertThat(scenario.events(MessageAppended.class))
        .anySatisfy(e -> assertThat(e.message().content()).contains("its maxInstances"));
    assertThat(offered()).doesNotContain("subagent_create");
  }

  @Test
  void aMessageFromTheParentThatTheChildRefusesIsToldToTheParent() {
    scenario.given(createChild(true, false), scenario.terminate());

    scenario.when(
        new Input.SendMessage(
            scenario.nextCommandId(),
            Scenario.TENANT,
            scenario.tick(),
            new InboundMessage(
                Enums.Origin.INVOKE,
                null,
                "parent:t-1",
                "more work",
                Map.of("parentThreadId", "t-1"),
                java.util.List.of()),
            Delivery.AUTO));

    assertThat(scenario.outputs(Output.NotifyParent.class))
        .singleElement()
        .satisfies(
            n -> {
              assertThat(n.kind()).isEqualTo(ChildReport.NOTIFY);
              assertThat(n.content()).contains("not delivered").contains("terminated");
            });
  }
}
