package dev.threadline.step.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.step.core.Enums.Delivery;
import dev.threadline.step.core.Enums.Origin;
import dev.threadline.step.core.Enums.QueuedKind;
import dev.threadline.step.core.Enums.Status;
import dev.threadline.step.core.Enums.Trigger;
import dev.threadline.step.core.Enums.TurnEnd;
import dev.threadline.step.core.Event.ApprovalDecided;
import dev.threadline.step.core.Event.ApprovalRequested;
import dev.threadline.step.core.Event.EffectCancelled;
import dev.threadline.step.core.Event.EffectFired;
import dev.threadline.step.core.Event.EffectScheduled;
import dev.threadline.step.core.Event.MessageAppended;
import dev.threadline.step.core.Event.MessageQueued;
import dev.threadline.step.core.Event.StatusChanged;
import dev.threadline.step.core.Event.TurnCompleted;
import dev.threadline.step.core.Event.TurnStarted;
import dev.threadline.step.core.Values.InboundMessage;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Spec §2 (scheduled effects as triggers), §9 (thread-group coalescing in the queue), and the
 * brief's approvals (permission ask).
 */
class EffectsAndApprovalsTest {
  private final Scenario scenario = new Scenario();

  private Input.ScheduleEffect schedule(String effectId, Instant fireAt, Queued action) {
    return new Input.ScheduleEffect(
        scenario.nextCommandId(),
        Scenario.TENANT,
        scenario.tick(),
        effectId,
        fireAt,
        action,
        null,
        0);
  }

  private static Queued.QueuedMessage later(String effectId, String text) {
    return new Queued.QueuedMessage(effectId, InboundMessage.invoke(text), false, Scenario.T0);
  }

  private Input.EffectFired fire(String effectId, Queued action) {
    return new Input.EffectFired(effectId, scenario.tick(), action, null);
  }

  private Input.ApprovalDecision decide(String callId, boolean approve) {
    return scenario.decision(callId, approve, approve ? null : "too risky");
  }

  private static InboundMessage from(Origin origin, String text) {
    return new InboundMessage(origin, null, null, text, Map.of(), List.of());
  }

  // ---- scheduled effects ---------------------------------------------------------------------

  @Test
  void schedulingAnEffectSetsADurableTimer() {
    scenario.given(scenario.create());
    Instant fireAt = Scenario.T0.plusSeconds(3600);

    scenario.when(schedule("e1", fireAt, later("e1", "wake up")));

    assertThat(scenario.outputs(Output.SetTimer.class))
        .containsExactly(new Output.SetTimer("e1", fireAt, later("e1", "wake up"), null));
    assertThat(scenario.events())
        .containsExactly(new EffectScheduled("e1", fireAt, "message", null));
  }

  @Test
  void aFiredEffectStartsATurnOnAnIdleThread() {
    scenario.given(scenario.create());

    scenario.when(fire("e1", later("e1", "wake up")));

    assertThat(scenario.events(EffectFired.class)).containsExactly(new EffectFired("e1"));
    assertThat(scenario.events(TurnStarted.class).getFirst().trigger()).isEqualTo(Trigger.EFFECT);
    assertThat(scenario.events(MessageAppended.class).getFirst().message().content())
        .isEqualTo("wake up");
  }

  @Test
  void aFiredToolEffectRunsTheToolThenCallsTheModel() {
    scenario.given(scenario.create());

    scenario.when(fire("e2", new Queued.QueuedTool("e2", "echo", "{\"n\":2}", Scenario.T0)));

    assertThat(scenario.outputs(Output.RequestTool.class))
        .singleElement()
        .satisfies(r -> assertThat(r.call().name()).isEqualTo("echo"));
  }

  @Test
  void aFiredEffectOnABusyThreadIsQueued() {
    scenario.given(scenario.create(), scenario.message("busy"));

    scenario.when(fire("e1", later("e1", "wake up")));

    assertThat(scenario.events(MessageQueued.class))
        .singleElement()
        .satisfies(q -> assertThat(q.kind()).isEqualTo(QueuedKind.MESSAGE));
    scenario.thenRequestsNoModel();
  }

  @Test
  void aFiredEffectOnAFinishedThreadIsDroppedWithAnEvent() {
    scenario.given(scenario.create(), scenario.terminate());

    scenario.when(fire("e1", later("e1", "too late")));

    scenario.thenRejected("dropped");
    scenario.thenStatus(Status.TERMINATED);
  }

  @Test
  void cancellingAScheduledEffectRemovesItsTimer() {
    scenario.given(scenario.create());

    scenario.when(scenario.cancel("e1", true));

    assertThat(scenario.outputs(Output.CancelTimer.class))
        .containsExactly(new Output.CancelTimer("e1"));
    assertThat(scenario.events()).containsExactly(new EffectCancelled("e1"));
  }

