package dev.threadline.projector;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.avro.ThreadEvent;
import dev.threadline.avro.ThreadStatus;
import dev.threadline.avro.store.ThreadSummary;
import dev.threadline.projector.view.Summaries;
import dev.threadline.projector.view.TenantIndex;
import dev.threadline.serde.InMemorySchemaRegistryClient;
import dev.threadline.topics.SerdeFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.processor.api.MockProcessorContext;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.Stores;
import org.junit.jupiter.api.Test;

/** The thread list rebuilt from the summaries, as each task of the projector starts. */
class TenantIndexesTest {
  private final MockProcessorContext<Void, Void> context = new MockProcessorContext<>();
  private final KeyValueStore<String, ThreadSummary> summaries =
      store(
          "summaries",
          new SerdeFactory(Map.of(), new InMemorySchemaRegistryClient())
              .valueSerde(ThreadSummary.class));
  private final KeyValueStore<String, String> threads = store("threads", Serdes.String());
  private final KeyValueStore<String, String> tags = store("tags", Serdes.String());
  private final KeyValueStore<String, Long> counts = store("counts", Serdes.Long());
  private final KeyValueStore<String, Long> bytes = store("bytes", Serdes.Long());
  private final TenantIndexes indexes = new TenantIndexes(summaries, threads, tags, counts, bytes);

  @Test
  void theListIsRebuiltFromTheSummariesAndTheCountsAreLeftAsTheyAre() {
    ThreadSummary moved = summary(new Events("t-moved", "acme"), 3);
    ThreadSummary kept = summary(new Events("t-kept", "acme"), 1);
    ThreadSummary missing = summary(new Events("t-missing", "other"), 1);
    ThreadSummary before = summary(new Events("t-moved", "acme"), 1);
    threads.put(TenantIndex.threadKey(before), TenantIndex.threadValue(before));
    threads.put(TenantIndex.threadKey(kept), TenantIndex.threadValue(kept));
    ThreadSummary gone = summary(new Events("t-gone", "acme"), 1);
    threads.put(TenantIndex.threadKey(gone), TenantIndex.threadValue(gone));
    counts.put(TenantIndex.countKey("acme", "IDLE"), 7L);
    List.of(moved, kept, missing).forEach(s -> summaries.put(s.getThreadId(), s));

    TenantIndexes.Rebuilt rebuilt = indexes.rebuild();

    assertThat(rebuilt).isEqualTo(new TenantIndexes.Rebuilt(3, 2, 2));
    assertThat(entries(threads))
        .containsExactlyInAnyOrder(
            TenantIndex.threadKey(moved),
            TenantIndex.threadKey(kept),
            TenantIndex.threadKey(missing));
    assertThat(entries(counts)).containsExactly(TenantIndex.countKey("acme", "IDLE"));
    assertThat(counts.get(TenantIndex.countKey("acme", "IDLE"))).isEqualTo(7L);
  }

  @Test
  void aThreadsTagsMoveWithItsActivityGoWithItAndAreRebuiltFromTheSummaries() {
    Events tagged = new Events("t-tagged", "acme");
    ThreadSummary created =
        Summaries.apply(
                null, tagged.created("helper", null, Map.of("topic", "x", "bad", "a\u0000b")))
            .orElseThrow();
    indexes.update(null, created);
    assertThat(entries(tags))
        .as("one entry a kept metadata entry, but one holding NUL")
        .containsExactly(TenantIndex.tagKeys(created).getFirst());
    ThreadSummary moved = Summaries.apply(created, tagged.turnStarted()).orElseThrow();
    indexes.update(created, moved);
    assertThat(entries(tags)).containsExactlyElementsOf(TenantIndex.tagKeys(moved));

    tags.put(TenantIndex.tagKeys(created).getFirst(), "stale");
    tags.delete(TenantIndex.tagKeys(moved).getFirst());
    summaries.put(moved.getThreadId(), moved);
    indexes.rebuild();
    assertThat(entries(tags)).containsExactlyElementsOf(TenantIndex.tagKeys(moved));

    indexes.remove(moved);
    assertThat(entries(tags)).isEmpty();
  }

  @Test
  void countsMissingAltogetherAreCountedFromTheSummaries() {
    Events running = new Events("t-running", "acme");
    ThreadSummary idle = summary(new Events("t-idle", "acme"), 1);
    ThreadSummary busy =
        Summaries.apply(
                summary(running, 1), running.status(ThreadStatus.IDLE, ThreadStatus.RUNNING))
            .orElseThrow();
    summaries.put(idle.getThreadId(), idle);
    summaries.put(busy.getThreadId(), busy);

    indexes.rebuild();

    assertThat(counts.get(TenantIndex.countKey("acme", "IDLE"))).isEqualTo(1L);
    assertThat(counts.get(TenantIndex.countKey("acme", "RUNNING"))).isEqualTo(1L);
  }

  @Test
  void theTenantsBytesAreSummedFromTheSummariesWhateverTheStoreHeld() {
    ThreadSummary a = summary(new Events("t-a", "acme"), 1);
    a.setBytes(300);
    ThreadSummary b = summary(new Events("t-b", "acme"), 1);
    b.setBytes(200);
    ThreadSummary c = summary(new Events("t-c", "other"), 1);
    c.setBytes(50);
    List.of(a, b, c).forEach(s -> summaries.put(s.getThreadId(), s));
    bytes.put("acme", 9_999L);
    bytes.put("gone", 10L);

    indexes.rebuild();

    assertThat(TenantIndexes.storedBytes(bytes, "acme")).isEqualTo(500L);
    assertThat(TenantIndexes.storedBytes(bytes, "other")).isEqualTo(50L);
    assertThat(entries(bytes)).containsExactlyInAnyOrder("acme", "other");
  }

  /** The thread's summary after it was created and had {@code events} events in all. */
  private static ThreadSummary summary(Events thread, int events) {
    ThreadSummary s = Summaries.apply(null, thread.created("helper", null)).orElseThrow();
    for (int i = 1; i < events; i++) {
      ThreadEvent later = thread.status(ThreadStatus.IDLE, ThreadStatus.IDLE);
      s = Summaries.apply(s, later).orElseThrow();
    }
    return s;
  }

  private static <V> List<String> entries(KeyValueStore<String, V> store) {
    List<String> keys = new ArrayList<>();
    try (var all = store.all()) {
      all.forEachRemaining(e -> keys.add(e.key));
    }
    return keys;
  }

  private <V> KeyValueStore<String, V> store(String name, Serde<V> values) {
    KeyValueStore<String, V> store =
        Stores.keyValueStoreBuilder(Stores.inMemoryKeyValueStore(name), Serdes.String(), values)
            .withLoggingDisabled()
            .build();
    store.init(context.getStateStoreContext(), store);
    return store;
  }
}
