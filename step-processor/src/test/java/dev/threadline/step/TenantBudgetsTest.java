package dev.threadline.step;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.avro.BudgetReached;
import dev.threadline.avro.TenantUsage;
import dev.threadline.config.Budgets;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.apache.kafka.streams.TestInputTopic;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A tenant's model usage, summed over the partitions the projector counts it in, holds its threads'
 * calls to threadline.budget.model.tokens.per.tenant.per.hour; a partition's count of an earlier
 * hour counts nothing.
 */
class TenantBudgetsTest {
  private static final Instant HOUR = Fixtures.T0;
  private StepDriver d;
  private TestInputTopic<String, TenantUsage> usage;

  @BeforeEach
  void start() {
    d = new StepDriver(StepSettings.from(Map.of(Budgets.TOKENS_PER_TENANT, "1000")));
    usage = d.input(d.topics.tenantUsage());
    d.agent(Fixtures.agent("helper", 5));
  }

  @AfterEach
  void close() {
    d.close();
  }

  private void used(int partition, Instant hour, long tokens) {
    usage.pipeInput(
        "acme/" + partition, new TenantUsage("acme", partition, hour, tokens, 0L, hour, 0L, HOUR));
  }

  @Test
  void aTenantThatUsedItsTokensThisHourOverAllPartitionsWaitsForTheNextHour() {
    used(0, HOUR, 600);
    used(1, HOUR, 400);

    d.command(Fixtures.create("c-1", "t-1", "helper"));
    d.command(Fixtures.message("c-2", "t-1", "go"));

    BudgetReached reached = d.onlyPayload(BudgetReached.class);
    assertThat(reached.getBudget()).isEqualTo(Budgets.TOKENS_PER_TENANT);
    assertThat(reached.getUsed()).isEqualTo(1000);
    assertThat(reached.getResumesAt()).isEqualTo(HOUR.plus(Duration.ofHours(1)));
    assertThat(d.modelRequests.get(dev.threadline.avro.ThreadGroup.TASK).isEmpty()).isTrue();
  }

  @Test
  void whatAPartitionCountedInAnEarlierHourCountsNothing() {
    used(0, HOUR, 600);
    used(1, HOUR.minus(Duration.ofHours(1)), 1_000_000);

    d.command(Fixtures.create("c-1", "t-1", "helper"));
    d.command(Fixtures.message("c-2", "t-1", "go"));

    assertThat(d.nextModelRequest().getThreadId()).isEqualTo("t-1");
  }
}
