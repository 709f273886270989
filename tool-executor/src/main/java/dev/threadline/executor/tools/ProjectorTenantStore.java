package dev.threadline.executor.tools;

import com.fasterxml.jackson.databind.JsonNode;
import dev.threadline.avro.StoreItem;
import dev.threadline.store.StoreFilter;
import dev.threadline.store.StoreLimits;
import dev.threadline.topics.StoreKeys;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A tenant's store read from the projector's copy of every item and written to {@code store-items}
 * ({@code writer}; null for a read-only tool, which may not write), each write held to {@link
 * StoreLimits} as the store API holds it.
 */
record ProjectorTenantStore(
    String projectorUrl,
    TenantGets gets,
    StoreLimits limits,
    TenantStores.Writer writer,
    Clock clock)
    implements TenantStore {

  @Override
  public Optional<JsonNode> get(List<String> namespace, String key) {
    return item(namespace, key).map(item -> item.path("value"));
  }

  @Override
  public void put(List<String> namespace, String key, JsonNode value) {
    TenantStores.Writer to = writable();
    refuse(StoreLimits.check(namespace, key));
    if (value == null || !value.isObject()) {
      throw new IllegalArgumentException("a store item's value is a JSON object");
    }
    String json = value.toString();
    refuse(limits.checkValue(json));
    Optional<JsonNode> existing = item(namespace, key);
    JsonNode usage = read("/v1/store/usage", "the store's usage");
    String over =
        limits.overQuota(
            usage.path("items").asLong(),
            usage.path("bytes").asLong(),
            json,
            existing.map(e -> e.path("value").toString().length()).orElse(null));
    if (over != null) {
      throw new IllegalStateException(over);
    }
    Instant now = clock.instant();
    Instant created = existing.map(e -> Instant.parse(e.path("created_at").asText())).orElse(now);
    to.write(
        StoreKeys.key(gets.tenant(), namespace, key),
        new StoreItem(gets.tenant(), namespace, key, json, created, now, null, null));
  }

  @Override
  public void delete(List<String> namespace, String key) {
    TenantStores.Writer to = writable();
    refuse(StoreLimits.check(namespace, key));
    to.write(StoreKeys.key(gets.tenant(), namespace, key), null);
  }

  @Override
  public List<JsonNode> search(List<String> namespacePrefix, JsonNode filter, int limit) {
    String wrong = StoreFilter.check(filter);
    if (wrong != null) {
      throw new IllegalArgumentException("filter: " + wrong);
    }
    refuse(StoreLimits.checkPrefix(namespacePrefix));
    JsonNode found =
        read(
            "/v1/store/items?prefix="
                + encode(String.join(".", namespacePrefix))
                + (filter == null || filter.isNull() ? "" : "&filter=" + encode(filter.toString()))
                + "&limit="
                + Math.max(1, Math.min(limit, 1000)),
            "the store");
    List<JsonNode> items = new ArrayList<>();
    found.path("items").forEach(items::add);
    return items;
  }

  private Optional<JsonNode> item(List<String> namespace, String key) {
    refuse(StoreLimits.check(namespace, key));
    JsonNode found =
        read(
            "/v1/store/item?namespace="
                + encode(String.join(".", namespace))
                + "&key="
                + encode(key),
            "the store");
    JsonNode item = found.path("item");
    return item.isObject() ? Optional.of(item) : Optional.empty();
  }

  private JsonNode read(String pathAndQuery, String what) {
    return gets.get(URI.create(projectorUrl + pathAndQuery), what)
        .orElseThrow(() -> new IllegalStateException("the projector does not serve " + what));
  }

  private TenantStores.Writer writable() {
    if (writer == null) {
      throw new IllegalStateException(
          "a read-only tool does not write its tenant's store: it may run before the decision that"
              + " called it commits");
    }
    return writer;
  }

  private static void refuse(StoreLimits.Refusal refusal) {
    if (refusal != null) {
      throw new IllegalArgumentException(refusal.field() + ": " + refusal.reason());
    }
  }

  private static String encode(String text) {
    return URLEncoder.encode(text, StandardCharsets.UTF_8);
  }
}
