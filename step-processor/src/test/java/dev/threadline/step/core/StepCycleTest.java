package dev.threadline.step.core;

import static dev.threadline.step.core.Scenario.call;
import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.step.core.AgentSnapshot.AgentTool;
import dev.threadline.step.core.AgentSnapshot.StopRules;
import dev.threadline.step.core.Enums.Permission;
import dev.threadline.step.core.Enums.Role;
import dev.threadline.step.core.Enums.Status;
import dev.threadline.step.core.Enums.TurnEnd;
import dev.threadline.step.core.Event.MessageAppended;
import dev.threadline.step.core.Event.StatusReported;
import dev.threadline.step.core.Event.ToolCallCompleted;
import dev.threadline.step.core.Event.TurnCompleted;
import dev.threadline.step.core.Event.ValueChanged;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Spec §3 (step cycle), §5 (tool execution), §6 (stop conditions), §14 (KV tools). */
class StepCycleTest {
  private final Scenario scenario = new Scenario();

  private static AgentSnapshot agent(StopRules stop) {
    return TestAgents.agent(
        stop,
        new AgentTool("echo", Permission.ALLOW, null, null),
        new AgentTool("finish", Permission.ALLOW, null, null));
  }

  /** ThreadState's {@code userId}: who sent the message that started the turn, as it says. */
  @Test
  void aTurnRemembersWhoSentTheMessageThatStartedIt() {
    scenario.given(scenario.create());

    scenario.when(
        scenario.message(
            new Values.InboundMessage(
                Enums.Origin.INVOKE, null, "ada", "look it up", java.util.Map.of(), List.of()),
            Enums.Delivery.AUTO));

    assertThat(scenario.state.turnSender()).isEqualTo("ada");
    scenario.given(scenario.reply("done"), scenario.queueTool("echo", "{}"));
    assertThat(scenario.state.turnSender()).isNull(); // a queued tool's turn: no message started it
  }

  @Test
  void theAssistantMessageIsPersistedBeforeAnyToolRuns() {
    scenario.givenRunning();

    scenario.when(scenario.reply("let me check", call("c1", "echo", "{\"n\":1}")));

    scenario.thenOutputsInOrder(Output.AppendMessage.class, Output.RequestTool.class);
    assertThat(scenario.events(MessageAppended.class).getFirst().message().toolCalls()).hasSize(1);
  }

  @Test
  void toolCallsRunOneAtATimeInTheReturnedOrder() {
    scenario.givenRunning();

    scenario.when(
        scenario.reply(
            null, call("c1", "echo", "{\"n\":1}"), call("c2", "search", "{\"q\":\"x\"}")));

    assertThat(scenario.outputs(Output.RequestTool.class))
        .singleElement()
        .satisfies(
            r -> {
              assertThat(r.call().callId()).isEqualTo("c1");
              assertThat(r.requestId()).isEqualTo("t-1/t1/s1/c0");
            });
    assertThat(scenario.state.remainingCalls()).extracting(c -> c.callId()).containsExactly("c2");
  }

  @Test
  void eachToolResultIsPersistedBeforeTheNextRequestIsEmitted() {
    scenario.givenCalling(call("c1", "echo", "{}"), call("c2", "search", "{}"));

    scenario.when(scenario.toolOk("one"));

    scenario.thenOutputsInOrder(Output.AppendMessage.class, Output.RequestTool.class);
    Output.AppendMessage persisted = scenario.outputs(Output.AppendMessage.class).getFirst();
    assertThat(persisted.message().toolCallId()).isEqualTo("c1");
    assertThat(scenario.outputs(Output.RequestTool.class).getFirst().call().callId())
        .isEqualTo("c2");
  }

  @Test
  void afterTheLastToolResultTheModelIsCalledAgain() {
    scenario.givenCalling(call("c1", "echo", "{}"));

    scenario.when(scenario.toolOk("{}"));

    assertThat(scenario.outputs(Output.RequestModel.class))
        .singleElement()
        .satisfies(r -> assertThat(r.requestId()).isEqualTo("t-1/t1/s2/model"));
    assertThat(scenario.state.step()).isEqualTo(2);
  }

