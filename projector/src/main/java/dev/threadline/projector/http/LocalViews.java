package dev.threadline.projector.http;

import dev.threadline.avro.TenantUsage;
import dev.threadline.avro.ThreadEvent;
import dev.threadline.avro.store.RunSummary;
import dev.threadline.avro.store.StatsBucket;
import dev.threadline.avro.store.ThreadSummary;
import dev.threadline.config.UsageTotals;
import dev.threadline.keys.TenantPartitionKeys;
import dev.threadline.projector.Branches;
import dev.threadline.projector.LoggedEvent;
import dev.threadline.projector.ProjectorStores;
import dev.threadline.projector.view.Stats;
import dev.threadline.projector.view.StatsSnapshot;
import dev.threadline.projector.view.TenantIndex;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StoreQueryParameters;
import org.apache.kafka.streams.TaskMetadata;
import org.apache.kafka.streams.ThreadMetadata;
import org.apache.kafka.streams.errors.InvalidStateStoreException;
import org.apache.kafka.streams.state.KeyValueIterator;
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

  /**
   * Up to {@code limit} entries of the thread's key-value store after key {@code afterKey} (null:
   * from the first), by key: key → value JSON.
   */
  Map<String, String> values(String threadId, String afterKey, int limit) {
    Map<String, String> entries = new TreeMap<>();
    ReadOnlyKeyValueStore<String, String> store = store(ProjectorStores.VALUES);
    String prefix = ProjectorStores.valueKey(threadId, "");
    // Just past afterKey: the smallest key that sorts after it.
    String from = afterKey == null ? prefix : prefix + afterKey + '\u0000';
    try (var range = store.range(from, ProjectorStores.valuesEnd(threadId))) {
      while (range.hasNext() && entries.size() < limit) {
        var e = range.next();
        entries.put(e.key.substring(prefix.length()), e.value);
      }
    }
    return entries;
  }

  /** Run {@code runId} of the thread, or null while no event has named it. */
  RunSummary run(String threadId, String runId) {
    return this.<RunSummary>store(ProjectorStores.RUNS)
        .get(ProjectorStores.valueKey(threadId, runId));
  }

  /**
   * The thread's {@code count} most recently created runs in {@code statuses} (any when none),
   * newest first. Runs are kept by id, so this reads them all but holds only {@code count}.
   */
  List<RunSummary> newestRuns(String threadId, Set<String> statuses, int count) {
    Comparator<RunSummary> newestFirst =
        Comparator.comparingLong(RunSummary::getCreatedAt)
            .thenComparing(RunSummary::getRunId)
            .reversed();
    PriorityQueue<RunSummary> kept = new PriorityQueue<>(newestFirst.reversed());
    ReadOnlyKeyValueStore<String, RunSummary> store = store(ProjectorStores.RUNS);
    try (var range =
        store.range(ProjectorStores.valueKey(threadId, ""), ProjectorStores.valuesEnd(threadId))) {
      range.forEachRemaining(
          e -> {
            if (statuses.isEmpty() || statuses.contains(e.value.getStatus())) {
              kept.add(e.value);
              if (kept.size() > count) {
                kept.poll();
              }
            }
          });
    }
    List<RunSummary> runs = new ArrayList<>(kept);
    runs.sort(newestFirst);
    return runs;
  }

  /** The effects the thread holds scheduled: effect id → {@code {effectId, fireAt, kind}}. */
  Map<String, String> effects(String threadId) {
    return ofThread(ProjectorStores.EFFECTS, threadId);
  }

  /** The thread's env: name → {@code {name, secret, value}} (no value for a secret). */
  Map<String, String> env(String threadId) {
    return ofThread(ProjectorStores.ENV, threadId);
  }

  /** The thread's variables requests: request id → the request ({@code GET …/variables}). */
  Map<String, String> variables(String threadId) {
    return ofThread(ProjectorStores.VARIABLES, threadId);
  }

  /** Up to {@code max} of the tenant's crons here, of thread {@code threadId} when not null. */
  List<String> crons(String tenant, String threadId, int max) {
    String start = tenant + '\0' + (threadId == null ? "" : threadId + '\0');
    String end = threadId == null ? tenant + '\1' : tenant + '\0' + threadId + '\1';
    List<String> crons = new ArrayList<>();
    ReadOnlyKeyValueStore<String, String> store = store(ProjectorStores.TENANT_CRONS);
    try (var range = store.range(start, end)) {
      while (range.hasNext() && crons.size() < max) {
        crons.add(range.next().value);
      }
    }
    return crons;
  }

  private Map<String, String> ofThread(String storeName, String threadId) {
    Map<String, String> entries = new TreeMap<>();
    ReadOnlyKeyValueStore<String, String> store = store(storeName);
    String prefix = ProjectorStores.valueKey(threadId, "");
    try (var range = store.range(prefix, ProjectorStores.valuesEnd(threadId))) {
      range.forEachRemaining(e -> entries.put(e.key.substring(prefix.length()), e.value));
    }
    return entries;
  }

  /**
   * Up to {@code limit} of the thread's messages appended after event {@code afterSeq}, from its
   * {@code MessageAppended} events (with the text a tool last gave each, if one did), scanning at
   * most {@code limit * 20} events and holding at most {@link PageBytes#MAX} (a page may come back
   * short: go on from its {@code lastSeq}).
   */
  MessagePage messages(String threadId, long afterSeq, int limit) {
    List<ThreadEvent> messages = new ArrayList<>();
    long lastScanned = afterSeq;
    int scanned = 0;
    try (var range = eventsAfter(threadId, afterSeq)) {
      long bytes = 0;
      while (range.hasNext()
          && messages.size() < limit
          && scanned < limit * 20
          && (bytes < PageBytes.MAX || messages.isEmpty())) {
        ThreadEvent event = range.next().value.event();
        scanned++;
        if (event.getPayload() instanceof dev.threadline.avro.MessageAppended m) {
          ThreadEvent message = edited(threadId, event, m);
          messages.add(message);
          bytes += PageBytes.of(message);
        }
        lastScanned = event.getSeq();
      }
    }
    return new MessagePage(messages, lastScanned);
  }

  /** {@code event}, its message's text as a tool last updated it (the log keeps the first). */
  private ThreadEvent edited(
      String threadId, ThreadEvent event, dev.threadline.avro.MessageAppended m) {
    String text =
        this.<String>store(ProjectorStores.EDITS)
            .get(ProjectorStores.editKey(threadId, m.getMessageSeq()));
    if (text == null) {
      return event;
    }
    var message = dev.threadline.avro.ChatMessage.newBuilder(m.getMessage()).setContent(text);
    return ThreadEvent.newBuilder(event)
        .setPayload(
            dev.threadline.avro.MessageAppended.newBuilder(m).setMessage(message.build()).build())
        .build();
  }

  /** The thread's events after {@code afterSeq}, in seq order: an iterator to close. */
  private KeyValueIterator<String, LoggedEvent> eventsAfter(String threadId, long afterSeq) {
    return this.<LoggedEvent>store(ProjectorStores.TIMELINE)
        .range(
            ProjectorStores.timelineKey(threadId, afterSeq + 1),
            ProjectorStores.timelineKey(threadId, Long.MAX_VALUE));
  }

  /** Messages' events, and the last event seq looked at: where the next page starts. */
  record MessagePage(List<ThreadEvent> messages, long lastSeq) {}

  /**
   * The thread's latest branch, {@code {atMessageSeq, firstMessageSeq, copied, eventSeq}}; null:
   * none.
   */
  String branch(String threadId) {
    return this.<String>store(ProjectorStores.BRANCHES).get(Branches.headKey(threadId));
  }

  /** The seq of the message {@code messageSeq} is a copy of ({@link Branches}), or its own. */
  long canonical(String threadId, long messageSeq) {
    return Branches.canonical(store(ProjectorStores.BRANCHES), threadId, messageSeq);
  }

  /** {@code key}'s value JSON in the thread's key-value store, or null. */
  String value(String threadId, String key) {
    return this.<String>store(ProjectorStores.VALUES).get(ProjectorStores.valueKey(threadId, key));
  }

  /**
   * Up to {@code limit} events after {@code afterSeq}, in seq order, and at most {@link
   * PageBytes#MAX} of them (a page may come back short: go on after its last event until one is
   * empty).
   */
  List<ThreadEvent> events(String threadId, long afterSeq, int limit) {
    List<ThreadEvent> events = new ArrayList<>();
    try (var range = eventsAfter(threadId, afterSeq)) {
      long bytes = 0;
      while (range.hasNext()
          && events.size() < limit
          && (bytes < PageBytes.MAX || events.isEmpty())) {
        ThreadEvent event = range.next().value.event();
        events.add(event);
        bytes += PageBytes.of(event);
      }
    }
    return events;
  }

  /**
   * The first {@code query.count()} of the tenant's threads here that match the query, newest first
   * (or oldest first): read from the tenant's own index, partition by partition, each in order and
   * stopping at that many matches — from the tags of the query's first metadata entry when it has
   * one, so a search by metadata reads the threads that have it and no others. The keys of either
   * index order by activity across partitions too, so the merge is a sort of the keys.
   */
  List<ThreadSummary> threads(String tenant, ThreadQuery query) {
    List<String> keys = new ArrayList<>();
    ReadOnlyKeyValueStore<String, ThreadSummary> summaries = store(ProjectorStores.SUMMARIES);
    var first = query.metadata().entrySet().stream().findFirst();
    String name = first.isPresent() ? ProjectorStores.TENANT_TAGS : ProjectorStores.TENANT_THREADS;
    String from =
        first
            .map(e -> TenantIndex.tagStart(tenant, e.getKey(), e.getValue()))
            .orElse(TenantIndex.start(tenant));
    String to =
        first
            .map(e -> TenantIndex.tagEnd(tenant, e.getKey(), e.getValue()))
            .orElse(TenantIndex.end(tenant));
    for (ReadOnlyKeyValueStore<String, String> index : this.<String>perPartition(name)) {
      int taken = 0;
      try (var range = query.ascending() ? index.reverseRange(from, to) : index.range(from, to)) {
        while (range.hasNext() && taken < query.count()) {
          var entry = range.next();
          if (TenantIndex.matches(entry.value, query.statuses(), query.agents())
              && query.hasMetadataOf(() -> summaries.get(TenantIndex.threadIdOf(entry.key)))) {
            keys.add(entry.key);
            taken++;
          }
        }
      }
    }
    keys.sort(Comparator.comparing(TenantIndex::order));
    if (query.ascending()) {
      Collections.reverse(keys);
    }
    List<ThreadSummary> answer = new ArrayList<>();
    for (String key : keys.subList(0, Math.min(query.count(), keys.size()))) {
      ThreadSummary s = summaries.get(TenantIndex.threadIdOf(key));
      if (s != null) {
        answer.add(s);
      }
    }
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
                    b.getCacheReadTokens(),
                    b.getCacheWriteTokens(),
                    Map.copyOf(b.getLatency())));
          });
    }
    Map<String, Long> byStatus = new TreeMap<>();
    ReadOnlyKeyValueStore<String, Long> counts = store(ProjectorStores.TENANT_COUNTS);
    try (var range = counts.range(TenantIndex.start(tenant), TenantIndex.end(tenant))) {
      // One entry per local partition holding the tenant's threads of that status.
      range.forEachRemaining(
          entry -> byStatus.merge(TenantIndex.statusOf(entry.key), entry.value, Long::sum));
    }
    return new StatsSnapshot(rows, byStatus);
  }

  /** Every tenant's store items (a global store: any instance holds them all). */
  ReadOnlyKeyValueStore<String, dev.threadline.avro.StoreItem> storeItems() {
    return store(ProjectorStores.STORE_ITEMS);
  }

  /** {@code tenant}'s model usage at {@code at}, over every partition (a global table). */
  UsageTotals usage(String tenant, Instant at) {
    UsageTotals totals = UsageTotals.none(at);
    ReadOnlyKeyValueStore<String, TenantUsage> usage = store(ProjectorStores.USAGE_TOTALS);
    try (var range =
        usage.range(TenantPartitionKeys.first(tenant), TenantPartitionKeys.after(tenant))) {
      while (range.hasNext()) {
        totals = totals.plus(range.next().value);
      }
    }
    return totals;
  }

  /** Store {@code name} of each partition this instance serves. */
  private <V> List<ReadOnlyKeyValueStore<String, V>> perPartition(String name) {
    Set<Integer> partitions = new TreeSet<>();
    for (ThreadMetadata thread : streams.metadataForLocalThreads()) {
      for (TaskMetadata task : thread.activeTasks()) {
        partitions.add(task.taskId().partition());
      }
    }
    List<ReadOnlyKeyValueStore<String, V>> stores = new ArrayList<>();
    for (int partition : partitions) {
      try {
        stores.add(
            streams.store(
                StoreQueryParameters.fromNameAndType(
                        name, QueryableStoreTypes.<String, V>keyValueStore())
                    .withPartition(partition)));
      } catch (InvalidStateStoreException e) {
        throw Problem.unavailable(
            "the projector is rebalancing or restoring its stores (" + streams.state() + ")");
      }
    }
    return stores;
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