  @Test
  void cancellingAnEffectThatIsNotScheduledIsRejected() {
    scenario.given(scenario.create());

    scenario.when(scenario.cancel("ghost", false));

    scenario.thenRejected("no scheduled effect 'ghost'");
    assertThat(scenario.outputs(Output.CancelTimer.class)).isEmpty();
  }

  @Test
  void anEffectWithAnInvalidMessageIsRejected() {
    scenario.given(scenario.create());

    scenario.when(
        schedule(
            "e1",
            Scenario.T0.plusSeconds(5),
            new Queued.QueuedMessage(
                "e1",
                new InboundMessage(Origin.CHAT, null, "ann", "hi", Map.of(), List.of()),
                false,
                Scenario.T0)));

    assertThat(scenario.outputs(Output.SetTimer.class)).isEmpty();
    scenario.thenRejected("chat requires a channel");
  }

  // ---- approvals ---------------------------------------------------------------------------

  @Test
  void aToolWithPermissionAskPausesTheThreadUntilADecision() {
    scenario.given(scenario.create(), scenario.message("ship it"));

    scenario.when(scenario.calls("deploy", "{\"env\":\"prod\"}"));

    scenario.thenStatus(Status.AWAITING_APPROVAL);
    assertThat(scenario.state.awaiting()).isInstanceOf(Awaiting.Approval.class);
    ApprovalRequested approvalRequested = scenario.event(ApprovalRequested.class);
    assertThat(approvalRequested.callId()).isEqualTo("c1");
    assertThat(approvalRequested.toolName()).isEqualTo("deploy");
    assertThat(scenario.events(StatusChanged.class))
        .containsExactly(new StatusChanged(Status.RUNNING, Status.AWAITING_APPROVAL));
    assertThat(scenario.outputs(Output.RequestTool.class)).isEmpty();
  }

  /** A decision that names the request it decides must name the one that waits. */
  @Test
  void aDecisionForAnotherRequestIsRejected() {
    scenario.givenAwaitingApproval();

    scenario.when(scenario.decision("c1", true, "t-1/t0/s1/c0", scenario.state.epoch()));

    scenario.thenRejected("no tool call 'c1' is waiting for approval");
    assertThat(scenario.outputs(Output.RequestTool.class)).isEmpty();
  }

  /** A decision made for an aborted turn's approval does not decide a later one's. */
  @Test
  void aDecisionFromAnEarlierEpochIsRejected() {
    scenario.givenAwaitingApproval();
    long earlier = scenario.state.epoch();
    scenario.given(
        scenario.abort(),
        scenario.message("again"),
        scenario.reply(null, Scenario.call("c1", "deploy", "{}")));

    scenario.when(scenario.decision("c1", true, null, earlier));

    scenario.thenRejected("waiting for approval");
  }

  /**
   * An unfenced decision (call id alone) made before the approval that waits was requested is for
   * an earlier call of that id: it decides nothing, and says how to fence it.
   */
  @Test
  void anUnfencedDecisionMadeBeforeTheApprovalWasRequestedIsRejected() {
    scenario.givenAwaitingApproval();
    java.time.Instant requested = scenario.state.awaiting().issuedAt();

    scenario.when(
        new Input.ApprovalDecision(
            scenario.nextCommandId(),
            Scenario.TENANT,
            requested.minusSeconds(1),
            "c1",
            true,
            null,
            null,
            null,
            null));

    scenario.thenRejected("made before this approval was requested");
    scenario.thenRejected("requestId and epoch");
    scenario.thenStatus(Status.AWAITING_APPROVAL);
    assertThat(scenario.outputs(Output.RequestTool.class)).isEmpty();
  }

  @Test
  void anApprovalRunsTheCall() {
    scenario.givenAwaitingApproval();

    Input.ApprovalDecision decision = decide("c1", true);
    scenario.when(decision);

    assertThat(scenario.events(ApprovalDecided.class))
        .containsExactly(new ApprovalDecided("c1", true, null, decision.commandId()));
    assertThat(scenario.outputs(Output.RequestTool.class))
        .singleElement()
        .satisfies(r -> assertThat(r.requestId()).isEqualTo("t-1/t1/s1/c0"));
    scenario.thenStatus(Status.RUNNING);
  }

  private Input.ApprovalDecision editTo(String argumentsJson) {
    return new Input.ApprovalDecision(
        scenario.nextCommandId(),
        Scenario.TENANT,
        scenario.tick(),
        "c1",
        true,
        null,
        null,
        null,
        argumentsJson);
  }

  @Test
  void anApprovalWithEditedArgumentsRunsTheCallWithThemAndTheLogSaysSo() {
    scenario.givenAwaitingApproval();

    Input.ApprovalDecision decision = editTo("{\"env\":\"staging\"}");
    scenario.when(decision);

    assertThat(scenario.events(ApprovalDecided.class))
        .containsExactly(
            new ApprovalDecided("c1", true, null, decision.commandId(), "{\"env\":\"staging\"}"));
    assertThat(scenario.outputs(Output.RequestTool.class))
        .singleElement()
        .satisfies(r -> assertThat(r.call().argumentsJson()).isEqualTo("{\"env\":\"staging\"}"));
  }

