package dev.threadline.step.core;

import static dev.threadline.step.core.Scenario.call;
import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.step.core.Enums.QueuedPrompts;
import dev.threadline.step.core.Event.TurnStarted;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * An agent's {@code queuedPrompts: one_per_turn} (seed 004, "queue after idle"): a prompt sent
 * while a turn runs waits for that turn to end, and each turn then takes one queued prompt — where
 * the default ({@code join_turn}, spec §3) drains every queued prompt into the running turn before
 * its next model call.
 */
class OneQueuedPromptPerTurnTest {
  private final Scenario scenario = new Scenario();

  private static AgentSnapshot onePerTurn() {
    return TestAgents.agent().with(b -> b.queuedPrompts = QueuedPrompts.ONE_PER_TURN);
  }

  /** The user messages the last decision appended. */
  private List<String> appended() {
    return UserMessages.texts(scenario);
  }

  @Test
  void aPromptSentWhileATurnRunsWaitsForTheTurnToEnd() {
    scenario.given(
        scenario.create(onePerTurn()),
        scenario.message("go"),
        scenario.reply(null, call("c1", "echo", "{}")),
        scenario.message("also this"));

    scenario.when(scenario.toolOk("{}"));

    scenario.thenRequestsModel();
    assertThat(appended()).as("nothing joins the running turn").isEmpty();
    assertThat(scenario.events(TurnStarted.class)).isEmpty();
  }

  @Test
  void eachQueuedPromptGetsATurnOfItsOwn() {
    scenario.given(
        scenario.create(onePerTurn()),
        scenario.message("go"),
        scenario.message("first"),
        scenario.message("second"));

    scenario.when(scenario.reply("went"));

    assertThat(scenario.events(TurnStarted.class)).hasSize(1);
    assertThat(appended()).containsExactly("first");
    scenario.thenRequestsModel();

    scenario.when(scenario.reply("firsted"));

    assertThat(scenario.events(TurnStarted.class)).hasSize(1);
    assertThat(appended()).containsExactly("second");
  }

  @Test
  void aQueuedToolBetweenTwoPromptsRunsInTheFirstPromptsTurnAndTheSecondWaits() {
    scenario.given(
        scenario.create(onePerTurn()),
        scenario.message("go"),
        scenario.message("first"),
        scenario.queueTool("echo", "{}"),
        scenario.message("second"));

    scenario.when(scenario.reply("went"));
    assertThat(appended()).containsExactly("first");
    scenario.when(scenario.toolOk("{}"));

    scenario.thenRequestsModel();
    assertThat(appended()).as("the second prompt waits for the next turn").isEmpty();
  }

  @Test
  void byDefaultEveryQueuedPromptJoinsTheNextModelCall() {
    scenario.given(
        scenario.create(),
        scenario.message("go"),
        scenario.reply(null, call("c1", "echo", "{}")),
        scenario.message("first"),
        scenario.message("second"));

    scenario.when(scenario.toolOk("{}"));

    assertThat(appended()).containsExactly("first", "second");
  }
}
