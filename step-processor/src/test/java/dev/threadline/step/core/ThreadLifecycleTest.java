package dev.threadline.step.core;

import static dev.threadline.step.core.Scenario.TENANT;
import static dev.threadline.step.core.Scenario.THREAD;
import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.step.core.Enums.Delivery;
import dev.threadline.step.core.Enums.Lane;
import dev.threadline.step.core.Enums.Origin;
import dev.threadline.step.core.Enums.QueuedKind;
import dev.threadline.step.core.Enums.Role;
import dev.threadline.step.core.Enums.Status;
import dev.threadline.step.core.Enums.Trigger;
import dev.threadline.step.core.Enums.TurnEnd;
import dev.threadline.step.core.Event.CommandRejected;
import dev.threadline.step.core.Event.MessageAppended;
import dev.threadline.step.core.Event.MessageQueued;
import dev.threadline.step.core.Event.StatusChanged;
import dev.threadline.step.core.Event.ThreadCreated;
import dev.threadline.step.core.Event.TurnCompleted;
import dev.threadline.step.core.Event.TurnStarted;
import dev.threadline.step.core.Values.InboundMessage;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Spec §2 (triggers), §9 (queue and delivery), thread creation and tenancy. */
class ThreadLifecycleTest {
  private final Scenario scenario = new Scenario();

  @Test
  void createThreadFreezesTheAgentSnapshot() {
    AgentSnapshot agent = TestAgents.agent();

    Transition t = scenario.when(scenario.create(agent));

    assertThat(t.outputs(Output.StoreAgent.class)).containsExactly(new Output.StoreAgent(agent));
    assertThat(t.state().agent()).isSameAs(agent);
    assertThat(t.state().status()).isEqualTo(Status.IDLE);
    assertThat(scenario.events())
        .containsExactly(new ThreadCreated("helper", null, null, Map.of()));
    assertThat(scenario.last.outputs(Output.Emit.class).getFirst().event().seq()).isEqualTo(1);
  }

  @Test
  void createThreadWithAMessageStartsTheFirstTurnAtOnce() {
    var create =
        new Input.CreateThread(
            "c-1",
            TENANT,
            THREAD,
            scenario.tick(),
            "helper",
            TestAgents.agent(),
            InboundMessage.invoke("hi"),
            Map.of(),
            null,
            Map.of());

    scenario.when(create);

    scenario.thenStatus(Status.RUNNING);
    scenario.thenRequestsModel();
  }

  @Test
  void createThreadWithAnUnknownAgentIsRejected() {
    var create =
        new Input.CreateThread(
            "c-1", TENANT, THREAD, scenario.tick(), "ghost", null, null, Map.of(), null, Map.of());

    Transition t = scenario.when(create);

    assertThat(t.state()).isNull();
    assertThat(scenario.events())
        .containsExactly(new CommandRejected("c-1", "CreateThread", "unknown agent 'ghost'"));
    assertThat(t.outputs(Output.DeadLetter.class)).hasSize(1);
  }

  @Test
  void createThreadWithAnInvalidThreadIdIsRejected() {
    var create =
        new Input.CreateThread(
            "c-1",
            TENANT,
            "a|b",
            scenario.tick(),
            "helper",
            TestAgents.agent(),
            null,
            Map.of(),
            null,
            Map.of());

    assertThat(scenario.when(create).state()).isNull();
    scenario.thenRejected("invalid thread id");
  }

  @Test
  void creatingAnExistingThreadAgainIsRejected() {
    scenario.given(scenario.create());

    scenario.when(scenario.create());

    assertThat(scenario.events(CommandRejected.class).getFirst().reason())
        .isEqualTo("thread already exists");
  }

  @Test
  void commandsForUnknownThreadsAreRejectedOutsideAnyLog() {
    Transition t = scenario.when(scenario.message("hello?"));

    assertThat(t.state()).isNull();
    Event event = t.outputs(Output.Emit.class).getFirst().event();
    assertThat(event.seq()).isZero();
    assertThat(event.payload())
        .isEqualTo(new CommandRejected("cmd-1", "SendMessage", "unknown thread"));
    assertThat(t.outputs(Output.DeadLetter.class))
        .containsExactly(new Output.DeadLetter("unknown thread"));
  }

