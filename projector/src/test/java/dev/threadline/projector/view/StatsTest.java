package dev.threadline.projector.view;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.avro.ThreadEvent;
import dev.threadline.avro.store.StatsBucket;
import dev.threadline.avro.store.ThreadSummary;
import dev.threadline.projector.Events;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class StatsTest {
  private static final dev.threadline.config.ModelProfiles UNPRICED =
      new dev.threadline.config.ModelProfiles(java.util.Map.of());

  /** Folds events the way the projector does and returns the buckets by key. */
  private static Map<String, StatsBucket> project(List<ThreadEvent> events) {
    Map<String, StatsBucket> buckets = new TreeMap<>();
    Map<String, ThreadSummary> summaries = new TreeMap<>();
    for (ThreadEvent e : events) {
      ThreadSummary before = summaries.get(e.getThreadId());
      Summaries.apply(before, e)
          .ifPresent(
              after -> {
                Stats.of(e, before).ifPresent(c -> buckets.merge(c.key(), c.delta(), Stats::add));
                summaries.put(e.getThreadId(), after);
              });
    }
    return buckets;
  }

  private static StatsSnapshot snapshot(Map<String, StatsBucket> buckets) {
    List<StatsSnapshot.Row> rows = new ArrayList<>();
    buckets.forEach(
        (key, b) -> {
          Stats.Key k = Stats.Key.parse(key);
          rows.add(
              new StatsSnapshot.Row(
                  k.minute(),
                  k.kind(),
                  k.dimension(),
                  b.getCount(),
                  b.getErrors(),
                  b.getInputTokens(),
                  b.getOutputTokens(),
                  b.getCacheReadTokens(),
                  b.getCacheWriteTokens(),
                  b.getLatency()));
        });
    return new StatsSnapshot(rows, Map.of("IDLE", 1L));
  }

  @Test
  void modelStepsAndTokensAreAttributedToTheModelOfTheCallAndToolsGetLatencyAndErrors() {
    // given two threads of one tenant on two models, one failing tool call
    Events b = new Events("t-b", "acme");
    List<ThreadEvent> events = twoThreadsOnTwoModels(b);
    events.add(b.toolCompleted("search", 400, "timeout"));

    // when
    StatsSnapshot.Answer answer =
        snapshot(project(events)).render(Events.T0.plusSeconds(60).toEpochMilli(), 5, UNPRICED);

    // then
    assertThat(answer.models())
        .extracting(StatsSnapshot.ModelStats::model, StatsSnapshot.ModelStats::steps)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("claude-y", 2L),
            org.assertj.core.groups.Tuple.tuple("gpt-x", 2L));
    assertThat(answer.models().getFirst().inputTokens()).isEqualTo(250);
    assertThat(answer.models().getFirst().tokensPerMinute()).isEqualTo(300 / 5.0);
    assertThat(answer.tools())
        .extracting(StatsSnapshot.ToolStats::tool, StatsSnapshot.ToolStats::calls)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("echo", 2L),
            org.assertj.core.groups.Tuple.tuple("search", 1L));
    StatsSnapshot.ToolStats search = answer.tools().get(1);
    assertThat(search.errorRate()).isEqualTo(1.0);
    assertThat(search.p50Ms()).isBetween(400L, 480L);
    assertThat(answer.tools().getFirst().series()).hasSize(5);
    assertThat(answer.threads().total()).isEqualTo(1);
  }

  @Test
  void snapshotsOfTwoInstancesMergeIntoTheSameAnswerAsOne() {
    // given the same events split over two instances by thread
    Events a = new Events("t-a", "acme");
    Events b = new Events("t-b", "acme");
    List<ThreadEvent> first = a.oneTurn("helper", "gpt-x");
    List<ThreadEvent> second = b.oneTurn("helper", "gpt-x");
    List<ThreadEvent> all = new ArrayList<>(first);
    all.addAll(second);
    long now = Events.T0.plusSeconds(60).toEpochMilli();

    // when
    var merged =
        StatsSnapshot.merge(List.of(snapshot(project(first)), snapshot(project(second))))
            .render(now, 3, UNPRICED);
    var single = snapshot(project(all)).render(now, 3, UNPRICED);

    // then the models and tools agree (the thread counts add per instance)
    assertThat(merged.models()).isEqualTo(single.models());
    assertThat(merged.tools()).isEqualTo(single.tools());
    assertThat(merged.threads().total()).isEqualTo(2);
  }

  /** Cost by model: what a priced model's tokens cost (US dollars per million); others, none. */
  @Test
  void aPricedModelsStatsSayWhatItsTokensCost() {
    List<ThreadEvent> events = twoThreadsOnTwoModels(new Events("t-b", "acme"));
    var prices =
        new dev.threadline.config.ModelProfiles(
            java.util.Map.of(
                "threadline.model.profile.gpt-x.price.input", "1000",
                "threadline.model.profile.gpt-x.price.output", "2000"));

    StatsSnapshot.Answer answer =
        snapshot(project(events)).render(Events.T0.plusSeconds(60).toEpochMilli(), 5, prices);

    StatsSnapshot.ModelStats gpt = answer.models().get(1);
    assertThat(gpt.model()).isEqualTo("gpt-x");
    assertThat(gpt.costUsd())
        .isEqualTo((gpt.inputTokens() * 1000.0 + gpt.outputTokens() * 2000.0) / 1_000_000);
    assertThat(answer.models().getFirst().costUsd()).isNull();
  }

  /** Input the prompt cache served is counted and priced at the cache's price. */
  @Test
  void cachedInputIsCountedAndCostsTheCachesPrice() {
    Events thread = new Events("t-c", "acme");
    List<ThreadEvent> events =
        new java.util.ArrayList<>(
            List.of(
                thread.created("helper", null),
                thread.modelRequested("claude-x"),
                thread.modelCompleted(1_000, 10, 800)));
    var prices =
        new dev.threadline.config.ModelProfiles(
            java.util.Map.of(
                "threadline.model.profile.claude-x.price.input", "1000",
                "threadline.model.profile.claude-x.price.output", "2000",
                "threadline.model.profile.claude-x.price.cache.read", "100"));

    StatsSnapshot.ModelStats claude =
        snapshot(project(events))
            .render(Events.T0.plusSeconds(60).toEpochMilli(), 5, prices)
            .models()
            .getFirst();

    assertThat(claude.cacheReadTokens()).isEqualTo(800);
    assertThat(claude.costUsd()).isEqualTo((200 * 1000.0 + 800 * 100.0 + 10 * 2000.0) / 1_000_000);
  }

  @Test
  void keysSortByTenantThenMinuteSoOneTenantsWindowIsOneRange() {
    String early = Stats.key("acme", 60_000, Stats.TOOL, "echo");
    String late = Stats.key("acme", 600_000, Stats.MODEL, "gpt");
    String other = Stats.key("acme-2", 0, Stats.MODEL, "gpt");
    assertThat(early).isLessThan(late);
    assertThat(late).isLessThan(Stats.rangeEnd("acme"));
    assertThat(other).isGreaterThan(Stats.rangeEnd("acme"));
    assertThat(Stats.rangeStart("acme", 600_000)).isLessThanOrEqualTo(late).isGreaterThan(early);
    assertThat(Stats.Key.parse(late)).isEqualTo(new Stats.Key("acme", 600_000, Stats.MODEL, "gpt"));
  }

  /** One turn of thread t-a of acme on gpt-x, and one of thread {@code b} on claude-y. */
  private static List<ThreadEvent> twoThreadsOnTwoModels(Events b) {
    List<ThreadEvent> events =
        new ArrayList<>(new Events("t-a", "acme").oneTurn("helper", "gpt-x"));
    events.addAll(b.oneTurn("helper", "claude-y"));
    return events;
  }
}
