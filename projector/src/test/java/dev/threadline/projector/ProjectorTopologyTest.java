package dev.threadline.projector;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.avro.ContentDelta;
import dev.threadline.avro.ThreadEvent;
import dev.threadline.avro.ThreadStatus;
import dev.threadline.avro.store.StatsBucket;
import dev.threadline.avro.store.ThreadSummary;
import dev.threadline.config.ModelProfiles;
import dev.threadline.projector.view.Stats;
import dev.threadline.projector.view.TenantIndex;
import dev.threadline.serde.InMemorySchemaRegistryClient;
import dev.threadline.topics.SerdeFactory;
import dev.threadline.topics.Topics;
import dev.threadline.topics.TopicsConfig;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.state.KeyValueStore;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The production projector topology under TopologyTestDriver. */
class ProjectorTopologyTest {
  private final SerdeFactory serdes =
      new SerdeFactory(Map.of(), new InMemorySchemaRegistryClient());
  private final Topics topics = new Topics(TopicsConfig.defaults(), serdes);
  private final LiveFeed feed = new LiveFeed();
  private TopologyTestDriver driver;
  private TestInputTopic<String, ThreadEvent> events;
  private TestInputTopic<byte[], byte[]> rawEvents;
  private TestInputTopic<String, ContentDelta> deltas;

  @BeforeEach
  void start() throws Exception {
    driver = ProjectorTestDriver.start(topics, serdes, feed, new ModelProfiles(Map.of()));
    events = ProjectorTestDriver.events(driver, topics);
    rawEvents =
        driver.createInputTopic(
            topics.threadEvents().name(),
            Serdes.ByteArray().serializer(),
            Serdes.ByteArray().serializer());
    deltas =
        driver.createInputTopic(
            topics.threadDeltas().name(),
            Serdes.String().serializer(),
            topics.threadDeltas().valueSerde().serializer());
  }

  @AfterEach
  void close() {
    driver.close();
  }

  private void pipe(List<ThreadEvent> list) {
    list.forEach(e -> events.pipeInput(e.getThreadId(), e, e.getTimestamp()));
  }

  private KeyValueStore<String, ThreadSummary> summaries() {
    return driver.getKeyValueStore(ProjectorStores.SUMMARIES);
  }

  private List<Long> timelineSeqs(String threadId) {
    KeyValueStore<String, LoggedEvent> timeline = driver.getKeyValueStore(ProjectorStores.TIMELINE);
    List<Long> seqs = new ArrayList<>();
    try (var range =
        timeline.range(
            ProjectorStores.timelineKey(threadId, 0),
            ProjectorStores.timelineKey(threadId, Long.MAX_VALUE))) {
      range.forEachRemaining(kv -> seqs.add(kv.value.event().getSeq()));
    }
    return seqs;
  }

  @Test
  void eventsBuildTheSummaryTheTimelineAndTheStats() {
    Events a = new Events("t-a", "acme");
    Events b = new Events("t-b", "acme");
    pipe(a.oneTurn("helper", "gpt-x"));
    pipe(b.oneTurn("helper", "gpt-x"));

    ThreadSummary summary = summaries().get("t-a");
    assertThat(summary.getSteps()).isEqualTo(2);
    assertThat(summary.getStatus()).isEqualTo(ThreadStatus.IDLE);
    assertThat(timelineSeqs("t-a"))
        .containsExactly(1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L, 10L, 11L, 12L);
    assertThat(timelineSeqs("t-b")).hasSize(12);

    KeyValueStore<String, StatsBucket> stats = driver.getKeyValueStore(ProjectorStores.STATS);
    long minute = Stats.minuteOf(Events.T0.toEpochMilli());
    StatsBucket model = stats.get(Stats.key("acme", minute, Stats.MODEL, "gpt-x"));
    assertThat(model.getCount()).isEqualTo(4);
    assertThat(model.getInputTokens()).isEqualTo(500);
    assertThat(stats.get(Stats.key("acme", minute, Stats.TOOL, "echo")).getCount()).isEqualTo(2);
  }

  @Test
  void valueChangesKeepTheThreadsCurrentValuesAndNoOtherThreads() {
    Events a = new Events("t-a", "acme");
    Events b = new Events("t-b", "acme");
    pipe(
        List.of(
            a.created("helper", null),
            a.valueChanged("color", "\"teal\""),
            a.valueChanged("size", "{\"w\":2}"),
            a.valueChanged("color", null),
            b.created("helper", null),
            b.valueChanged("color", "\"red\"")));

    KeyValueStore<String, String> values = driver.getKeyValueStore(ProjectorStores.VALUES);
    assertThat(values.get(ProjectorStores.valueKey("t-a", "size"))).isEqualTo("{\"w\":2}");
    assertThat(values.get(ProjectorStores.valueKey("t-a", "color"))).isNull();
    assertThat(values.get(ProjectorStores.valueKey("t-b", "color"))).isEqualTo("\"red\"");
  }

