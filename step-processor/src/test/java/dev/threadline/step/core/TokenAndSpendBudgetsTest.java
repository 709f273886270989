package dev.threadline.step.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.config.Budgets;
import dev.threadline.step.core.Enums.Status;
import dev.threadline.step.core.Event.BudgetReached;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * What a thread and its tenant may use of the operator's model account in tokens and dollars: a
 * step whose call would pass a spent budget waits, announced, until the budget's window ends. Each
 * scripted reply here uses 12 tokens.
 */
class TokenAndSpendBudgetsTest {
  private static final long THREAD_TOKENS = 20;
  private static final long TENANT_TOKENS = 1_000;
  private static final long TENANT_MICRO_USD = 5_000_000;
  private static final long TENANT_CALLS = 50;

  private final Scenario scenario =
      new Scenario(
          MachineConfig.defaults()
              .withBudgets(
                  Budgets.defaults()
                      .withTokens(THREAD_TOKENS, TENANT_TOKENS)
                      .withCallsPerTenant(TENANT_CALLS)
                      .withSpendPerTenant(TENANT_MICRO_USD)));

  /** A running thread whose model asked for a tool: the step's next call follows its result. */
  private void givenAToolCallRunning() {
    scenario.givenRunning();
    scenario.given(scenario.calls("echo", "{}"));
  }

  @Test
  void aThreadThatUsedItsTokensForTheHourWaitsAnnouncedAndCallsWhenTheHourEnds() {
    givenAToolCallRunning();
    Instant hourStart = Scenario.T0.plusSeconds(2);
    scenario.given(scenario.toolOk("{}"), scenario.calls("echo", "{}"));

    scenario.when(scenario.toolOk("{}"));

    scenario.thenRequestsNoModel();
    scenario.thenStatus(Status.RUNNING);
    BudgetReached reached = scenario.event(BudgetReached.class);
    assertThat(reached.budget()).isEqualTo(Budgets.TOKENS_PER_THREAD);
    assertThat(reached.limit()).isEqualTo(THREAD_TOKENS);
    assertThat(reached.used()).isEqualTo(24);
    assertThat(reached.resumesAt()).isEqualTo(hourStart.plus(Duration.ofHours(1)));

    scenario.advance(Duration.ofHours(1));
    scenario.when(scenario.deadlinePassed());
    assertThat(scenario.outputs(Output.RequestModel.class)).hasSize(1);
    assertThat(scenario.state.callBudget().tokens()).isZero();
  }

  @Test
  void aTenantThatUsedItsTokensThisHourWaitsUntilTheClockHourEnds() {
    givenAToolCallRunning();
    scenario.tenant = TenantLoad.of(0, new TenantLoad.Usage(TENANT_TOKENS, 0, 0));

    scenario.when(scenario.toolOk("{}"));

    scenario.thenRequestsNoModel();
    BudgetReached reached = scenario.event(BudgetReached.class);
    assertThat(reached.budget()).isEqualTo(Budgets.TOKENS_PER_TENANT);
    assertThat(reached.used()).isEqualTo(TENANT_TOKENS);
    Instant nextHour = Instant.parse("2026-11-22T11:00:00Z");
    assertThat(reached.resumesAt()).isEqualTo(nextHour);

    scenario.advance(Duration.between(scenario.now(), nextHour));
    scenario.tenant = TenantLoad.NONE; // the new hour's usage: nothing yet
    scenario.when(scenario.deadlinePassed());
    assertThat(scenario.outputs(Output.RequestModel.class)).hasSize(1);
  }

  @Test
  void aTenantWhoseCallsThisHourReachedItsBudgetWaitsUntilTheClockHourEnds() {
    givenAToolCallRunning();
    scenario.tenant = TenantLoad.of(0, new TenantLoad.Usage(0, TENANT_CALLS, 0));

    scenario.when(scenario.toolOk("{}"));

    scenario.thenRequestsNoModel();
    BudgetReached reached = scenario.event(BudgetReached.class);
    assertThat(reached.budget()).isEqualTo(Budgets.CALLS_PER_TENANT);
    assertThat(reached.used()).isEqualTo(TENANT_CALLS);
    assertThat(reached.resumesAt()).isEqualTo(Instant.parse("2026-11-22T11:00:00Z"));
  }

  @Test
  void aTenantThatSpentItsDayWaitsUntilTheUtcDayEndsAndQuietlyOnIfWokenEarly() {
    givenAToolCallRunning();
    scenario.tenant = TenantLoad.of(0, new TenantLoad.Usage(0, 0, TENANT_MICRO_USD));

    scenario.when(scenario.toolOk("{}"));

    BudgetReached reached = scenario.event(BudgetReached.class);
    assertThat(reached.budget()).isEqualTo(Budgets.SPEND_PER_TENANT);
    assertThat(reached.limit()).isEqualTo(TENANT_MICRO_USD);
    assertThat(reached.resumesAt()).isEqualTo(Instant.parse("2026-11-23T00:00:00Z"));

    Awaiting waiting = scenario.state.awaiting();
    scenario.when(new Input.DeadlinePassed(waiting.requestId(), scenario.now().plusSeconds(60)));
    scenario.thenRequestsNoModel();
    assertThat(scenario.events(BudgetReached.class)).isEmpty();
    assertThat(scenario.state.awaiting()).isEqualTo(waiting);
  }

  @Test
  void aTenantUnderItsBudgetsCallsAsBefore() {
    givenAToolCallRunning();
    scenario.tenant =
        TenantLoad.of(
            0, new TenantLoad.Usage(TENANT_TOKENS - 1, TENANT_CALLS - 1, TENANT_MICRO_USD - 1));

    scenario.when(scenario.toolOk("{}"));

    scenario.thenRequestsModel();
    assertThat(scenario.events(BudgetReached.class)).isEmpty();
  }
}
