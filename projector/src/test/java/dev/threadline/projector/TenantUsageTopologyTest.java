package dev.threadline.projector;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.avro.TenantUsage;
import dev.threadline.avro.ThreadEvent;
import dev.threadline.config.ModelProfiles;
import dev.threadline.config.UsageTotals;
import dev.threadline.serde.InMemorySchemaRegistryClient;
import dev.threadline.topics.SerdeFactory;
import dev.threadline.topics.Topics;
import dev.threadline.topics.TopicsConfig;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Each completed model call adds its tokens to its tenant's count for the clock hour and its cost,
 * at the operator's price for the thread's model, to the tenant's spend for the UTC day, published
 * per partition to tenant-usage for the step processor's tenant budgets: a tenant's latest sums
 * once each {@link TenantUsagePublisher#PUBLISH_EVERY} in which they changed.
 */
class TenantUsageTopologyTest {
  /** Two dollars a million input tokens, eight a million output tokens. */
  private static final Map<String, String> PRICES =
      Map.of(
          "threadline.model.profile.priced.price.input", "2",
          "threadline.model.profile.priced.price.output", "8");

  private final SerdeFactory serdes =
      new SerdeFactory(Map.of(), new InMemorySchemaRegistryClient());
  private final Topics topics = new Topics(TopicsConfig.defaults(), serdes);
  private TopologyTestDriver driver;
  private TestInputTopic<String, ThreadEvent> events;

  @BeforeEach
  void start() throws Exception {
    driver = ProjectorTestDriver.start(topics, serdes, new LiveFeed(), new ModelProfiles(PRICES));
    events = ProjectorTestDriver.events(driver, topics);
  }

  @AfterEach
  void close() {
    driver.close();
  }

  private void pipe(ThreadEvent... list) {
    for (ThreadEvent e : list) {
      events.pipeInput(e.getThreadId(), e, e.getTimestamp());
    }
  }

  private List<TenantUsage> published() {
    return driver
        .createOutputTopic(
            topics.tenantUsage().name(),
            Serdes.String().deserializer(),
            topics.tenantUsage().valueSerde().deserializer())
        .readValuesToList();
  }

  @Test
  void aTenantsTokensAddUpInTheHourAndItsPricedCallsCostInTheDay() {
    Events priced = new Events("u-1", "acme");
    Events unpriced = new Events("u-2", "acme");
    pipe(priced.created("helper", null), priced.modelRequested("priced"));
    pipe(priced.modelCompleted(1_000, 500));
    pipe(unpriced.created("helper", null), unpriced.modelRequested("free"));
    pipe(unpriced.modelCompleted(100, 0));
    driver.advanceWallClockTime(TenantUsagePublisher.PUBLISH_EVERY);

    List<TenantUsage> usage = published();

    assertThat(usage).hasSize(1);
    TenantUsage last = usage.get(0);
    assertThat(last.getTenantId()).isEqualTo("acme");
    assertThat(last.getHourStart()).isEqualTo(Instant.parse("2026-11-22T10:00:00Z"));
    assertThat(last.getHourTokens()).isEqualTo(1_600);
    assertThat(last.getHourCalls()).isEqualTo(2);
    assertThat(last.getDayStart()).isEqualTo(Instant.parse("2026-11-22T00:00:00Z"));
    // 1,000 × $2/M + 500 × $8/M = $0.006; the unpriced model's call costs nothing here.
    assertThat(last.getDayMicroUsd()).isEqualTo(6_000);
  }

  /**
   * The sums are absolute, so only the last of a tenant's counts between two publications is worth
   * a record: one per call was a record per step on tenant-usage, read again by every instance's
   * global copy and every step processor's.
   */
  @Test
  void aTenantsCallsBetweenTwoPublicationsArePublishedAsOneRecord() {
    Events thread = new Events("u-6", "acme");
    pipe(thread.created("helper", null), thread.modelRequested("priced"));
    pipe(thread.modelCompleted(10, 0), thread.modelCompleted(20, 0), thread.modelCompleted(30, 0));
    assertThat(published()).as("nothing before the publication is due").isEmpty();

    driver.advanceWallClockTime(TenantUsagePublisher.PUBLISH_EVERY);
    List<TenantUsage> usage = published();
    driver.advanceWallClockTime(TenantUsagePublisher.PUBLISH_EVERY);

    assertThat(usage).singleElement().satisfies(u -> assertThat(u.getHourCalls()).isEqualTo(3));
    assertThat(usage.get(0).getHourTokens()).isEqualTo(60);
    assertThat(published()).as("nothing again while nothing changed").isEmpty();
  }

  @Test
  void whatEveryPartitionPublishedIsKeptInAGlobalTableAnyInstanceAnswersFrom() {
    Events thread = new Events("u-5", "acme");
    pipe(thread.created("helper", null), thread.modelRequested("priced"));
    pipe(thread.modelCompleted(1_000, 0));
    driver.advanceWallClockTime(TenantUsagePublisher.PUBLISH_EVERY);

    var totals =
        driver.<String, TenantUsage>getKeyValueStore(ProjectorStores.USAGE_TOTALS).get("acme/0");

    assertThat(totals.getHourTokens()).isEqualTo(1_000);
    assertThat(UsageTotals.none(Events.T0.plusSeconds(60)).plus(totals))
        .isEqualTo(
            new UsageTotals(
                Instant.parse("2026-11-22T10:00:00Z"),
                1_000,
                1,
                Instant.parse("2026-11-22T00:00:00Z"),
                2_000));
  }

  @Test
  void aNewHourCountsAnewWhileTheDayGoesOnAndALateCallLeavesTheCurrentHour() {
    Events early = new Events("u-3", "acme");
    Events later = new Events("u-4", "acme", Events.T0.plus(Duration.ofMinutes(90)));
    pipe(early.created("helper", null), early.modelRequested("priced"));
    pipe(early.modelCompleted(1_000, 0));
    pipe(later.created("helper", null), later.modelRequested("priced"));
    pipe(later.modelCompleted(10, 0));
    pipe(early.modelCompleted(5, 0)); // stamped in the hour already over
    driver.advanceWallClockTime(TenantUsagePublisher.PUBLISH_EVERY);

    List<TenantUsage> usage = published();

    TenantUsage last = usage.get(usage.size() - 1);
    assertThat(last.getHourStart()).isEqualTo(Instant.parse("2026-11-22T11:00:00Z"));
    assertThat(last.getHourTokens()).isEqualTo(10);
    assertThat(last.getHourCalls()).isEqualTo(1);
    assertThat(last.getDayMicroUsd()).isEqualTo(2_000 + 20 + 10);
  }
}