  @Test
  void commandsFromAnotherTenantAreRejectedAsUnknownAndChangeNothing() {
    scenario.given(scenario.create());
    MachineState before = scenario.state;

    Transition t =
        scenario.when(
            new Input.SendMessage(
                "x-1", "intruder", scenario.tick(), InboundMessage.invoke("hi"), Delivery.AUTO));

    assertThat(t.state()).isEqualTo(before);
    assertThat(t.outputs(Output.Emit.class).getFirst().event().seq()).isZero();
    assertThat(scenario.events())
        .containsExactly(new CommandRejected("x-1", "SendMessage", "unknown thread"));
  }

  @Test
  void userMessageOnAnIdleThreadStartsATurnAndCallsTheModel() {
    scenario.given(scenario.create());

    scenario.when(scenario.message("hello"));

    assertThat(scenario.events())
        .extracting(p -> p.getClass().getSimpleName())
        .containsExactly("StatusChanged", "TurnStarted", "MessageAppended", "ModelCallRequested");
    assertThat(scenario.events(StatusChanged.class))
        .containsExactly(new StatusChanged(Status.IDLE, Status.RUNNING));
    assertThat(scenario.events(TurnStarted.class))
        .containsExactly(new TurnStarted(Trigger.MESSAGE, Lane.TASK));
    Output.RequestModel request = scenario.outputs(Output.RequestModel.class).getFirst();
    assertThat(request.requestId()).isEqualTo("t-1/t1/s1/model");
    assertThat(request.contextFromSeq()).isEqualTo(1);
    assertThat(scenario.outputs(Output.AppendMessage.class))
        .singleElement()
        .satisfies(
            a -> {
              assertThat(a.seq()).isEqualTo(1);
              assertThat(a.message().role()).isEqualTo(Role.USER);
              assertThat(a.message().content()).isEqualTo("hello");
            });
    assertThat(scenario.outputs(Output.SetDeadline.class)).hasSize(1);
  }

  @Test
  void aMessageWhileBusyIsQueuedAndInjectedBeforeTheNextModelCall() {
    scenario.given(scenario.create(), scenario.message("first"), scenario.calls("echo", "{}"));

    Input.SendMessage also = scenario.message("also this");
    scenario.when(also);
    assertThat(scenario.events())
        .containsExactly(new MessageQueued(QueuedKind.MESSAGE, 1, also.commandId()));
    scenario.thenRequestsNoModel();

    scenario.when(scenario.toolOk("{}"));

    List<MessageAppended> appended = scenario.events(MessageAppended.class);
    assertThat(appended).extracting(a -> a.message().role()).containsExactly(Role.TOOL, Role.USER);
    assertThat(appended.get(1).message().content()).isEqualTo("also this");
    assertThat(scenario.outputs(Output.RequestModel.class))
        .singleElement()
        .satisfies(r -> assertThat(r.requestId()).isEqualTo("t-1/t1/s2/model"));
    assertThat(scenario.state.queue()).isEmpty();
  }

  @Test
  void queuedMessagesAreInjectedInFifoOrder() {
    scenario.given(
        scenario.create(),
        scenario.message("first"),
        scenario.calls("echo", "{}"),
        scenario.message("a"),
        scenario.message("b"),
        scenario.message("c"));

    scenario.when(scenario.toolOk("{}"));

    assertThat(scenario.events(MessageAppended.class))
        .extracting(a -> a.message().content())
        .containsExactly("{}", "a", "b", "c");
  }

  @Test
  void steeringGoesAheadOfQueuedMessagesAndIsInjectedAtTheNextModelCall() {
    scenario.given(
        scenario.create(),
        scenario.message("first"),
        scenario.calls("echo", "{}"),
        scenario.message("queued"),
        scenario.message(InboundMessage.invoke("steer 1"), Delivery.STEER),
        scenario.message(InboundMessage.invoke("steer 2"), Delivery.STEER));

    scenario.when(scenario.toolOk("{}"));

    assertThat(scenario.events(MessageAppended.class))
        .extracting(a -> a.message().content())
        .containsExactly("{}", "steer 1", "steer 2", "queued");
  }

