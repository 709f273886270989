package dev.threadline.step.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.step.core.AgentSnapshot.StopRules;
import dev.threadline.step.core.Enums.ChildReport;
import dev.threadline.step.core.Enums.ChildStatus;
import dev.threadline.step.core.Enums.Status;
import dev.threadline.step.core.Event.ChildStatusUpdated;
import dev.threadline.step.core.Event.MessageQueued;
import dev.threadline.step.core.Event.ThreadTerminated;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Spec §7, §8, §10, the parent and child sides of a report: a child reports whenever its turn ends
 * and however it ends; the parent's registry always hears; its model hears unless communication is
 * explicit; termination cascades to children.
 */
class ChildReportsTest {
  private static final String PARENT = "p-1";
  private static final ParentRef ONE_SHOT =
      new ParentRef(PARENT, "research", "research", false, false);
  private static final ParentRef RESUMABLE = new ParentRef(PARENT, "helper", "h1", true, false);
  private static final ParentRef EXPLICIT =
      new ParentRef(PARENT, "research", "research", false, true);

  private final Scenario child = new Scenario();

  // ---- the child's side ----------------------------------------------------------------------

  @Test
  void aChildThatAnswersInPlainTextReportsCompletedAndIsTerminated() {
    child.given(child.createChild(TestAgents.agent(), ONE_SHOT, "look it up"));

    child.when(child.reply("KIP-932 adds share groups"));

    Output.NotifyParent report = child.thenReports(ChildReport.COMPLETED);
    assertThat(report.parentThreadId()).isEqualTo(PARENT);
    assertThat(report.replySeq()).isEqualTo(2); // message 1 is the task
    child.thenStatus(Status.TERMINATED);
    assertThat(child.events(ThreadTerminated.class)).hasSize(1);
  }

  @Test
  void aChildWhoseModelFailsReportsFailedWithTheReason() {
    child.given(child.createChild(TestAgents.agent(), ONE_SHOT, "look it up"));

    child.when(child.modelError(false));

    assertThat(child.thenReports(ChildReport.FAILED).content()).contains("model_error");
    child.thenStatus(Status.TERMINATED);
  }

  @Test
  void anAbortedChildReportsFailed() {
    child.given(child.createChild(TestAgents.agent(), ONE_SHOT, "look it up"));

    child.when(child.abort());

    assertThat(child.outputs(Output.NotifyParent.class))
        .singleElement()
        .satisfies(n -> assertThat(n.content()).contains("aborted"));
  }

  @Test
  void aChildAtMaxStepsReportsCompleted() {
    AgentSnapshot twoSteps =
        TestAgents.agent(
            new StopRules(false, null, 1, null),
            TestAgents.agent().tools().toArray(AgentSnapshot.AgentTool[]::new));
    child.given(child.createChild(twoSteps, ONE_SHOT, "look it up"), child.calls("echo", "{}"));

    child.when(child.toolOk("{}"));

    child.thenReports(ChildReport.COMPLETED);
  }

  @Test
  void anExplicitChildStillReportsToTheRegistry() {
    child.given(child.createChild(TestAgents.agent(), EXPLICIT, "look it up"));

    child.when(child.reply("done"));

    assertThat(child.outputs(Output.NotifyParent.class)).hasSize(1);
  }

  @Test
  void aResumableChildReportsEachTurnAndStaysAlive() {
    child.given(child.createChild(TestAgents.agent(), RESUMABLE, "first job"));

    child.when(child.reply("first done"));

    assertThat(child.outputs(Output.NotifyParent.class)).hasSize(1);
    child.thenStatus(Status.IDLE);
    child.given(child.message("second job"));
    child.when(child.reply("second done"));
    assertThat(child.outputs(Output.NotifyParent.class)).hasSize(1);
  }

  /** Aborting a compaction between turns ends no turn: there is nothing to report. */
  @Test
  void abortingAManualCompactionBetweenTurnsReportsNothing() {
    child.given(
        child.createChild(TestAgents.agent(), RESUMABLE, "first job"),
        child.reply("first done"),
        new Input.Compact(child.nextCommandId(), Scenario.TENANT, child.tick(), null));

    child.when(child.abort());

    assertThat(child.outputs(Output.NotifyParent.class)).isEmpty();
    child.thenStatus(Status.IDLE);
  }

  @Test
  void aChildReportsATurnOnceNotAgainAfterALaterCompactionOrAbort() {
    child.given(
        child.createChild(TestAgents.agent(), RESUMABLE, "first job"), child.reply("first done"));

    child.when(new Input.Compact(child.nextCommandId(), Scenario.TENANT, child.tick(), null));
    assertThat(child.outputs(Output.NotifyParent.class)).isEmpty();
    child.given(child.reply("Goal: the job")); // the summary: the thread goes idle again
    child.when(child.abort());

    assertThat(child.outputs(Output.NotifyParent.class)).isEmpty();
  }

  /** It can take no more work: it terminates, and its parent hears so after the turn's report. */
  @Test
  void maxSessionTurnsTerminatesAResumableChildAndTellsItsParentAfterItsReport() {
    AgentSnapshot oneTurn =
        TestAgents.agent(
            new StopRules(true, null, 20, 1),
            TestAgents.agent().tools().toArray(AgentSnapshot.AgentTool[]::new));
    child.given(child.createChild(oneTurn, RESUMABLE, "only job"));

    child.when(child.reply("done"));

    assertThat(child.outputs(Output.NotifyParent.class))
        .extracting(Output.NotifyParent::kind)
        .containsExactly(ChildReport.COMPLETED, ChildReport.TERMINATED);
    child.thenStatus(Status.TERMINATED);
  }

