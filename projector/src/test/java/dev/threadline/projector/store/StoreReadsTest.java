package dev.threadline.projector.store;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.threadline.avro.StoreItem;
import dev.threadline.serde.InMemorySchemaRegistryClient;
import dev.threadline.store.StoreFilter;
import dev.threadline.topics.SerdeFactory;
import dev.threadline.topics.StoreKeys;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.processor.api.MockProcessorContext;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.Stores;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A tenant's store read from the projector's copy: one item, a search by namespace prefix and
 * filter, the namespaces in use — another tenant's items and expired ones never read.
 */
class StoreReadsTest {
  static final Instant NOW = Instant.parse("2026-12-07T10:00:00Z");
  private static final ObjectMapper JSON = new ObjectMapper();
  private KeyValueStore<String, StoreItem> items;

  @BeforeEach
  void fill() {
    items = store();
    put("acme", List.of("users", "u1"), "prefs", "{\"theme\":\"dark\",\"size\":12}", null);
    put("acme", List.of("users", "u1"), "memory", "{\"fact\":\"likes tea\",\"size\":3}", null);
    put("acme", List.of("users", "u2"), "prefs", "{\"theme\":\"light\",\"size\":14}", null);
    put("acme", List.of("usersx"), "other", "{\"theme\":\"dark\"}", null);
    put("acme", List.of("users", "u3"), "gone", "{\"theme\":\"dark\"}", NOW.minusSeconds(1));
    put("globex", List.of("users", "u1"), "prefs", "{\"theme\":\"dark\"}", null);
  }

  private StoreReads acme() {
    return new StoreReads(items, "acme", NOW);
  }

  @Test
  void anItemIsReadByNamespaceAndKeyAndAnExpiredOrAnotherTenantsIsNot() {
    assertThat(acme().item(List.of("users", "u1"), "prefs").getValueJson()).contains("dark");
    assertThat(acme().item(List.of("users", "u3"), "gone")).isNull();
    assertThat(new StoreReads(items, "globex", NOW).item(List.of("users", "u2"), "prefs")).isNull();
    assertThat(
            StoreReads.json(acme().item(List.of("users", "u1"), "prefs"))
                .path("value")
                .path("size")
                .asInt())
        .isEqualTo(12);
  }

  @Test
  void aSearchReadsUnderItsPrefixLabelByLabelAndHoldsTheFilter() throws Exception {
    assertThat(keys(acme().search(List.of("users"), StoreFilter.NONE, 10, 0)))
        .containsExactly("users.u1/memory", "users.u1/prefs", "users.u2/prefs");
    assertThat(keys(acme().search(List.of("users"), filter("{\"theme\":\"dark\"}"), 10, 0)))
        .containsExactly("users.u1/prefs");
    assertThat(keys(acme().search(List.of(), filter("{\"size\":{\"$gte\":12}}"), 10, 0)))
        .containsExactly("users.u1/prefs", "users.u2/prefs");
    assertThat(
            keys(acme().search(List.of("users"), filter("{\"theme\":{\"$ne\":\"dark\"}}"), 10, 0)))
        .containsExactly("users.u1/memory", "users.u2/prefs");
    assertThat(keys(acme().search(List.of("users"), StoreFilter.NONE, 1, 1)))
        .containsExactly("users.u1/prefs");
  }

  @Test
  void theNamespacesInUseAreListedCutToADepthAndByPrefixOrSuffix() {
    assertThat(acme().namespaces(List.of(), List.of(), 0, 10, 0))
        .containsExactly(List.of("users", "u1"), List.of("users", "u2"), List.of("usersx"));
    assertThat(acme().namespaces(List.of(), List.of(), 1, 10, 0))
        .containsExactly(List.of("users"), List.of("usersx"));
    assertThat(acme().namespaces(List.of("users"), List.of("u2"), 0, 10, 0))
        .containsExactly(List.of("users", "u2"));
  }

  /**
   * Threadline's own namespaces are read only by a prefix that names one: no listing shows them.
   */
  @Test
  void threadlinesOwnNamespacesAreHiddenFromEverySearchThatDoesNotNameThem() throws Exception {
    put("acme", List.of("__threadline", "threads"), "t1", "{\"theme\":\"dark\"}", null);
    assertThat(keys(acme().search(List.of(), filter("{\"theme\":\"dark\"}"), 10, 0)))
        .containsExactly("users.u1/prefs", "usersx/other");
    assertThat(acme().namespaces(List.of(), List.of(), 1, 10, 0))
        .containsExactly(List.of("users"), List.of("usersx"));
    assertThat(keys(acme().search(List.of("__threadline", "threads"), StoreFilter.NONE, 10, 0)))
        .containsExactly("__threadline.threads/t1");
    assertThat(acme().item(List.of("__threadline", "threads"), "t1")).isNotNull();
  }

  @Test
  void aFilterWithAnUnknownComparisonIsNoFilter() throws Exception {
    assertThat(StoreFilter.check(JSON.readTree("{\"size\":{\"$like\":1}}"))).contains("$like");
    assertThat(StoreFilter.check(JSON.readTree("[1]"))).isNotNull();
    assertThat(StoreFilter.check(JSON.readTree("{\"size\":{\"$gt\":1},\"theme\":\"dark\"}")))
        .isNull();
  }

  private static StoreFilter filter(String json) throws Exception {
    return new StoreFilter(JSON.readTree(json));
  }

  private static List<String> keys(List<StoreItem> found) {
    return found.stream().map(i -> String.join(".", i.getNamespace()) + "/" + i.getKey()).toList();
  }

  private void put(
      String tenant, List<String> namespace, String key, String value, Instant expires) {
    items.put(
        StoreKeys.key(tenant, namespace, key),
        new StoreItem(
            tenant,
            namespace,
            key,
            value,
            NOW.minusSeconds(60),
            NOW.minusSeconds(60),
            expires == null ? null : 1.0,
            expires));
  }

  static KeyValueStore<String, StoreItem> store() {
    KeyValueStore<String, StoreItem> store =
        Stores.keyValueStoreBuilder(
                Stores.inMemoryKeyValueStore("items"),
                Serdes.String(),
                new SerdeFactory(Map.of(), new InMemorySchemaRegistryClient())
                    .valueSerde(StoreItem.class))
            .withLoggingDisabled()
            .build();
    store.init(new MockProcessorContext<>().getStateStoreContext(), store);
    return store;
  }
}
