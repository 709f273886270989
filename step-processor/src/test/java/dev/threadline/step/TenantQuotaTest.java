package dev.threadline.step;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.avro.CommandRejected;
import dev.threadline.avro.TenantThreads;
import dev.threadline.avro.ThreadCreated;
import dev.threadline.avro.ThreadEvent;
import dev.threadline.config.Limits;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.TestInputTopic;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A tenant's live threads, summed over the partitions the projector counts them in, are held to
 * threadline.limits.threads.per.tenant when a top-level thread is created.
 */
class TenantQuotaTest {
  private StepDriver d;
  private TestInputTopic<String, TenantThreads> counts;

  @BeforeEach
  void start() {
    d = new StepDriver(StepSettings.from(Map.of(Limits.key("threads.per.tenant"), "5")));
    counts =
        d.driver.createInputTopic(
            d.topics.tenantThreads().name(),
            Serdes.String().serializer(),
            d.topics.tenantThreads().valueSerde().serializer());
    d.agent(Fixtures.agent("helper", 5));
  }

  @AfterEach
  void close() {
    d.close();
  }

  private void live(int partition, long live) {
    counts.pipeInput("acme/" + partition, new TenantThreads("acme", partition, live, Fixtures.T0));
  }

  @Test
  void aTenantAtItsLiveThreadQuotaCannotCreateAnotherUntilSomeEnd() {
    live(0, 3);
    live(1, 2);

    d.command(Fixtures.create("c-1", "t-over", "helper"));

    List<ThreadEvent> refused = d.drainEvents();
    assertThat(refused)
        .singleElement()
        .satisfies(
            e ->
                assertThat(((CommandRejected) e.getPayload()).getReason())
                    .contains("5 live threads")
                    .contains("threadline.limits.threads.per.tenant"));

    live(1, 1);
    d.command(Fixtures.create("c-2", "t-under", "helper"));

    assertThat(d.drainEvents()).anyMatch(e -> e.getPayload() instanceof ThreadCreated);
  }
}