  /** A deleted thread is forgotten: no summary, timeline, values or index entry; others stay. */
  @Test
  void aDeletedThreadIsForgottenAndItsNeighboursAreNot() {
    Events a = new Events("t-a", "acme");
    Events b = new Events("t-b", "acme");
    pipe(a.oneTurn("helper", "gpt-x"));
    pipe(List.of(a.valueChanged("color", "\"teal\""), b.created("helper", null)));

    pipe(
        List.of(
            a.status(ThreadStatus.IDLE, ThreadStatus.TERMINATED),
            a.next(new dev.threadline.avro.ThreadDeleted("asked"))));

    assertThat(summaries().get("t-a")).isNull();
    assertThat(timelineSeqs("t-a")).isEmpty();
    KeyValueStore<String, String> values = driver.getKeyValueStore(ProjectorStores.VALUES);
    assertThat(values.get(ProjectorStores.valueKey("t-a", "color"))).isNull();
    KeyValueStore<String, String> index = driver.getKeyValueStore(ProjectorStores.TENANT_THREADS);
    try (var all = index.all()) {
      List<String> entries = new ArrayList<>();
      all.forEachRemaining(e -> entries.add(e.key));
      assertThat(entries).noneMatch(k -> k.contains("t-a")).anyMatch(k -> k.contains("t-b"));
    }
    KeyValueStore<String, Long> counts = driver.getKeyValueStore(ProjectorStores.TENANT_COUNTS);
    assertThat(counts.get(TenantIndex.countKey("acme", "TERMINATED"))).isIn(null, 0L);
    assertThat(summaries().get("t-b")).isNotNull();
  }

  @Test
  void replayedEventsAreCountedOnce() {
    Events a = new Events("t-a", "acme");
    List<ThreadEvent> turn = a.oneTurn("helper", "gpt-x");
    pipe(turn);
    pipe(turn.subList(3, 9)); // at-least-once redelivery after a crash

    assertThat(summaries().get("t-a").getSteps()).isEqualTo(2);
    KeyValueStore<String, StatsBucket> stats = driver.getKeyValueStore(ProjectorStores.STATS);
    long minute = Stats.minuteOf(Events.T0.toEpochMilli());
    assertThat(stats.get(Stats.key("acme", minute, Stats.MODEL, "gpt-x")).getCount()).isEqualTo(2);
    assertThat(timelineSeqs("t-a")).hasSize(12);
  }

  @Test
  void liveSubscribersGetTheThreadsEventsAndDeltasOnly() throws Exception {
    Events a = new Events("t-a", "acme");
    Events b = new Events("t-b", "acme");
    try (LiveFeed.Subscription live = feed.subscribe("t-a")) {
      pipe(List.of(a.created("helper", null), b.created("helper", null)));
      deltas.pipeInput(
          "t-a",
          ContentDelta.newBuilder()
              .setRequestId("r")
              .setThreadId("t-a")
              .setEpoch(0)
              .setIndex(0)
              .setText("Hel")
              .setTimestamp(Events.T0)
              .build());

      assertThat(live.poll(Duration.ofSeconds(1)))
          .isInstanceOfSatisfying(
              LiveFeed.Item.Event.class, e -> assertThat(e.event().getThreadId()).isEqualTo("t-a"));
      assertThat(live.poll(Duration.ofSeconds(1)))
          .isInstanceOfSatisfying(
              LiveFeed.Item.Delta.class, d -> assertThat(d.delta().getText()).isEqualTo("Hel"));
      assertThat(live.poll(Duration.ofMillis(50))).isNull();
    }
    assertThat(feed.subscribers()).isZero();
  }

  @Test
  void anUndeserializableRecordIsSkippedAndLaterEventsAreStillProjected() {
    Events a = new Events("t-a", "acme");
    rawEvents.pipeInput("t-a".getBytes(), new byte[] {0, 0, 0, 0, 42, 1, 2});
    pipe(List.of(a.created("helper", null)));

    assertThat(summaries().get("t-a")).isNotNull();
  }

  @Test
  void statsOlderThanTheRetentionAreDropped() {
    Events a = new Events("t-a", "acme");
    pipe(a.oneTurn("helper", "gpt-x"));
    KeyValueStore<String, StatsBucket> stats = driver.getKeyValueStore(ProjectorStores.STATS);
    assertThat(stats.approximateNumEntries()).isPositive();

    driver.advanceWallClockTime(Duration.ofMinutes(62));

    try (var all = stats.all()) {
      assertThat(all.hasNext()).isFalse();
    }
  }

  /**
   * The per-tenant thread index moves a thread's entry with every event (its key is the thread's
   * last activity), two changelog records each time; it is rebuilt from the summaries instead.
   */
  @Test
  void theTenantIndexKeepsNoChangelogOfItsOwn() {
    pipe(new Events("t-a", "acme").oneTurn("helper", "gpt-x"));

    assertThat(driver.producedTopicNames())
        .anyMatch(topic -> topic.endsWith("-" + ProjectorStores.SUMMARIES + "-changelog"))
        .noneMatch(topic -> topic.endsWith("-" + ProjectorStores.TENANT_THREADS + "-changelog"));
  }