  @Test
  void aToolErrorIsPersistedAsAToolResultAndTheLoopGoesOn() {
    scenario.givenCalling(call("c1", "echo", "{}"));

    scenario.when(scenario.toolFailed("boom"));

    MessageAppended result = scenario.events(MessageAppended.class).getFirst();
    assertThat(result.message().isError()).isTrue();
    assertThat(result.message().content()).isEqualTo("boom");
    assertThat(scenario.events(ToolCallCompleted.class).getFirst().error()).isEqualTo("boom");
    scenario.thenRequestsModel();
  }

  @Test
  void anUnknownToolBecomesAnErrorResultNamingTheAvailableTools() {
    scenario.givenRunning();

    scenario.when(scenario.calls("teleport", "{}"));

    MessageAppended result = scenario.events(MessageAppended.class).get(1);
    assertThat(result.message().isError()).isTrue();
    assertThat(result.message().content()).contains("unknown tool 'teleport'").contains("echo");
    assertThat(scenario.outputs(Output.RequestTool.class)).isEmpty();
    scenario.thenRequestsModel();
  }

  @Test
  void aDeniedToolReturnsAnErrorResultAtOnce() {
    scenario.givenRunning();

    scenario.when(scenario.calls("rm", "{}"));

    assertThat(scenario.events(MessageAppended.class).get(1).message().content())
        .contains("permission denied");
    assertThat(scenario.outputs(Output.RequestTool.class)).isEmpty();
  }

  @Test
  void stopOnResponseEndsTheTurnWhenTheModelAnswersWithoutTools() {
    scenario.given(scenario.create(), scenario.message("hi"));

    scenario.when(scenario.reply("hello"));

    scenario.thenEmits(new TurnCompleted(TurnEnd.RESPONSE, 1));
  }

  @Test
  void withoutStopOnResponseATextAnswerLeadsToAnotherModelCall() {
    scenario.given(
        scenario.create(agent(new StopRules(false, null, 3, null))), scenario.message("hi"));

    scenario.when(scenario.reply("thinking"));

    scenario.thenRequestsModel();
    assertThat(scenario.events(TurnCompleted.class)).isEmpty();
  }

  @Test
  void sessionStopCompletesTheThreadWithItsPayload() {
    scenario.givenRunning();

    scenario.when(scenario.calls("sessionStop", "{\"result\":42}"));

    scenario.thenEmits(new TurnCompleted(TurnEnd.SESSION_STOP, 1));
    scenario.thenStatus(Status.COMPLETED);
    assertThat(scenario.state.terminal().payloadJson()).isEqualTo("{\"result\":42}");
  }

  @Test
  void sessionFailFailsTheThread() {
    scenario.givenRunning();

    scenario.when(scenario.calls("sessionFail", "{\"reason\":\"stuck\"}"));

    scenario.thenEmits(new TurnCompleted(TurnEnd.SESSION_FAIL, 1));
    scenario.thenStatus(Status.FAILED);
  }

  @Test
  void aCompletedThreadRejectsNewMessages() {
    scenario.givenCalling(call("c1", "sessionStop", "{}"));

    scenario.when(scenario.message("more?"));

    assertThat(scenario.events(Event.CommandRejected.class).getFirst().reason())
        .isEqualTo("thread is completed");
  }

  @Test
  void sessionStopTakesPrecedenceOverTheStopTool() {
    scenario.given(
        scenario.create(agent(new StopRules(true, "finish", 20, null))), scenario.message("go"));

    // The stop tool after sessionStop is skipped (ConversationTest), so the turn ends at once.
    scenario.when(
        scenario.reply(null, call("c1", "sessionStop", "{}"), call("c2", "finish", "{}")));

    scenario.thenEmits(new TurnCompleted(TurnEnd.SESSION_STOP, 1));
  }

  @Test
  void theStopToolEndsTheTurnAfterItsResultIsPersisted() {
    scenario.given(
        scenario.create(agent(new StopRules(false, "finish", 20, null))), scenario.message("go"));
    scenario.when(scenario.calls("finish", "{}"));

    scenario.when(scenario.toolOk("ok"));

    assertThat(scenario.events())
        .extracting(p -> p.getClass().getSimpleName())
        .containsSubsequence("MessageAppended", "ToolCallCompleted", "TurnCompleted");
    scenario.thenEmits(new TurnCompleted(TurnEnd.STOP_TOOL, 1));
    scenario.thenStatus(Status.IDLE);
  }