  @Test
  void aTurnEndingWithANonEmptyQueueStartsTheNextTurnAtOnce() {
    scenario.given(scenario.create(), scenario.message("first"), scenario.message("second"));

    scenario.when(scenario.reply("answer to first"));

    assertThat(scenario.events())
        .extracting(p -> p.getClass().getSimpleName())
        .containsExactly(
            "ModelCallCompleted",
            "MessageAppended",
            "TurnCompleted",
            "TurnStarted",
            "MessageAppended",
            "ModelCallRequested");
    assertThat(scenario.events(TurnStarted.class).getFirst().trigger()).isEqualTo(Trigger.QUEUED);
    assertThat(scenario.state.turn()).isEqualTo(2);
    scenario.thenStatus(Status.RUNNING);
    assertThat(scenario.outputs(Output.RequestModel.class).getFirst().requestId())
        .isEqualTo("t-1/t2/s1/model");
  }

  @Test
  void aTurnEndingWithAnEmptyQueueLeavesTheThreadIdle() {
    scenario.given(scenario.create(), scenario.message("hi"));

    scenario.when(scenario.reply("hello"));

    scenario.thenEmits(new TurnCompleted(TurnEnd.RESPONSE, 1));
    assertThat(scenario.events(StatusChanged.class))
        .containsExactly(new StatusChanged(Status.RUNNING, Status.IDLE));
    assertThat(scenario.state.awaiting()).isNull();
  }

  @Test
  void anExplicitlyQueuedMessageOnAnIdleThreadForcesATurn() {
    scenario.given(scenario.create());

    scenario.when(scenario.message(InboundMessage.invoke("later"), Delivery.QUEUE));

    assertThat(scenario.events(TurnStarted.class))
        .containsExactly(new TurnStarted(Trigger.QUEUED_MESSAGE, Lane.TASK));
  }

  @Test
  void aQueuedToolRunsAsAToolCallWithItsResultPersistedThenTheModelIsCalled() {
    scenario.given(scenario.create());

    scenario.when(scenario.queueTool("echo", "{\"n\":1}"));
    Output.RequestTool request = scenario.outputs(Output.RequestTool.class).getFirst();
    assertThat(request.call().name()).isEqualTo("echo");
    scenario.thenRequestsNoModel();
    assertThat(scenario.events(MessageAppended.class).getFirst().message().toolCalls()).hasSize(1);

    scenario.when(scenario.toolOk("{\"n\":1}"));

    assertThat(scenario.events(MessageAppended.class))
        .extracting(a -> a.message().role())
        .containsExactly(Role.TOOL);
    scenario.thenRequestsModel();
  }

  @Test
  void aQueuedToolWithArgumentsThatAreNotAJsonObjectIsRejected() {
    scenario.given(scenario.create());

    scenario.when(scenario.queueTool("echo", "[1,2"));

    scenario.thenRejected("must be a JSON object");
    scenario.thenStatus(Status.IDLE);
  }

  @Test
  void theTurnRunsOnTheLaneOfItsMessageOrigin() {
    scenario.given(scenario.create());

    scenario.when(
        scenario.message(
            new InboundMessage(Origin.CHAT, "slack", "ann", "hey", Map.of(), List.of()),
            Delivery.AUTO));

    assertThat(scenario.outputs(Output.RequestModel.class).getFirst().lane()).isEqualTo(Lane.CHAT);
  }

  @Test
  void aFullQueueRejectsMoreWork() {
    Scenario small =
        new Scenario(MachineConfig.defaults().withLimits(l -> l.withQueue(1, l.queueBytes())));
    small.given(small.create(), small.message("busy"), small.message("one"));

    small.when(small.message("two"));

    small.thenRejected("queue is full");
    assertThat(small.state.queue()).hasSize(1);
  }
}
