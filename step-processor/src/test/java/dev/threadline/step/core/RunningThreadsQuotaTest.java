package dev.threadline.step.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.step.core.Enums.Status;
import org.junit.jupiter.api.Test;

/**
 * What a tenant is held to is what costs every tenant — threads running at once — not how many
 * conversations it has had: an idle thread is free, and a tenant at {@code threads.per.tenant}
 * running threads cannot start another turn on an idle thread until some finish.
 */
class RunningThreadsQuotaTest {
  private static final int QUOTA = MachineConfig.defaults().limits().threadsPerTenant();
  private final Scenario scenario = new Scenario();

  @Test
  void aThreadCreatedWithoutAMessageIsFreeWhateverTheTenantRuns() {
    scenario.tenant = TenantLoad.of(QUOTA, TenantLoad.Usage.NONE);

    scenario.when(scenario.create());

    scenario.thenStatus(Status.IDLE);
  }

  @Test
  void aThreadCreatedWithAMessageAtTheQuotaIsRefusedNamingIt() {
    scenario.tenant = TenantLoad.of(QUOTA, TenantLoad.Usage.NONE);

    scenario.when(scenario.create(TestAgents.agent(), "hello"));

    assertThat(scenario.state).isNull();
    scenario.thenRejected("threads.per.tenant");
  }

  @Test
  void aMessageThatWouldStartATurnAtTheQuotaIsRefusedAndTheThreadStaysIdle() {
    scenario.given(scenario.create());
    scenario.tenant = TenantLoad.of(QUOTA, TenantLoad.Usage.NONE);

    scenario.when(scenario.message("are you there?"));

    scenario.thenRejected("threads running");
    scenario.thenStatus(Status.IDLE);
  }

  @Test
  void workForABusyThreadIsQueuedWhateverTheTenantRuns() {
    scenario.givenRunning();
    scenario.tenant = TenantLoad.of(QUOTA + 5, TenantLoad.Usage.NONE);

    scenario.when(scenario.message("and this"));

    assertThat(scenario.state.queue()).hasSize(1);
  }

  @Test
  void belowTheQuotaAnIdleThreadStartsItsTurn() {
    scenario.given(scenario.create());
    scenario.tenant = TenantLoad.of(QUOTA - 1, TenantLoad.Usage.NONE);

    scenario.when(scenario.message("go"));

    scenario.thenStatus(Status.RUNNING);
  }
}