  @Test
  void anUndeclaredStopToolIsHandledByTheRuntime() {
    scenario.given(
        scenario.create(TestAgents.agent(new StopRules(false, "done", 20, null))),
        scenario.message("go"));

    scenario.when(scenario.calls("done", "{}"));

    assertThat(scenario.outputs(Output.RequestTool.class)).isEmpty();
    scenario.thenEmits(new TurnCompleted(TurnEnd.STOP_TOOL, 1));
  }

  @Test
  void maxStepsEndsTheTurn() {
    scenario.given(
        scenario.create(agent(new StopRules(true, null, 2, null))),
        scenario.message("go"),
        scenario.calls("echo", "{}"),
        scenario.toolOk("1"),
        scenario.reply(null, call("c2", "echo", "{}")));

    scenario.when(scenario.toolOk("2"));

    scenario.thenEmits(new TurnCompleted(TurnEnd.MAX_STEPS, 2));
    scenario.thenRequestsNoModel();
  }

  @Test
  void theRuntimeHardCapEndsTheTurnWhateverTheAgentSays() {
    Scenario capped = new Scenario(MachineConfig.defaults().withHardMaxStepsPerTurn(1));
    capped.given(
        capped.create(agent(new StopRules(true, null, 500, null))),
        capped.message("go"),
        capped.calls("echo", "{}"));

    capped.when(capped.toolOk("1"));

    capped.thenEmits(new TurnCompleted(TurnEnd.HARD_CAP, 1));
  }

  @Test
  void maxSessionTurnsCompletesTheThreadAfterItsLastTurn() {
    scenario.given(
        scenario.create(agent(new StopRules(true, null, 20, 1))),
        scenario.message("one"),
        scenario.message("two"));

    scenario.when(scenario.reply("done"));

    scenario.thenStatus(Status.COMPLETED);
    assertThat(scenario.events(Event.CommandRejected.class))
        .singleElement()
        .satisfies(r -> assertThat(r.reason()).contains("maxSessionTurns"));
  }

  @Test
  void sessionStatusReportsWithoutStopping() {
    scenario.givenRunning();

    scenario.when(scenario.calls("sessionStatus", "{\"status\":\"halfway\"}"));

    assertThat(scenario.events(StatusReported.class))
        .containsExactly(new StatusReported("halfway", "{\"status\":\"halfway\"}"));
    scenario.thenRequestsModel();
    scenario.thenStatus(Status.RUNNING);
  }

  @Test
  void sessionStatusWithoutAStatusIsAToolError() {
    scenario.givenRunning();

    scenario.when(scenario.calls("sessionStatus", "{}"));

    assertThat(scenario.events(MessageAppended.class).get(1).message().isError()).isTrue();
  }

  @Test
  void keyValueToolsRunInTheShellAgainstTheThreadsStore() {
    scenario.givenRunning();

    scenario.when(scenario.calls("set_value", "{\"key\":\"k\",\"value\":{\"a\":1}}"));

    Output.RunStoreTool run = scenario.outputs(Output.RunStoreTool.class).getFirst();
    assertThat(run.call().name()).isEqualTo("set_value");
    assertThat(scenario.outputs(Output.SetDeadline.class)).isEmpty();

    scenario.when(
        new Input.ToolResultReceived(
            run.requestId(),
            run.epoch(),
            scenario.tick(),
            "{\"ok\":true}",
            null,
            0,
            List.of(),
            List.of()));

    assertThat(scenario.events(ValueChanged.class))
        .containsExactly(new ValueChanged("k", "{\"a\":1}"));
    assertThat(scenario.events(MessageAppended.class).getFirst().message().role())
        .isEqualTo(Role.TOOL);
  }

  @Test
  void settingNullIsRecordedAsADeletion() {
    scenario.givenCalling(call("c1", "set_value", "{\"key\":\"k\",\"value\":null}"));

    scenario.when(scenario.toolOk("{\"ok\":true}"));

    assertThat(scenario.events(ValueChanged.class)).containsExactly(new ValueChanged("k", null));
  }
}
