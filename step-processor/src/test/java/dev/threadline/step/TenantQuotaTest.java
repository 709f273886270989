package dev.threadline.step;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.avro.CommandRejected;
import dev.threadline.avro.TenantThreads;
import dev.threadline.avro.ThreadCreated;
import dev.threadline.avro.ThreadEvent;
import dev.threadline.config.Limits;
import java.util.List;
import java.util.Map;
import org.apache.kafka.streams.TestInputTopic;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A tenant's running threads, summed over the partitions the projector counts them in, are held to
 * threadline.limits.threads.per.tenant when a tenant's command would start a turn of a root thread.
 */
class TenantQuotaTest {
  private StepDriver d;
  private TestInputTopic<String, TenantThreads> counts;

  @BeforeEach
  void start() {
    d = new StepDriver(StepSettings.from(Map.of(Limits.key("threads.per.tenant"), "5")));
    counts = d.input(d.topics.tenantThreads());
    d.agent(Fixtures.agent("helper", 5));
  }

  @AfterEach
  void close() {
    d.close();
  }

  private void running(int partition, long running) {
    counts.pipeInput(
        "acme/" + partition,
        new TenantThreads("acme", partition, 100L, running, 100L, 0L, Fixtures.T0));
  }

  @Test
  void aTenantRunningItsQuotaCannotStartAnotherTurnUntilSomeFinish() {
    d.command(Fixtures.create("c-1", "t-idle", "helper")); // idle: free whatever runs
    running(0, 3);
    running(1, 2);

    d.command(Fixtures.message("c-2", "t-idle", "go"));

    List<ThreadEvent> refused = d.drainEvents();
    assertThat(refused)
        .filteredOn(e -> e.getPayload() instanceof CommandRejected)
        .singleElement()
        .satisfies(
            e ->
                assertThat(((CommandRejected) e.getPayload()).getReason())
                    .contains("5 threads running")
                    .contains("threadline.limits.threads.per.tenant"));
    assertThat(refused).anyMatch(e -> e.getPayload() instanceof ThreadCreated);

    running(1, 1);
    d.command(Fixtures.message("c-3", "t-idle", "go"));

    assertThat(d.nextModelRequest().getThreadId()).isEqualTo("t-idle");
  }
}
