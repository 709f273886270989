package dev.threadline.step.core;

import static dev.threadline.step.core.Scenario.call;
import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.step.core.Enums.ChildReport;
import dev.threadline.step.core.Enums.ChildStatus;
import dev.threadline.step.core.Enums.Origin;
import dev.threadline.step.core.Enums.Status;
import dev.threadline.step.core.Enums.Trigger;
import dev.threadline.step.core.Event.ChildStatusUpdated;
import dev.threadline.step.core.Event.MessageAppended;
import dev.threadline.step.core.Event.ThreadTerminated;
import dev.threadline.step.core.Event.TurnStarted;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Spec §8, §10, the parent's side: what a child's reports do to its parent — the registry always
 * hears, the model as a queued message unless communication is explicit; status updates only the
 * registry; a non-resumable child ends with its report.
 */
class ChildResultsTest extends SubagentScenario {
  @Test
  void aNonResumableChildReportsItsResultAndIsAutoTerminated() {
    scenario.given(createChild(false, false));

    scenario.when(scenario.calls("sessionStop", "{\"result\":\"KIP-932 adds share groups\"}"));

    assertThat(scenario.outputs(Output.NotifyParent.class))
        .containsExactly(
            new Output.NotifyParent(
                "t-1",
                ChildReport.COMPLETED,
                "completed",
                "{\"result\":\"KIP-932 adds share groups\"}"));
    scenario.thenStatus(Status.TERMINATED);
    assertThat(scenario.events(ThreadTerminated.class)).hasSize(1);
  }

  @Test
  void withExplicitCommunicationCompletionStillReachesTheParentsRegistry() {
    scenario.given(createChild(false, true));

    scenario.when(scenario.calls("sessionStop", "{}"));

    // The parent's registry must hear (it frees a maxInstances slot); the parent decides, from its
    // own subagent spec, not to tell its model (ChildReportsTest).
    scenario.thenReports(ChildReport.COMPLETED);
  }

  @Test
  void sessionStatusUpdatesTheParentWithoutStoppingTheChild() {
    scenario.given(createChild(false, true));

    scenario.when(scenario.calls("sessionStatus", "{\"status\":\"halfway\"}"));

    assertThat(scenario.thenReports(ChildReport.STATUS).status()).isEqualTo("halfway");
    scenario.thenStatus(Status.RUNNING);
  }

  @Test
  void aTerminatedChildIsReportedToItsParent() {
    scenario.given(createChild(false, false));

    scenario.when(scenario.terminate());

    scenario.thenReports(ChildReport.TERMINATED);
  }

  @Test
  void aChildsResultReachesTheParentAsAQueuedMessageAndUpdatesTheRegistry() {
    givenParentCalling(call("c1", "research", "{\"message\":\"a\"}"));
    scenario.given(scenario.reply("waiting for research"));

    scenario.when(
        update("t-1/research-1.1.0", ChildReport.COMPLETED, "completed", "{\"result\":\"done\"}"));

    assertThat(scenario.state.children().entries())
        .singleElement()
        .satisfies(c -> assertThat(c.status()).isEqualTo(ChildStatus.COMPLETED));
    assertThat(scenario.events(ChildStatusUpdated.class))
        .containsExactly(
            new ChildStatusUpdated("t-1/research-1.1.0", ChildReport.COMPLETED, "completed"));
    assertThat(scenario.events(TurnStarted.class).getFirst().trigger()).isEqualTo(Trigger.SUBAGENT);
    var delivered = scenario.events(MessageAppended.class).getFirst().message();
    assertThat(delivered.origin()).isEqualTo(Origin.TASK);
    assertThat(delivered.content())
        .isEqualTo("[subagent research completed] {\"result\":\"done\"}");
  }

  @Test
  void aStatusUpdateOnlyChangesTheRegistry() {
    givenParentCalling(call("c1", "research", "{\"message\":\"a\"}"));
    scenario.given(scenario.reply("ok"));

    scenario.when(update("t-1/research-1.1.0", ChildReport.STATUS, "halfway", null));

    assertThat(scenario.state.children().entries().getFirst().sessionStatus()).isEqualTo("halfway");
    assertThat(scenario.events(TurnStarted.class)).isEmpty();
  }

  @Test
  void anUpdateFromAnUnknownChildIsRejected() {
    scenario.given(scenario.create(parentAgent(false)));

    scenario.when(update("t-1/ghost", ChildReport.COMPLETED, "completed", "{}"));

    scenario.thenRejected("no child thread");
  }

  @Test
  void aToolOfAChildCanNotifyTheParentAndSetItsStatusEvenWithExplicitCommunication() {
    scenario.given(createChild(false, true), scenario.calls("echo", "{}"));

    scenario.when(
        new Input.ToolResultReceived(
            scenario.pendingId(),
            0,
            scenario.tick(),
            "{}",
            null,
            3,
            List.of(
                new Values.ToolEffect("notify_parent", "found a lead"),
                new Values.ToolEffect("set_status", "digging")),
            List.of()));

    assertThat(scenario.outputs(Output.NotifyParent.class))
        .containsExactly(
            new Output.NotifyParent("t-1", ChildReport.NOTIFY, "notify", "found a lead"),
            new Output.NotifyParent("t-1", ChildReport.STATUS, "digging", null));
  }

  @Test
  void aNotificationFromAChildBecomesAQueuedMessageAndKeepsItsStatus() {
    givenParentCalling(call("c1", "research", "{\"message\":\"a\"}"));
    scenario.given(scenario.reply("ok"));

    scenario.when(update("t-1/research-1.1.0", ChildReport.NOTIFY, "notify", "found a lead"));

    assertThat(scenario.state.children().entries().getFirst().status())
        .isEqualTo(ChildStatus.RUNNING);
    assertThat(scenario.events(MessageAppended.class).getFirst().message().content())
        .isEqualTo("[subagent research notify] found a lead");
  }

  @Test
  void aSubagentsReportIsASilentMessageNamingTheSendingInstance() {
    givenParentCalling(call("c1", "research", "{\"message\":\"a\"}"));
    scenario.given(scenario.reply("ok"));

    scenario.when(update("t-1/research-1.1.0", ChildReport.NOTIFY, "notify", "found a lead"));

    var delivered = scenario.events(MessageAppended.class).getFirst().message();
    assertThat(delivered.sender()).isEqualTo("subagent:research");
    assertThat(dev.threadline.agents.Senders.silent(delivered.sender())).isTrue();
    assertThat(dev.threadline.agents.Senders.silent(MessageRules.parent("t-0"))).isTrue();
    assertThat(dev.threadline.agents.Senders.silent(MessageRules.SELF)).isFalse();
  }
}
