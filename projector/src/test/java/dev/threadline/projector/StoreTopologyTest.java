package dev.threadline.projector;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.avro.StoreItem;
import dev.threadline.config.ModelProfiles;
import dev.threadline.serde.InMemorySchemaRegistryClient;
import dev.threadline.topics.SerdeFactory;
import dev.threadline.topics.StoreKeys;
import dev.threadline.topics.Topics;
import dev.threadline.topics.TopicsConfig;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.state.KeyValueStore;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The projector's copy of every store item, in its real topology: an item written to {@code
 * store-items} is kept, a tombstone deletes it, and an item whose time to live ran out is deleted
 * on the topic by the sweeper, whose tombstones every copy then applies.
 */
class StoreTopologyTest {
  private final SerdeFactory serdes =
      new SerdeFactory(Map.of(), new InMemorySchemaRegistryClient());
  private final Topics topics = new Topics(TopicsConfig.defaults(), serdes);
  private TopologyTestDriver driver;

  @AfterEach
  void close() {
    if (driver != null) {
      driver.close();
    }
  }

  @Test
  void anItemIsKeptUntilItsTombstoneAndAnExpiredOneIsDeletedOnTheTopicByTheSweeper()
      throws Exception {
    driver = ProjectorTestDriver.start(topics, serdes, new LiveFeed(), new ModelProfiles(Map.of()));
    // The sweeper runs in the task of the events' partition 0, created by its first record.
    ProjectorTestDriver.events(driver, topics)
        .pipeInput("t-1", new Events("t-1", "acme").created("a", null));
    var items =
        driver.createInputTopic(
            topics.storeItems().name(),
            Serdes.String().serializer(),
            topics.storeItems().valueSerde().serializer());
    Instant now = Events.T0;
    String kept = StoreKeys.key("acme", List.of("users", "u1"), "prefs");
    String expiring = StoreKeys.key("acme", List.of("users", "u1"), "draft");
    String deleted = StoreKeys.key("acme", List.of("users", "u1"), "old");
    items.pipeInput(kept, item("prefs", null));
    items.pipeInput(expiring, item("draft", now.plusSeconds(30)));
    items.pipeInput(deleted, item("old", null));
    items.pipeInput(deleted, null);
    KeyValueStore<String, StoreItem> store = driver.getKeyValueStore(ProjectorStores.STORE_ITEMS);
    assertThat(store.get(kept)).isNotNull();
    assertThat(store.get(deleted)).isNull();

    var swept =
        driver.createOutputTopic(
            topics.storeItems().name(),
            Serdes.String().deserializer(),
            topics.storeItems().valueSerde().deserializer());
    driver.advanceWallClockTime(Duration.ofMinutes(2));
    var tombstones = swept.readKeyValuesToList();
    assertThat(tombstones).extracting(kv -> kv.key).containsExactly(expiring);
    assertThat(tombstones).allMatch(kv -> kv.value == null);
  }

  private static StoreItem item(String key, Instant expires) {
    return new StoreItem(
        "acme",
        List.of("users", "u1"),
        key,
        "{\"v\":1}",
        Events.T0,
        Events.T0,
        expires == null ? null : 0.5,
        expires);
  }
}