  @Test
  void anEditThatIsNoArgumentObjectIsRefusedAndTheCallStillWaits() {
    scenario.givenAwaitingApproval();

    scenario.when(editTo("[\"staging\"]"));

    scenario.thenRejected("the edited call: arguments of tool 'deploy' must be a JSON object");
    scenario.thenStatus(Status.AWAITING_APPROVAL);
    assertThat(scenario.outputs(Output.RequestTool.class)).isEmpty();
    scenario.when(decide("c1", true));
    assertThat(scenario.outputs(Output.RequestTool.class)).hasSize(1);
  }

  @Test
  void aDenialBecomesTheToolsErrorResultAndTheLoopGoesOn() {
    scenario.givenAwaitingApproval();

    scenario.when(decide("c1", false));

    MessageAppended result = scenario.events(MessageAppended.class).getFirst();
    assertThat(result.message().isError()).isTrue();
    assertThat(result.message().content()).isEqualTo("denied by the approver: too risky");
    assertThat(scenario.outputs(Output.RequestTool.class)).isEmpty();
    scenario.thenRequestsModel();
  }

  @Test
  void aDecisionForACallThatIsNotWaitingIsRejected() {
    scenario.givenAwaitingApproval();

    scenario.when(decide("c2", true));

    scenario.thenRejected("no tool call 'c2' is waiting for approval");
    scenario.thenStatus(Status.AWAITING_APPROVAL);
  }

  @Test
  void anApprovalTimeoutDenies() {
    Scenario timed =
        new Scenario(MachineConfig.defaults().withApprovalTimeout(Duration.ofMinutes(5)));
    timed.givenAwaitingApproval();
    assertThat(timed.outputs(Output.SetDeadline.class)).hasSize(1);

    timed.when(timed.deadlinePassed());

    assertThat(timed.events(ApprovalDecided.class).getFirst().approved()).isFalse();
    assertThat(timed.events(MessageAppended.class).getFirst().message().content())
        .contains("no decision within 300 s");
  }

  @Test
  void messagesWhileAwaitingApprovalAreQueuedAndAbortEndsTheTurn() {
    scenario.givenAwaitingApproval();

    Input.SendMessage status = scenario.message("status?");
    scenario.when(status);
    assertThat(scenario.events())
        .containsExactly(new MessageQueued(QueuedKind.MESSAGE, 1, status.commandId()));

    scenario.when(scenario.abort());
    scenario.thenEmits(new TurnCompleted(TurnEnd.ABORTED, 1));
    assertThat(scenario.state.turn()).isEqualTo(2); // the queued message starts the next turn
  }

  // ---- thread groups -----------------------------------------------------------------------

  @Test
  void aChoreJoinsAChoreAlreadyQueued() {
    scenario.given(scenario.create(), scenario.message("busy"));
    Input.SendMessage first = scenario.message(from(Origin.CHORE, "tidy a"), Delivery.AUTO);
    scenario.given(first);

    Input.SendMessage tidy = scenario.message(from(Origin.CHORE, "tidy b"), Delivery.AUTO);
    scenario.when(tidy);

    // The event names the chore it joined: the sender's run is answered in that one's.
    assertThat(scenario.events())
        .containsExactly(
            new MessageQueued(QueuedKind.CHORE_COALESCED, 1, tidy.commandId(), first.commandId()));
    assertThat(scenario.state.queue())
        .singleElement()
        .satisfies(
            q ->
                assertThat(((Queued.QueuedMessage) q).message().text())
                    .isEqualTo("tidy a\n\ntidy b"));
  }

  @Test
  void aWillReplacesAnyQueuedWill() {
    scenario.given(scenario.create(), scenario.message("busy"));
    Input.SendMessage replaced = scenario.message(from(Origin.WILL, "someday a"), Delivery.AUTO);
    scenario.given(replaced, scenario.message("other"));

    Input.SendMessage someday = scenario.message(from(Origin.WILL, "someday b"), Delivery.AUTO);
    scenario.when(someday);

    // The event names the will it replaced: that one's run ends, naming this one's.
    assertThat(scenario.events())
        .containsExactly(
            new MessageQueued(
                QueuedKind.WILL_REPLACED, 2, someday.commandId(), replaced.commandId()));
    assertThat(scenario.state.queue())
        .extracting(q -> ((Queued.QueuedMessage) q).message().text())
        .containsExactly("someday b", "other");
  }

  @Test
  void invokeAndTaskMessagesAreNeverCoalesced() {
    scenario.given(
        scenario.create(),
        scenario.message("busy"),
        scenario.message(from(Origin.TASK, "one"), Delivery.AUTO));

    scenario.when(scenario.message(from(Origin.TASK, "two"), Delivery.AUTO));

    assertThat(scenario.state.queue()).hasSize(2);
  }
}
