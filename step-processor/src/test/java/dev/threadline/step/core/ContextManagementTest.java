package dev.threadline.step.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.step.core.AgentSnapshot.ContextBudget;
import dev.threadline.step.core.AgentSnapshot.ModelConfig;
import dev.threadline.step.core.AgentSnapshot.StopRules;
import dev.threadline.step.core.Enums.CompactionTrigger;
import dev.threadline.step.core.Enums.Lane;
import dev.threadline.step.core.Enums.Role;
import dev.threadline.step.core.Enums.Status;
import dev.threadline.step.core.Enums.TurnEnd;
import dev.threadline.step.core.Event.CommandRejected;
import dev.threadline.step.core.Event.CompactionCompleted;
import dev.threadline.step.core.Event.CompactionStarted;
import dev.threadline.step.core.Event.MessageAppended;
import dev.threadline.step.core.Event.TurnCompleted;
import dev.threadline.step.core.Values.InboundMessage;
import dev.threadline.step.core.Values.Message;
import dev.threadline.step.core.Values.ToolCall;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Spec §4 (context assembly) and the brief's context management: token budget, pruning, compaction
 * into a continuation artifact, refusal.
 */
class ContextManagementTest {
  private final Scenario scenario = new Scenario();

  /** A 6,000-token window with 1,000 reserved for output: a budget of 3,976 tokens. */
  static AgentSnapshot smallWindow() {
    return TestAgents.named("tiny", null, "be brief")
        .with(b -> b.context = new ContextBudget(6_000, 1_000));
  }

  private void fillWithABigToolResult() {
    scenario.given(
        scenario.create(smallWindow()), scenario.message("go"), scenario.calls("echo", "{}"));
  }

  @Test
  void everyAppendedMessageCountsTowardsTheWindow() {
    scenario.given(scenario.create(smallWindow()));

    scenario.when(scenario.message("x".repeat(400)));

    assertThat(scenario.state.contextTokens())
        .isEqualTo(Tokens.of(Message.user(InboundMessage.invoke("x".repeat(400)))));
    assertThat(Tokens.budget(smallWindow())).isEqualTo(3_976);
  }

  @Test
  void nearTheBudgetTheWindowIsCompactedBeforeTheNextModelCall() {
    fillWithABigToolResult();

    scenario.when(scenario.toolOk("y".repeat(15_000)));

    scenario.thenRequestsNoModel();
    Output.RequestCompaction request = scenario.outputs(Output.RequestCompaction.class).getFirst();
    assertThat(request.fromSeq()).isEqualTo(1);
    assertThat(scenario.events(CompactionStarted.class))
        .singleElement()
        .satisfies(c -> assertThat(c.trigger()).isEqualTo(CompactionTrigger.THRESHOLD));
    assertThat(scenario.state.awaiting()).isInstanceOf(Awaiting.Compaction.class);
  }

  @Test
  void theContinuationArtifactStartsANewWindowAndTheModelCallGoesOn() {
    fillWithABigToolResult();
    scenario.given(scenario.toolOk("y".repeat(15_000)));
    long before = scenario.state.contextTokens();

    scenario.when(scenario.reply("Goal: echo things\nNext steps: answer"));

    MessageAppended artifact = scenario.events(MessageAppended.class).getFirst();
    assertThat(artifact.message().content())
        .startsWith("[Continuation of the conversation so far]\nGoal: echo things");
    assertThat(scenario.state.contextStartSeq()).isEqualTo(artifact.messageSeq());
    assertThat(scenario.state.contextTokens()).isLessThan(before);
    assertThat(scenario.events(CompactionCompleted.class))
        .singleElement()
        .satisfies(c -> assertThat(c.byRule()).isFalse());
    assertThat(scenario.outputs(Output.RequestModel.class))
        .singleElement()
        .satisfies(r -> assertThat(r.contextFromSeq()).isEqualTo(artifact.messageSeq()));
  }

  @Test
  void aThresholdCompactionGoesOnWithTheModelCallWhateverTheThreadIdSays() {
    scenario.onThread("t/compact-manual-m1");
    fillWithABigToolResult();
    scenario.given(scenario.toolOk("y".repeat(15_000)));

    scenario.when(scenario.reply("Goal: echo things"));

    scenario.thenRequestsModel();
    scenario.thenStatus(Status.RUNNING);
  }

  @Test
  void whenTheSummarizerFailsTheArtifactIsBuiltByRule() {
    fillWithABigToolResult();
    scenario.given(scenario.toolOk("y".repeat(15_000)));
    String requestId = scenario.pendingId();

    scenario.when(scenario.modelError(false));
    Output.BuildContinuationByRule build =
        scenario.outputs(Output.BuildContinuationByRule.class).getFirst();
    assertThat(build.requestId()).isEqualTo(requestId);

    scenario.when(new Input.RuleBuiltContinuation(requestId, 0, scenario.tick(), "Goal: go"));

    assertThat(scenario.events(CompactionCompleted.class))
        .singleElement()
        .satisfies(c -> assertThat(c.byRule()).isTrue());
    scenario.thenRequestsModel();
  }

