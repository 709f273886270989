package dev.threadline.projector.http;

import dev.threadline.avro.ThreadEvent;
import dev.threadline.avro.store.StatsBucket;
import dev.threadline.avro.store.ThreadSummary;
import dev.threadline.projector.LoggedEvent;
import dev.threadline.projector.ProjectorStores;
import dev.threadline.projector.view.Stats;
import dev.threadline.projector.view.StatsSnapshot;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.TreeMap;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StoreQueryParameters;
import org.apache.kafka.streams.errors.InvalidStateStoreException;
import org.apache.kafka.streams.state.QueryableStoreTypes;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;

/**
 * Interactive queries on this instance's stores (its partitions only). While Streams rebalances or
 * restores, the stores are not queryable and every method throws a 503 {@link Problem}.
 */
final class LocalViews {
  private final KafkaStreams streams;

  LocalViews(KafkaStreams streams) {
    this.streams = streams;
  }

  ThreadSummary summary(String threadId) {
    return this.<ThreadSummary>store(ProjectorStores.SUMMARIES).get(threadId);
  }

  /** Up to {@code limit} events after {@code afterSeq}, in seq order. */
  List<ThreadEvent> events(String threadId, long afterSeq, int limit) {
    List<ThreadEvent> events = new ArrayList<>();
    ReadOnlyKeyValueStore<String, LoggedEvent> timeline = store(ProjectorStores.TIMELINE);
    try (var range =
        timeline.range(
            ProjectorStores.timelineKey(threadId, afterSeq + 1),
            ProjectorStores.timelineKey(threadId, Long.MAX_VALUE))) {
      while (range.hasNext() && events.size() < limit) {
        events.add(range.next().value.event());
      }
    }
    return events;
  }

  /** The tenant's most recently active threads here, newest first, filtered. */
  List<ThreadSummary> threads(String tenant, String status, String agent, int limit) {
    Comparator<ThreadSummary> byActivity = Comparator.comparingLong(ThreadSummary::getLastActivity);
    PriorityQueue<ThreadSummary> newest = new PriorityQueue<>(byActivity);
    ReadOnlyKeyValueStore<String, ThreadSummary> summaries = store(ProjectorStores.SUMMARIES);
    try (var all = summaries.all()) {
      all.forEachRemaining(
          entry -> {
            ThreadSummary s = entry.value;
            if (s.getTenantId().equals(tenant)
                && (status == null || s.getStatus().name().equals(status))
                && (agent == null || s.getAgentName().equals(agent))) {
              newest.add(s);
              if (newest.size() > limit) {
                newest.poll();
              }
            }
          });
    }
    List<ThreadSummary> answer = new ArrayList<>(newest);
    answer.sort(byActivity.reversed());
    return answer;
  }

  /** The tenant's stats buckets from {@code fromMinute} on, and its thread counts by status. */
  StatsSnapshot stats(String tenant, long fromMinute) {
    List<StatsSnapshot.Row> rows = new ArrayList<>();
    ReadOnlyKeyValueStore<String, StatsBucket> stats = store(ProjectorStores.STATS);
    try (var range = stats.range(Stats.rangeStart(tenant, fromMinute), Stats.rangeEnd(tenant))) {
      range.forEachRemaining(
          entry -> {
            Stats.Key key = Stats.Key.parse(entry.key);
            StatsBucket b = entry.value;
            rows.add(
                new StatsSnapshot.Row(
                    key.minute(),
                    key.kind(),
                    key.dimension(),
                    b.getCount(),
                    b.getErrors(),
                    b.getInputTokens(),
                    b.getOutputTokens(),
                    Map.copyOf(b.getLatency())));
          });
    }
    Map<String, Long> byStatus = new TreeMap<>();
    ReadOnlyKeyValueStore<String, ThreadSummary> summaries = store(ProjectorStores.SUMMARIES);
    try (var all = summaries.all()) {
      all.forEachRemaining(
          entry -> {
            if (entry.value.getTenantId().equals(tenant)) {
              byStatus.merge(entry.value.getStatus().name(), 1L, Long::sum);
            }
          });
    }
    return new StatsSnapshot(rows, byStatus);
  }

  private <V> ReadOnlyKeyValueStore<String, V> store(String name) {
    try {
      return streams.store(
          StoreQueryParameters.fromNameAndType(
              name, QueryableStoreTypes.<String, V>keyValueStore()));
    } catch (InvalidStateStoreException e) {
      throw Problem.unavailable(
          "the projector is rebalancing or restoring its stores (" + streams.state() + ")");
    }
  }
}