  @Test
  void eachTenantsThreadsAndStatusCountsAreIndexedByTenantNewestFirst() {
    Events a1 = new Events("ix-a1", "acme", Events.T0);
    Events b1 = new Events("ix-b1", "other", Events.T0.plusSeconds(5));
    Events a2 = new Events("ix-a2", "acme", Events.T0.plusSeconds(60));
    pipe(a1.oneTurn("helper", "m"));
    pipe(b1.oneTurn("spy", "m"));
    pipe(List.of(a2.created("helper", null), a2.status(ThreadStatus.IDLE, ThreadStatus.RUNNING)));

    KeyValueStore<String, String> threads = driver.getKeyValueStore(ProjectorStores.TENANT_THREADS);
    List<String> acme = new java.util.ArrayList<>();
    try (var range = threads.range(TenantIndex.start("acme"), TenantIndex.end("acme"))) {
      range.forEachRemaining(e -> acme.add(TenantIndex.threadIdOf(e.key)));
    }
    assertThat(acme).as("acme's threads only, newest first").containsExactly("ix-a2", "ix-a1");

    KeyValueStore<String, Long> counts = driver.getKeyValueStore(ProjectorStores.TENANT_COUNTS);
    assertThat(counts.get(TenantIndex.countKey("acme", "IDLE"))).isEqualTo(1L);
    assertThat(counts.get(TenantIndex.countKey("acme", "RUNNING"))).isEqualTo(1L);
    assertThat(counts.get(TenantIndex.countKey("other", "IDLE"))).isEqualTo(1L);

    pipe(List.of(a2.status(ThreadStatus.RUNNING, ThreadStatus.IDLE)));
    assertThat(counts.get(TenantIndex.countKey("acme", "IDLE"))).isEqualTo(2L);
    assertThat(counts.get(TenantIndex.countKey("acme", "RUNNING"))).isNull();
  }

  @Test
  void eachChangeOfATenantsLiveRunningAndStoredThreadsIsPublishedPerPartition() {
    Events a1 = new Events("lv-a1", "acme", Events.T0);
    Events a2 = new Events("lv-a2", "acme", Events.T0);
    pipe(List.of(a1.created("helper", null), a2.created("helper", null)));
    pipe(List.of(a1.status(ThreadStatus.IDLE, ThreadStatus.RUNNING))); // still live
    pipe(List.of(a1.status(ThreadStatus.RUNNING, ThreadStatus.TERMINATED)));
    pipe(List.of(a1.next(new dev.threadline.avro.ThreadDeleted("gone")))); // no longer stored

    var counts =
        driver
            .createOutputTopic(
                topics.tenantThreads().name(),
                Serdes.String().deserializer(),
                topics.tenantThreads().valueSerde().deserializer())
            .readKeyValuesToList();

    assertThat(counts)
        .extracting(
            kv ->
                kv.key
                    + "="
                    + kv.value.getLive()
                    + "/"
                    + kv.value.getRunning()
                    + "/"
                    + kv.value.getStored())
        .as("live/running/stored: an idle thread is live, not running; an ended one is stored")
        .containsExactly(
            "acme/0=1/0/1", "acme/0=2/0/2", "acme/0=2/1/2", "acme/0=1/0/2", "acme/0=1/0/1");
  }

  @Test
  void aTenantsStoredBytesAreItsThreadsEventsAsLoggedAndGoWithTheirThreads() {
    Events a1 = new Events("by-a1", "acme", Events.T0);
    Events a2 = new Events("by-a2", "acme", Events.T0);
    Events b1 = new Events("by-b1", "other", Events.T0);
    List<ThreadEvent> acme =
        List.of(
            a1.created("helper", null),
            a2.created("helper", null),
            a1.status(ThreadStatus.IDLE, ThreadStatus.RUNNING));
    pipe(acme);
    pipe(List.of(b1.created("helper", null)));
    var serializer = topics.threadEvents().valueSerde().serializer();
    long logged = 0;
    for (ThreadEvent e : acme) {
      logged += serializer.serialize(topics.threadEvents().name(), e).length;
    }

    var published = new java.util.HashMap<String, dev.threadline.avro.TenantThreads>();
    published.putAll(published());
    assertThat(published.get("acme/0").getStoredBytes()).isEqualTo(logged);
    pipe(List.of(a1.status(ThreadStatus.RUNNING, ThreadStatus.TERMINATED)));
    pipe(List.of(a1.next(new dev.threadline.avro.ThreadDeleted("gone"))));
    pipe(List.of(a2.next(new dev.threadline.avro.ThreadDeleted("gone"))));

    published.putAll(published());
    assertThat(published.get("acme/0").getStoredBytes()).as("its threads went").isZero();
    assertThat(published.get("other/0").getStoredBytes()).isPositive();
  }

  /** The tenant counts published since the last call, the last under each key. */
  private Map<String, dev.threadline.avro.TenantThreads> published() {
    return driver
        .createOutputTopic(
            topics.tenantThreads().name(),
            Serdes.String().deserializer(),
            topics.tenantThreads().valueSerde().deserializer())
        .readKeyValuesToMap();
  }
}