  @Test
  void aSummarizerThatNeverAnswersFallsBackToTheRuleAfterReissues() {
    fillWithABigToolResult();
    scenario.given(
        scenario.toolOk("y".repeat(15_000)), scenario.deadlinePassed(), scenario.deadlinePassed());

    scenario.when(scenario.deadlinePassed());

    assertThat(scenario.outputs(Output.BuildContinuationByRule.class)).hasSize(1);
  }

  @Test
  void aManualCompactionIsKnownByWhatTheThreadAwaitsNotByItsRequestId() {
    scenario.given(scenario.create(), scenario.message("one"), scenario.reply("answer one"));

    scenario.when(
        new Input.Compact(scenario.nextCommandId(), Scenario.TENANT, scenario.tick(), null));

    assertThat(((Awaiting.Compaction) scenario.state.awaiting()).manual()).isTrue();
  }

  @Test
  void aManualCompactionRunsBetweenTurnsAndLeavesTheThreadIdle() {
    scenario.given(scenario.create(), scenario.message("one"), scenario.reply("answer one"));

    scenario.when(
        new Input.Compact(scenario.nextCommandId(), Scenario.TENANT, scenario.tick(), "tidy"));
    scenario.thenStatus(Status.RUNNING);
    assertThat(scenario.events(CompactionStarted.class).getFirst().trigger())
        .isEqualTo(CompactionTrigger.MANUAL);

    scenario.when(scenario.reply("Goal: one"));

    scenario.thenStatus(Status.IDLE);
    scenario.thenRequestsNoModel();
    assertThat(scenario.events(MessageAppended.class).getFirst().message().role())
        .isEqualTo(Role.USER);
  }

  @Test
  void aManualCompactionOfABusyOrEmptyThreadIsRejected() {
    scenario.given(scenario.create());
    scenario.when(
        new Input.Compact(scenario.nextCommandId(), Scenario.TENANT, scenario.tick(), null));
    assertThat(scenario.events(CommandRejected.class).getFirst().reason())
        .isEqualTo("nothing to compact");

    scenario.given(scenario.message("busy"));
    scenario.when(
        new Input.Compact(scenario.nextCommandId(), Scenario.TENANT, scenario.tick(), null));
    scenario.thenRejected("busy");
  }

  @Test
  void aWindowThatStillDoesNotFitIsRefusedWithAnEvent() {
    scenario.given(scenario.create(smallWindow()));

    scenario.when(scenario.message("z".repeat(20_000)));

    assertThat(scenario.events(Event.ModelCallFailed.class))
        .singleElement()
        .satisfies(f -> assertThat(f.code()).isEqualTo("context_full"));
    scenario.thenEmits(new TurnCompleted(TurnEnd.CONTEXT_FULL, 0));
    scenario.thenStatus(Status.IDLE);
  }

  @Test
  void olderToolOutputsArePrunedFromTheRequestButTheNewestTwoAreKept() {
    List<Message> window = new ArrayList<>();
    window.add(Message.user(InboundMessage.invoke("go")));
    for (int i = 0; i < 5; i++) {
      ToolCall c = new ToolCall("c" + i, "echo", "{}");
      window.add(Message.assistant(null, List.of(c)));
      window.add(Message.toolResult(c, String.valueOf(i).repeat(3_000), false));
    }

    List<Message> pruned = ContextAssembler.prune(window, 3_976, 100, 0.75);

    List<String> tools =
        pruned.stream().filter(m -> m.role() == Role.TOOL).map(Message::content).toList();
    assertThat(tools.get(0)).isEqualTo("[tool output pruned to save context: 3000 characters]");
    assertThat(tools.get(3)).hasSize(3_000);
    assertThat(tools.get(4)).hasSize(3_000);
    assertThat(ContextAssembler.prune(window.subList(0, 3), 3_976, 100, 0.75))
        .isEqualTo(window.subList(0, 3));
  }

  @Test
  void theRuleBuiltArtifactIsStructured() {
    ToolCall c = new ToolCall("c1", "echo", "{}");
    String artifact =
        Continuation.byRule(
            List.of(
                Message.user(InboundMessage.invoke("find the bug")),
                Message.assistant(null, List.of(c)),
                Message.toolResult(c, "{}", false),
                Message.assistant("it is in the parser", List.of())));

    assertThat(artifact)
        .contains(
            "Goal: find the bug",
            "Discoveries: it is in the parser",
            "tools used: echo",
            "Next steps:");
  }

  @Test
  void knownModelFamiliesAreCountedWithTheirRealTokenizer() {
    AgentSnapshot gpt4o =
        AgentSnapshot.of(
            "g",
            Scenario.TENANT,
            new ModelConfig("openai", "gpt-4o-mini", "{}"),
            "",
            new StopRules(true, null, 20, null),
            Lane.TASK,
            new ContextBudget(null, null),
            Scenario.T0);

    assertThat(Tokens.counter(gpt4o).count("hello world")).isEqualTo(2);
    assertThat(Tokens.counter(smallWindow()).count("hello world"))
        .isEqualTo(3); // the estimate, on the safe side
  }
}
