package dev.threadline.projector;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.avro.EffectCancelled;
import dev.threadline.avro.EffectFired;
import dev.threadline.avro.EffectScheduled;
import dev.threadline.avro.Recurrence;
import dev.threadline.avro.ThreadEvent;
import dev.threadline.avro.ThreadStatus;
import dev.threadline.config.ModelProfiles;
import dev.threadline.serde.InMemorySchemaRegistryClient;
import dev.threadline.topics.SerdeFactory;
import dev.threadline.topics.Topics;
import dev.threadline.topics.TopicsConfig;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.state.KeyValueStore;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** A tenant's crons as the projector folds them from its threads' recurring effects. */
class CronsTopologyTest {
  private static final Recurrence HOURLY =
      new Recurrence("@hourly", "Europe/Berlin", null, "{\"assistant_id\":\"helper\"}", false);
  private final SerdeFactory serdes =
      new SerdeFactory(Map.of(), new InMemorySchemaRegistryClient());
  private final Topics topics = new Topics(TopicsConfig.defaults(), serdes);
  private final Events t = new Events("t-1", "acme");
  private final Events other = new Events("t-2", "globex");
  private TopologyTestDriver driver;
  private TestInputTopic<String, ThreadEvent> events;

  @BeforeEach
  void start() throws Exception {
    driver = ProjectorTestDriver.start(topics, serdes, new LiveFeed(), new ModelProfiles(Map.of()));
    events = ProjectorTestDriver.events(driver, topics);
    events.pipeInput("t-1", t.created("helper", null));
    events.pipeInput("t-2", other.created("helper", null));
  }

  @AfterEach
  void close() {
    driver.close();
  }

  private static EffectScheduled scheduled(String id, String at, Recurrence r) {
    return new EffectScheduled(id, Instant.parse(at), "message", r);
  }

  private List<String> crons() {
    KeyValueStore<String, String> store = driver.getKeyValueStore(ProjectorStores.TENANT_CRONS);
    List<String> all = new ArrayList<>();
    try (var it = store.all()) {
      it.forEachRemaining(e -> all.add(e.key.replace('\0', '/') + " " + e.value));
    }
    return all;
  }

  @Test
  void aRecurringEffectIsItsTenantsCronWithItsNextTimeAndAnEffectThatFiresOnceIsNot() {
    events.pipeInput("t-1", t.next(scheduled("cron-1", "2026-11-22T11:00:00Z", HOURLY)));
    events.pipeInput("t-1", t.next(scheduled("once", "2026-11-22T11:00:00Z", null)));

    assertThat(crons())
        .singleElement()
        .satisfies(
            c ->
                assertThat(c)
                    .startsWith("acme/t-1/cron-1 ")
                    .contains("\"schedule\":\"@hourly\"", "\"timezone\":\"Europe/Berlin\"")
                    .contains("\"nextRunAt\":\"2026-11-22T11:00:00Z\"")
                    .contains("\"details\":{\"assistant_id\":\"helper\"}"));
  }

  @Test
  void aFiringMovesTheCronToItsNextTime() {
    events.pipeInput("t-1", t.next(scheduled("cron-1", "2026-11-22T11:00:00Z", HOURLY)));

    events.pipeInput("t-1", t.next(new EffectFired("cron-1", null)));
    events.pipeInput("t-1", t.next(scheduled("cron-1", "2026-11-22T12:00:00Z", HOURLY)));

    assertThat(crons()).singleElement().asString().contains("2026-11-22T12:00:00Z");
  }

  @Test
  void aCronCancelledOrWhoseScheduleEndedOrWhoseThreadEndedIsGone() {
    events.pipeInput("t-1", t.next(scheduled("cron-1", "2026-11-22T11:00:00Z", HOURLY)));
    events.pipeInput("t-1", t.next(scheduled("cron-2", "2026-11-22T11:00:00Z", HOURLY)));
    events.pipeInput("t-1", t.next(scheduled("cron-3", "2026-11-22T11:00:00Z", HOURLY)));
    events.pipeInput("t-2", other.next(scheduled("cron-9", "2026-11-22T11:00:00Z", HOURLY)));

    events.pipeInput("t-1", t.next(new EffectCancelled("cron-1")));
    events.pipeInput("t-1", t.next(new EffectFired("cron-2", null))); // and not scheduled again
    assertThat(crons()).hasSize(2);

    events.pipeInput("t-1", t.status(ThreadStatus.IDLE, ThreadStatus.TERMINATED));
    assertThat(crons()).singleElement().asString().startsWith("globex/t-2/cron-9 ");
  }
}
