package dev.threadline.step.core;

import static dev.threadline.step.core.Scenario.call;
import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.config.Budgets;
import dev.threadline.step.core.AgentSnapshot.ContextBudget;
import dev.threadline.step.core.Event.BudgetReached;
import dev.threadline.step.core.Event.CommandRejected;
import dev.threadline.step.core.Event.ModelCallCompleted;
import dev.threadline.step.core.Event.ModelCallRequested;
import org.junit.jupiter.api.Test;

/**
 * Every model call the runtime makes for a thread — its steps, its subprompts' steps, its
 * compactions' summaries — counts against the thread's budgets and is refused as any other once a
 * budget is spent: one reply cannot fire a subprompt a tool call past a spent budget.
 */
class ModelCallsOfTheRuntimeTest {
  private static final Budgets ONE_CALL = Budgets.defaults().withCallsPerThread(1);

  private static AgentSnapshot coordinator() {
    return SubpromptsTest.coordinator(SubpromptsTest.summarize(false, false));
  }

  @Test
  void subpromptsCalledPastASpentBudgetAreRefusedAndTheStepWaitsForTheBudget() {
    Scenario scenario = new Scenario(MachineConfig.defaults().withBudgets(ONE_CALL));
    scenario.given(scenario.create(coordinator()), scenario.message("tell me"));

    scenario.when(
        scenario.reply(
            null,
            call("c1", "summarize", "{\"message\":\"one\"}"),
            call("c2", "summarize", "{\"message\":\"two\"}")));

    assertThat(scenario.outputs(Output.RequestSubprompt.class))
        .as("no subprompt step past the spent budget")
        .isEmpty();
    assertThat(scenario.toolResults())
        .hasSize(2)
        .allSatisfy(
            m ->
                assertThat(m.content())
                    .contains(Budgets.MODEL_CALLS_PER_THREAD)
                    .contains("1 of 1"));
    scenario.thenRequestsNoModel();
    assertThat(scenario.event(BudgetReached.class).budget())
        .isEqualTo(Budgets.MODEL_CALLS_PER_THREAD);
  }

  @Test
  void aSubpromptsStepCountsInTheThreadsBudgetHour() {
    Scenario scenario = new Scenario();
    scenario.given(scenario.create(coordinator()), scenario.message("tell me"));

    scenario.when(scenario.reply(null, call("c1", "summarize", "{\"message\":\"one\"}")));

    assertThat(scenario.state.callBudget().calls()).isEqualTo(2);
  }

  @Test
  void aCompactionsSummaryIsAModelCallWithItsUsageCountedWhereEveryCallIs() {
    Scenario scenario = new Scenario();
    scenario.given(
        scenario.create(
            TestAgents.named("tiny", null, "be brief")
                .with(b -> b.context = new ContextBudget(6_000, 1_000))),
        scenario.message("go"),
        scenario.calls("echo", "{}"));
    int callsBefore = scenario.state.callBudget().calls();
    scenario.given(scenario.toolOk("y".repeat(15_000)));
    String summary = ((Awaiting.Compaction) scenario.state.awaiting()).requestId();
    assertThat(scenario.events(ModelCallRequested.class))
        .as("the summary's request is announced as a model call")
        .anySatisfy(r -> assertThat(r.requestId()).isEqualTo(summary));

    scenario.when(scenario.reply("Goal: echo things"));

    assertThat(scenario.events(ModelCallCompleted.class))
        .as("what the tenant's budgets and stats are summed from")
        .anySatisfy(
            c -> {
              assertThat(c.requestId()).isEqualTo(summary);
              assertThat(c.usage().input()).isEqualTo(10);
            });
    assertThat(scenario.state.callBudget().calls())
        .as("the summary and the step's call after it")
        .isEqualTo(callsBefore + 2);
  }

  @Test
  void aCompactionAskedForPastASpentBudgetIsRejected() {
    Scenario scenario = new Scenario(MachineConfig.defaults().withBudgets(ONE_CALL));
    scenario.given(scenario.create(), scenario.message("one"), scenario.reply("answer one"));

    scenario.when(
        new Input.Compact(scenario.nextCommandId(), Scenario.TENANT, scenario.tick(), null));

    assertThat(scenario.event(CommandRejected.class).reason())
        .contains(Budgets.MODEL_CALLS_PER_THREAD);
    assertThat(scenario.outputs(Output.RequestCompaction.class)).isEmpty();
  }
}
