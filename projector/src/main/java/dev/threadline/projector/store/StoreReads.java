package dev.threadline.projector.store;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.threadline.avro.StoreItem;
import dev.threadline.serde.PooledJson;
import dev.threadline.store.StoreFilter;
import dev.threadline.store.StoreLimits;
import dev.threadline.topics.StoreKeys;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;

/**
 * Reads of one tenant's store from the projector's copy of every item: an item, the items under a
 * namespace prefix that match a filter, the namespaces in use, and how much the tenant holds. An
 * item whose time to live ran out reads as gone, whether or not its tombstone was written yet.
 * Threadline's own namespaces ({@link StoreLimits#reserved}) are listed only to a prefix naming
 * one. Items are answered in LangGraph's shape: {@code {namespace, key, value, created_at,
 * updated_at}}.
 */
public record StoreReads(
    ReadOnlyKeyValueStore<String, StoreItem> items, String tenant, Instant now) {
  private static final ObjectMapper JSON = PooledJson.MAPPER;

  /** The item, or null. */
  public StoreItem item(List<String> namespace, String key) {
    StoreItem item = items.get(StoreKeys.key(tenant, namespace, key));
    return live(item) ? item : null;
  }

  /**
   * The items whose namespace begins with {@code prefix} and whose value matches {@code filter}
   * ({@link StoreFilter}), in namespace and key order, {@code offset} skipped, at most {@code
   * limit}.
   */
  public List<StoreItem> search(List<String> prefix, StoreFilter filter, int limit, int offset) {
    List<StoreItem> found = new ArrayList<>();
    int skipped = 0;
    try (var range =
        items.range(StoreKeys.prefixStart(tenant, prefix), StoreKeys.prefixEnd(tenant, prefix))) {
      while (range.hasNext() && found.size() < limit) {
        StoreItem item = range.next().value;
        if (live(item)
            && listed(item.getNamespace(), prefix)
            && filter.matches(value(item))
            && skipped++ >= offset) {
          found.add(item);
        }
      }
    }
    return found;
  }

  /**
   * The namespaces the tenant's items are under, each cut to {@code maxDepth} labels (0: whole),
   * that begin with {@code prefix} and end with {@code suffix}, sorted, {@code offset} skipped, at
   * most {@code limit}.
   */
  public List<List<String>> namespaces(
      List<String> prefix, List<String> suffix, int maxDepth, int limit, int offset) {
    TreeSet<String> seen = new TreeSet<>();
    List<List<String>> found = new ArrayList<>();
    try (var range =
        items.range(StoreKeys.prefixStart(tenant, prefix), StoreKeys.prefixEnd(tenant, prefix))) {
      while (range.hasNext()) {
        StoreItem item = range.next().value;
        List<String> namespace = item.getNamespace();
        if (!live(item) || !listed(namespace, prefix) || !endsWith(namespace, suffix)) {
          continue;
        }
        List<String> cut =
            maxDepth > 0 && namespace.size() > maxDepth
                ? namespace.subList(0, maxDepth)
                : namespace;
        if (seen.add(String.join("\u001f", cut))) {
          found.add(List.copyOf(cut));
        }
      }
    }
    found.sort((a, b) -> String.join("\u001f", a).compareTo(String.join("\u001f", b)));
    return found.subList(Math.min(offset, found.size()), Math.min(offset + limit, found.size()));
  }

  /** How many items the tenant holds and their values' bytes (expired ones too, until swept). */
  public Usage usage() {
    long count = 0;
    long bytes = 0;
    try (var range =
        items.range(
            StoreKeys.prefixStart(tenant, List.of()), StoreKeys.prefixEnd(tenant, List.of()))) {
      while (range.hasNext()) {
        count++;
        bytes += range.next().value.getValueJson().length();
      }
    }
    return new Usage(count, bytes);
  }

  /** What a tenant's store holds: items, and the characters of their values. */
  public record Usage(long items, long bytes) {}

  /** An item in LangGraph's shape. */
  public static ObjectNode json(StoreItem item) {
    ObjectNode node = JSON.createObjectNode();
    node.set("namespace", JSON.valueToTree(item.getNamespace()));
    node.put("key", item.getKey());
    node.set("value", value(item));
    node.put("created_at", item.getCreatedAt().toString());
    node.put("updated_at", item.getUpdatedAt().toString());
    if (item.getExpiresAt() != null) {
      node.put("expires_at", item.getExpiresAt().toString());
      node.put("ttl_minutes", item.getTtlMinutes());
    }
    return node;
  }

  /**
   * Whether a read under {@code prefix} lists an item of {@code namespace}: under the prefix, and
   * Threadline's own only when the prefix names it.
   */
  private static boolean listed(List<String> namespace, List<String> prefix) {
    return StoreKeys.hasPrefix(namespace, prefix)
        && (!StoreLimits.reserved(namespace) || StoreLimits.reserved(prefix));
  }

  private boolean live(StoreItem item) {
    return item != null && (item.getExpiresAt() == null || item.getExpiresAt().isAfter(now));
  }

  private static boolean endsWith(List<String> namespace, List<String> suffix) {
    return namespace.size() >= suffix.size()
        && namespace.subList(namespace.size() - suffix.size(), namespace.size()).equals(suffix);
  }

  private static JsonNode value(StoreItem item) {
    try {
      return JSON.readTree(item.getValueJson());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
