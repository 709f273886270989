package dev.threadline.step.core;

import static dev.threadline.step.core.Scenario.call;
import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.step.core.AgentSnapshot.AgentTool;
import dev.threadline.step.core.AgentSnapshot.StopRules;
import dev.threadline.step.core.Enums.Delivery;
import dev.threadline.step.core.Enums.Lane;
import dev.threadline.step.core.Enums.Origin;
import dev.threadline.step.core.Enums.Permission;
import dev.threadline.step.core.Enums.TurnEnd;
import dev.threadline.step.core.Event.TurnCompleted;
import dev.threadline.step.core.Event.TurnStarted;
import dev.threadline.step.core.Values.InboundMessage;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Spec §3 (every model call drains the queue first), §6 (a stop ends the turn before any further
 * model call), §2 / §9 (the lane of a turn), §7.3 (immediate subagents with the first prompt).
 */
class TurnLoopTest {
  private final Scenario scenario = new Scenario();

  private static InboundMessage from(Origin origin, String text) {
    return new InboundMessage(
        origin, origin == Origin.CHAT ? "web" : null, null, text, Map.of(), List.of());
  }

  /** The user messages the last decision appended before its model request. */
  private List<String> drained() {
    return UserMessages.texts(scenario);
  }

  // ---- §3: drain before every model call ---------------------------------------------------

  @Test
  void theRetryAfterABackoffDrainsTheQueueFirst() {
    scenario.givenRunning();
    scenario.given(scenario.modelError(true), scenario.message("while it waited"));

    scenario.when(scenario.deadlinePassed());

    scenario.thenRequestsModel();
    assertThat(drained()).containsExactly("while it waited");
  }

  @Test
  void theCallAfterAThresholdCompactionDrainsTheQueueFirst() {
    scenario.given(
        scenario.create(ContextManagementTest.smallWindow()),
        scenario.message("go"),
        scenario.calls("echo", "{}"),
        scenario.toolOk("y".repeat(15_000)),
        scenario.message("while it compacted"));

    scenario.when(scenario.reply("Goal: echo things"));

    scenario.thenRequestsModel();
    assertThat(drained()).endsWith("while it compacted");
  }

  /**
   * The turn goes on from each result in a loop, not by calling itself: thousands of queued runtime
   * calls, each done at once, run in one decision on a thread with a small stack.
   */
  @Test
  void thousandsOfCallsThatCompleteAtOnceRunInOneDecisionWithoutDeepStacks() throws Exception {
    int calls = 3_000;
    Scenario many =
        new Scenario(
            MachineConfig.defaults().withLimits(l -> l.withQueue(calls, 64L * 1024 * 1024)));
    many.givenRunning();
    for (int i = 0; i < calls; i++) {
      many.given(many.queueTool("sessionStatus", "{\"status\":\"" + i + "\"}"));
    }
    Throwable[] failed = {null};
    Transition[] decided = {null};
    Thread small =
        new Thread(
            null,
            () -> {
              try {
                decided[0] = many.when(many.reply("the first turn's answer"));
              } catch (Throwable t) {
                failed[0] = t;
              }
            },
            "small-stack",
            256 * 1024);
    small.start();
    small.join();

    assertThat(failed[0]).isNull();
    assertThat(many.events(Event.ToolCallCompleted.class)).hasSize(calls);
    // Then the turn's next model call — a summary first, 6,000 messages being near the budget.
    assertThat(decided[0].outputs())
        .anySatisfy(o -> assertThat(o).isInstanceOf(Output.RequestCompaction.class));
  }

  // ---- §6: stops ---------------------------------------------------------------------------

  @Test
  void aQueuedSessionStopEndsTheTurnBeforeAnyFurtherModelCall() {
    scenario.given(scenario.create());

    scenario.when(scenario.queueTool("sessionStop", "{\"result\":\"done\"}"));

    scenario.thenRequestsNoModel();
    scenario.thenEmits(new TurnCompleted(TurnEnd.SESSION_STOP, 0));
  }

  @Test
  void aQueuedStopToolEndsTheTurnBeforeAnyFurtherModelCall() {
    scenario.given(scenario.create(TestAgents.agent(new StopRules(true, "finish", 20, null))));

    scenario.when(scenario.queueTool("finish", "{}"));

    scenario.thenRequestsNoModel();
    scenario.thenEmits(new TurnCompleted(TurnEnd.STOP_TOOL, 0));
  }

  @Test
  void aDeniedStopToolDoesNotEndTheTurn() {
    scenario.given(
        scenario.create(
            TestAgents.agent(
                new StopRules(false, "finish", 20, null),
                new AgentTool("finish", Permission.DENY, null, null))),
        scenario.message("go"));

    scenario.when(scenario.calls("finish", "{}"));

    assertThat(scenario.events(TurnCompleted.class)).isEmpty();
    scenario.thenRequestsModel();
  }

  @Test
  void aFailedStopToolDoesNotEndTheTurn() {
    scenario.given(
        scenario.create(
            TestAgents.agent(
                new StopRules(false, "finish", 20, null),
                new AgentTool("finish", Permission.ALLOW, null, null))),
        scenario.message("go"),
        scenario.calls("finish", "{}"));

    scenario.when(scenario.toolFailed("could not finish"));

    assertThat(scenario.events(TurnCompleted.class)).isEmpty();
    scenario.thenRequestsModel();
  }

  // ---- §2, §9: lanes -----------------------------------------------------------------------

  @Test
  void aChatMessageQueuedBehindAWillIsAnsweredOnTheChatLane() {
    scenario.givenRunning();
    scenario.given(
        scenario.message(from(Origin.WILL, "some day"), Delivery.AUTO),
        scenario.message(from(Origin.CHAT, "now please"), Delivery.AUTO));

    scenario.when(scenario.reply("first answer"));

    assertThat(scenario.events(TurnStarted.class).getFirst().lane()).isEqualTo(Lane.CHAT);
    assertThat(scenario.thenRequestsModel().lane()).isEqualTo(Lane.CHAT);
  }

  @Test
  void aChatMessageDrainedMidTurnMovesTheNextModelCallToTheChatLane() {
    scenario.givenCalling(call("c1", "echo", "{}"));
    scenario.given(scenario.message(from(Origin.CHAT, "also this"), Delivery.AUTO));

    scenario.when(scenario.toolOk("{}"));

    assertThat(scenario.thenRequestsModel().lane()).isEqualTo(Lane.CHAT);
  }

  // ---- §7.3: immediate subagents -----------------------------------------------------------

  @Test
  void immediateSubagentsRunWithTheFirstPromptNotWithWhateverOpenedTheFirstTurn() {
    Subagent triage =
        SubagentBuilder.subagent("triage", "researcher")
            .description("sorts")
            .immediate(true)
            .build();
    scenario.given(scenario.create(SubagentScenario.withSubagents(triage)));

    scenario.when(scenario.queueTool("echo", "{}"));
    assertThat(scenario.outputs(Output.SpawnChild.class)).isEmpty();
    scenario.given(scenario.toolOk("{}"), scenario.reply("echoed"));

    scenario.when(scenario.message("sort the inbox"));

    assertThat(scenario.outputs(Output.SpawnChild.class))
        .singleElement()
        .satisfies(s -> assertThat(s.message()).isEqualTo("sort the inbox"));
  }
}
