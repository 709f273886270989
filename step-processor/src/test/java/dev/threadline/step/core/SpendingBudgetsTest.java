package dev.threadline.step.core;

import static dev.threadline.step.core.TestAgents.agent;
import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.config.Budgets;
import dev.threadline.step.core.AgentSnapshot.StopRules;
import dev.threadline.step.core.Enums.Status;
import dev.threadline.step.core.Event.BudgetReached;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * What a thread may spend of the operator's model account, whatever its definition says: model
 * calls an hour (here 2), and turns a session (here 3).
 */
class SpendingBudgetsTest {
  private static final Budgets BUDGETS =
      Budgets.defaults().withSessionTurns(3).withCallsPerThread(2);
  private final Scenario scenario = new Scenario(MachineConfig.defaults().withBudgets(BUDGETS));

  /** Two model calls: the first, and one after an echo tool call. */
  private void givenTwoCallsMade() {
    scenario.givenRunning();
    scenario.given(scenario.calls("echo", "{}"), scenario.toolOk("{}"));
  }

  @Test
  void aThreadThatSpentItsModelCallsForTheHourWaitsAnnouncedAndCallsWhenTheHourEnds() {
    givenTwoCallsMade();
    Instant hourStart = Scenario.T0.plusSeconds(2);

    scenario.when(scenario.calls("echo", "{}"));
    scenario.when(scenario.toolOk("{}"));

    scenario.thenRequestsNoModel();
    scenario.thenStatus(Status.RUNNING);
    BudgetReached budgetReached = scenario.event(BudgetReached.class);
    assertThat(budgetReached.budget()).isEqualTo(Budgets.MODEL_CALLS_PER_THREAD);
    assertThat(budgetReached.limit()).isEqualTo(2);
    assertThat(budgetReached.used()).isEqualTo(2);
    assertThat(budgetReached.resumesAt()).isEqualTo(hourStart.plus(Duration.ofHours(1)));
    assertThat(scenario.outputs(Output.SetDeadline.class))
        .singleElement()
        .satisfies(d -> assertThat(d.deadline()).isEqualTo(hourStart.plus(Duration.ofHours(1))));

    scenario.when(scenario.message("meanwhile"));
    scenario.thenRequestsNoModel();

    scenario.advance(Duration.ofHours(1));
    scenario.when(scenario.deadlinePassed());
    assertThat(scenario.outputs(Output.RequestModel.class)).hasSize(1);
    assertThat(scenario.state.callBudget().calls()).isEqualTo(1);
  }

  /**
   * A call waiting for its budget was never sent: a result naming its request (no executor could
   * have one) is not taken, and the step stays where it was.
   */
  @Test
  void aResultForACallStillWaitingForItsBudgetIsNotTaken() {
    givenTwoCallsMade();
    scenario.given(scenario.calls("echo", "{}"), scenario.toolOk("{}"));
    int step = scenario.state.step();

    scenario.when(scenario.calls("echo", "{}"));

    assertThat(scenario.outputs(Output.RequestTool.class)).isEmpty();
    assertThat(scenario.events(Event.MessageAppended.class)).isEmpty();
    assertThat(scenario.state.step()).isEqualTo(step);
    assertThat(scenario.state.awaiting()).isInstanceOf(Awaiting.Model.class);
  }

  /**
   * A restart wakes a call waiting for its budget early (the operator may have raised it): still
   * spent, it keeps waiting, unannounced; raised, the call goes at once.
   */
  @Test
  void aCallWokenBeforeItsHourEndsGoesIfTheBudgetWasRaisedAndKeepsWaitingQuietlyIfNot() {
    givenTwoCallsMade();
    scenario.given(scenario.calls("echo", "{}"), scenario.toolOk("{}"));
    Awaiting waiting = scenario.state.awaiting();
    Instant restarted = waiting.issuedAt().plusSeconds(60);

    scenario.when(new Input.DeadlinePassed(waiting.requestId(), restarted));

    scenario.thenRequestsNoModel();
    assertThat(scenario.events(BudgetReached.class)).isEmpty();
    assertThat(scenario.state.awaiting()).isEqualTo(waiting);
    assertThat(scenario.outputs(Output.SetDeadline.class))
        .containsExactly(new Output.SetDeadline(waiting.requestId(), waiting.deadline()));

    Scenario raised =
        new Scenario(MachineConfig.defaults().withBudgets(BUDGETS.withCallsPerThread(5)));
    raised.state = scenario.state;
    raised.when(new Input.DeadlinePassed(waiting.requestId(), restarted));
    assertThat(raised.outputs(Output.RequestModel.class)).hasSize(1);
  }

  @Test
  void aThreadThatCallsRarelyIsNeverHeld() {
    scenario.givenRunning();
    for (int turn = 0; turn < 4; turn++) {
      scenario.given(scenario.reply("done"));
      scenario.advance(Duration.ofMinutes(61));
      scenario.when(scenario.message("again"));
      scenario.thenRequestsModel();
      assertThat(scenario.events(BudgetReached.class)).isEmpty();
    }
  }

  @Test
  void anAbortWhileWaitingForTheBudgetEndsTheWait() {
    givenTwoCallsMade();
    scenario.given(scenario.calls("echo", "{}"), scenario.toolOk("{}"));

    scenario.when(scenario.abort());

    scenario.thenStatus(Status.IDLE);
    assertThat(scenario.state.awaiting()).isNull();
    assertThat(scenario.outputs(Output.ClearDeadline.class)).hasSize(1);
  }

  @Test
  void aSessionEndsAtTheOperatorsTurnCapWhateverItsAgentDeclares() {
    // Calls enough for every turn: the cap of turns is what ends it.
    Scenario scenario =
        new Scenario(MachineConfig.defaults().withBudgets(BUDGETS.withCallsPerThread(100)));
    scenario.given(
        scenario.create(agent(new StopRules(true, null, 20, 1_000_000))),
        scenario.message("one"),
        scenario.reply("1"),
        scenario.message("two"),
        scenario.reply("2"),
        scenario.message("three"),
        scenario.message("four, queued behind the third turn"));

    scenario.when(scenario.reply("3"));

    scenario.thenStatus(Status.COMPLETED);
    assertThat(scenario.events(Event.CommandRejected.class))
        .singleElement()
        .satisfies(r -> assertThat(r.reason()).contains("threadline.budget.session.turns (3)"));
  }
}
