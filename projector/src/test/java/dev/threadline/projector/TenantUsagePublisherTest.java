package dev.threadline.projector;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.avro.TenantUsage;
import dev.threadline.avro.store.ThreadSummary;
import dev.threadline.config.ModelProfiles;
import dev.threadline.serde.InMemorySchemaRegistryClient;
import dev.threadline.topics.SerdeFactory;
import java.time.Instant;
import java.util.Map;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.processor.api.MockProcessorContext;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.Stores;
import org.junit.jupiter.api.Test;

/**
 * A task publishes every tenant's sums it holds as it starts: the store commits with the events,
 * the publication up to {@link TenantUsagePublisher#PUBLISH_EVERY} later, so a crash between the
 * two would otherwise leave the topic short until the tenant's next call.
 */
class TenantUsagePublisherTest {
  private final SerdeFactory serdes =
      new SerdeFactory(Map.of(), new InMemorySchemaRegistryClient());
  private final MockProcessorContext<String, TenantUsage> context = new MockProcessorContext<>();

  @Test
  void whatTheStoreHoldsIsPublishedAgainWhenATaskStarts() {
    KeyValueStore<String, TenantUsage> usage =
        store(ProjectorStores.TENANT_USAGE, TenantUsage.class);
    store(ProjectorStores.SUMMARIES, ThreadSummary.class);
    Instant hour = Instant.parse("2026-11-22T10:00:00Z");
    Instant day = Instant.parse("2026-11-22T00:00:00Z");
    usage.put("acme", new TenantUsage("acme", 0, hour, 1_600L, 2L, day, 6_000L, hour));
    usage.put("other", new TenantUsage("other", 0, hour, 10L, 1L, day, 0L, hour));

    TenantUsagePublisher publisher = new TenantUsagePublisher(new ModelProfiles(Map.of()));
    publisher.init(context);
    assertThat(context.scheduledPunctuators())
        .singleElement()
        .satisfies(p -> assertThat(p.getInterval()).isEqualTo(TenantUsagePublisher.PUBLISH_EVERY));
    context.scheduledPunctuators().get(0).getPunctuator().punctuate(hour.toEpochMilli());

    assertThat(context.forwarded().stream().map(f -> String.valueOf(f.record().key())).toList())
        .containsExactlyInAnyOrder("acme/0", "other/0");
    context.resetForwards();
    context.scheduledPunctuators().get(0).getPunctuator().punctuate(hour.toEpochMilli() + 250);
    assertThat(context.forwarded()).as("published once").isEmpty();
  }

  private <V extends org.apache.avro.specific.SpecificRecord> KeyValueStore<String, V> store(
      String name, Class<V> type) {
    KeyValueStore<String, V> store =
        Stores.keyValueStoreBuilder(
                Stores.inMemoryKeyValueStore(name), Serdes.String(), serdes.valueSerde(type))
            .withLoggingDisabled()
            .build();
    store.init(context.getStateStoreContext(), store);
    context.addStateStore(store);
    return store;
  }
}
