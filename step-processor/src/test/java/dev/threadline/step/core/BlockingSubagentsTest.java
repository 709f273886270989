package dev.threadline.step.core;

import static dev.threadline.step.core.Scenario.call;
import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.step.core.Enums.ChildReport;
import dev.threadline.step.core.Enums.ChildStatus;
import dev.threadline.step.core.Enums.Status;
import dev.threadline.step.core.Event.MessageAppended;
import dev.threadline.step.core.Event.MessageQueued;
import dev.threadline.step.core.Event.SubagentCreated;
import dev.threadline.step.core.Event.ToolCallCompleted;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Blocking subagents (the spec's default): the parent's tool call stays open until the child's
 * session ends, and the child's result — or failure — is that call's result; the parent's step goes
 * on from there. An abort ends the wait with an error result and terminates the child.
 */
class BlockingSubagentsTest {
  private static final String CHILD = "t-1/research-1.1.0";
  private final Scenario scenario = new Scenario();

  static AgentSnapshot parent() {
    return SubagentScenario.boss(
        List.of(SubagentScenario.research().blocking(true).build()),
        TestAgents.plain("researcher"));
  }

  /** The parent's model called the blocking research subagent (and then echo). */
  private void givenParentWaiting() {
    scenario.given(
        scenario.create(parent()),
        scenario.message("research kafka"),
        scenario.reply(
            null,
            call("c1", "research", "{\"message\":\"what is KIP-932?\"}"),
            call("c2", "echo", "{}")));
  }

  private Input.ChildUpdate report(ChildReport kind, String content) {
    return scenario.childUpdate(CHILD, kind, kind.wire(), content);
  }

  @Test
  void aBlockingSubagentCallWaitsForTheChildWithoutAResult() {
    givenParentWaiting();

    assertThat(scenario.state.awaiting()).isInstanceOf(Awaiting.Child.class);
    assertThat(scenario.state.awaiting().deadline()).isNull();
    assertThat(((Awaiting.Child) scenario.state.awaiting()).call().callId()).isEqualTo("c1");
    assertThat(scenario.state.children().entries().getFirst().waitingRequestId())
        .isEqualTo(scenario.state.awaiting().requestId());
  }

  @Test
  void theSpawnSaysTheCallBlocks() {
    scenario.given(scenario.create(parent()), scenario.message("research kafka"));

    scenario.when(scenario.calls("research", "{\"message\":\"what is KIP-932?\"}"));

    assertThat(scenario.events(SubagentCreated.class))
        .singleElement()
        .satisfies(c -> assertThat(c.blocking()).isTrue());
    assertThat(scenario.outputs(Output.SpawnChild.class)).hasSize(1);
    assertThat(scenario.outputs(Output.RequestTool.class)).isEmpty();
    assertThat(scenario.toolResults()).isEmpty();
  }

  @Test
  void theChildsResultIsTheToolResultAndTheStepGoesOn() {
    givenParentWaiting();

    scenario.when(report(ChildReport.COMPLETED, "KIP-932 adds share groups"));

    Values.Message result = scenario.toolResult();
    assertThat(result.toolCallId()).isEqualTo("c1");
    assertThat(result.content()).isEqualTo("KIP-932 adds share groups");
    assertThat(result.isError()).isFalse();
    assertThat(scenario.events(ToolCallCompleted.class)).hasSize(1);
    // the next call of the same reply runs: echo goes to the executors
    assertThat(scenario.outputs(Output.RequestTool.class))
        .singleElement()
        .satisfies(r -> assertThat(r.call().name()).isEqualTo("echo"));
    assertThat(scenario.events(MessageQueued.class)).isEmpty();
    assertThat(scenario.state.children().entries().getFirst().status())
        .isEqualTo(ChildStatus.COMPLETED);
  }

  @Test
  void aFailedChildIsAnErrorToolResult() {
    givenParentWaiting();

    scenario.when(report(ChildReport.FAILED, "{\"reason\":\"model_error\"}"));

    Values.Message result = scenario.toolResult();
    assertThat(result.isError()).isTrue();
    assertThat(result.content()).contains("research failed").contains("model_error");
  }

  @Test
  void aMessageWhileWaitingIsQueuedNotStartedAsATurn() {
    givenParentWaiting();

    scenario.when(scenario.message("are you there?"));

    assertThat(scenario.events(MessageQueued.class)).hasSize(1);
    assertThat(scenario.outputs(Output.RequestModel.class)).isEmpty();
    assertThat(scenario.state.awaiting()).isInstanceOf(Awaiting.Child.class);
  }

  @Test
  void anAbortEndsTheWaitWithAnErrorResultAndTerminatesTheChild() {
    givenParentWaiting();

    scenario.when(scenario.abort());

    assertThat(scenario.toolResults()).hasSize(2).allSatisfy(m -> assertThat(m.isError()).isTrue());
    assertThat(scenario.outputs(Output.TerminateChild.class))
        .singleElement()
        .satisfies(t -> assertThat(t.childThreadId()).isEqualTo(CHILD));
    assertThat(scenario.state.children().entries().getFirst().status())
        .isEqualTo(ChildStatus.TERMINATED);
    scenario.thenStatus(Status.IDLE);
  }

  @Test
  void theChildsLateReportAfterAnAbortReachesOnlyTheRegistry() {
    givenParentWaiting();
    scenario.given(scenario.abort());

    scenario.when(report(ChildReport.TERMINATED, "parent's turn was aborted"));

    assertThat(scenario.events(MessageAppended.class)).isEmpty();
    assertThat(scenario.events(MessageQueued.class)).isEmpty();
    assertThat(scenario.outputs(Output.RequestModel.class)).isEmpty();
  }

  @Test
  void aTerminatedParentEndsTheWaitAndTerminatesTheChild() {
    givenParentWaiting();

    scenario.when(scenario.terminate());

    assertThat(scenario.toolResults()).hasSize(2).allSatisfy(m -> assertThat(m.isError()).isTrue());
    assertThat(scenario.outputs(Output.TerminateChild.class)).hasSize(1);
    scenario.thenStatus(Status.TERMINATED);
  }
}