  /** Spec §8.2: a tool's notify_parent takes files along (the shell copies them). */
  @Test
  void aToolsNotifyParentCarriesItsAttachments() {
    child.given(
        child.createChild(TestAgents.agent(), ONE_SHOT, "look it up"), child.calls("echo", "{}"));

    child.when(
        new Input.ToolResultReceived(
            child.pendingId(),
            child.state.epoch(),
            child.tick(),
            "{}",
            null,
            3,
            java.util.List.of(
                new Values.ToolEffect(
                    "notify_parent",
                    "found it",
                    java.util.List.of(new Values.Attachment("found.csv", "text/csv", null, null)))),
            List.of()));

    assertThat(child.thenReports(ChildReport.NOTIFY).attachments())
        .extracting(Values.Attachment::path)
        .containsExactly("found.csv");
  }

  @Test
  void aChildWhoseCreationIsRefusedTellsItsParent() {
    // Another tenant already holds the id the child would get.
    child.given(
        new Input.CreateThread(
            child.nextCommandId(),
            "mallory",
            Scenario.THREAD,
            child.tick(),
            "squatter",
            TestAgents.agent(),
            null,
            java.util.Map.of(),
            null,
            Map.of()));

    child.when(child.createChild(TestAgents.agent(), ONE_SHOT, "look it up"));

    Output.NotifyParent report = child.thenReports(ChildReport.FAILED);
    assertThat(report.parentThreadId()).isEqualTo(PARENT);
    assertThat(report.content()).contains("could not be created");
  }

  // ---- the parent's side ---------------------------------------------------------------------

  private final Scenario parent = new Scenario();

  private void givenAParentWaitingOnItsChild(boolean explicit) {
    parent.given(
        parent.create(SubagentScenario.parentAgent(explicit)),
        parent.message("go"),
        parent.calls("research", "{\"message\":\"a\"}"));
  }

  private Input.ChildUpdate report(ChildReport kind, String status, String content) {
    return parent.childUpdate("t-1/research-1.1.0", kind, status, content);
  }

  @Test
  void anExplicitChildsEndFreesItsSlotWithoutTellingTheModel() {
    givenAParentWaitingOnItsChild(true);
    parent.given(parent.reply("waiting"));

    parent.when(report(ChildReport.COMPLETED, "completed", "done"));

    assertThat(parent.state.children().entries().getFirst().active()).isFalse();
    assertThat(parent.events(MessageQueued.class)).isEmpty();
    parent.thenStatus(Status.IDLE);
  }

  @Test
  void aTerminatedChildIsToldToTheParentsModel() {
    givenAParentWaitingOnItsChild(false);
    parent.given(parent.reply("waiting"));

    parent.when(report(ChildReport.TERMINATED, "terminated", "stopped by an operator"));

    assertThat(parent.state.queue()).isEmpty();
    parent.thenRequestsModel();
    assertThat(parent.events(Event.MessageAppended.class).getFirst().message().content())
        .contains("[subagent research terminated]");
  }

  /**
   * A report is a delivery from the system, never refused, and held to the queue caps all the same:
   * while the parent's queue is full it waits as a timer of the parent, and the registry hears now.
   */
  @Test
  void aChildsReportThatFindsTheQueueFullIsHeldAsATimerAndTheRegistryHearsNow() {
    Scenario small =
        new Scenario(MachineConfig.defaults().withLimits(l -> l.withQueue(1, l.queueBytes())));
    small.given(
        small.create(SubagentScenario.parentAgent(false)),
        small.message("go"),
        small.calls("research", "{\"message\":\"a\"}"),
        small.message("fills the queue"));

    small.when(small.childUpdate("t-1/research-1.1.0", ChildReport.COMPLETED, "completed", "done"));

    assertThat(small.state.queue()).hasSize(1);
    assertThat(small.events(ChildStatusUpdated.class)).hasSize(1);
    assertThat(small.outputs(Output.SetTimer.class))
        .singleElement()
        .satisfies(
            t -> {
              assertThat(t.effectId()).startsWith("report:");
              assertThat(t.fireAt()).isEqualTo(small.now().plusSeconds(5));
              assertThat(((Queued.QueuedMessage) t.action()).message().text())
                  .isEqualTo("[subagent research completed] done");
            });
  }

  @Test
  void theRegistryKeepsTheLifecycleApartFromTheReportedStatus() {
    givenAParentWaitingOnItsChild(false);

    parent.when(report(ChildReport.STATUS, "halfway", null));

    ChildEntry entry = parent.state.children().entries().getFirst();
    assertThat(entry.status()).isEqualTo(ChildStatus.RUNNING);
    assertThat(entry.sessionStatus()).isEqualTo("halfway");
    parent.thenEmits(new ChildStatusUpdated("t-1/research-1.1.0", ChildReport.STATUS, "halfway"));
  }

  @Test
  void terminatingAParentTerminatesItsLiveChildren() {
    givenAParentWaitingOnItsChild(false);

    parent.when(parent.terminate());

    assertThat(parent.outputs(Output.TerminateChild.class))
        .singleElement()
        .satisfies(t -> assertThat(t.childThreadId()).isEqualTo("t-1/research-1.1.0"));
  }

  @Test
  void aChildsReportToATerminatedParentIsDroppedWithAnEventNotDeadLettered() {
    givenAParentWaitingOnItsChild(false);
    parent.given(parent.terminate());

    parent.when(report(ChildReport.TERMINATED, "terminated", "parent terminated"));

    assertThat(parent.events(Event.CommandRejected.class)).hasSize(1);
    assertThat(parent.outputs(Output.DeadLetter.class)).isEmpty();
  }
}
