package dev.threadline.ingest.langgraph;

import static dev.threadline.ingest.langgraph.LangChainMessages.JSON;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.threadline.avro.StoreItem;
import dev.threadline.ingest.Problem;
import dev.threadline.ingest.kafka.CommandLog;
import dev.threadline.ingest.reads.ProjectorJson;
import dev.threadline.store.StoreLimits;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * One tenant's store items as the store API writes and reads them: held to {@link StoreLimits},
 * written to {@code store-items}, read from the projector's copy, a write answered once that copy
 * shows it.
 */
record StoreItems(
    CommandLog log, ProjectorJson projector, StoreLimits limits, String tenant, Clock clock) {
  /** The longest a write waits for the projector's copy to show it before it is answered anyway. */
  static final Duration FENCE = Duration.ofSeconds(5);

  /** The longest time to live, in minutes: a year. */
  static final double LONGEST_TTL = 365 * 24 * 60;

  void put(List<String> namespace, String key, JsonNode value, Double ttlMinutes) {
    checked(namespace, key);
    if (!value.isObject()) {
      throw Problem.invalid("value", "a JSON object");
    }
    String json = value.toString();
    refuse(limits.checkValue(json));
    store(namespace, key, json, ttlMinutes, "");
  }

  /**
   * Writes an item whose name and value were checked, held to the tenant's quota ({@code
   * whyRefused} leads a refusal's detail), answered once the projector's copy shows it.
   */
  void store(
      List<String> namespace, String key, String json, Double ttlMinutes, String whyRefused) {
    StoreItem existing = read(namespace, key);
    JsonNode usage = projector.read("/v1/store/usage");
    String over =
        limits.overQuota(
            usage.path("items").asLong(),
            usage.path("bytes").asLong(),
            json,
            existing == null ? null : existing.getValueJson().length());
    if (over != null) {
      throw Problem.storeFull(whyRefused + over);
    }
    Instant now = clock.instant();
    StoreItem item =
        new StoreItem(
            tenant,
            namespace,
            key,
            json,
            existing == null ? now : existing.getCreatedAt(),
            now,
            ttlMinutes,
            expires(now, ttlMinutes));
    log.publishStoreItem(item);
    awaitCopy(namespace, key, shown -> shown != null && !shown.getUpdatedAt().isBefore(now));
  }

  void delete(List<String> namespace, String key) {
    checked(namespace, key);
    remove(namespace, key);
  }

  /** Deletes an item whose name was checked, answered once the projector's copy has it gone. */
  void remove(List<String> namespace, String key) {
    log.deleteStoreItem(tenant, namespace, key);
    awaitCopy(namespace, key, shown -> shown == null);
  }

  /** Deletes an item whose name was checked, answered at once: no read waits to miss it. */
  void forget(List<String> namespace, String key) {
    log.deleteStoreItem(tenant, namespace, key);
  }

  /** The item as the projector holds it, or null. */
  StoreItem read(List<String> namespace, String key) {
    JsonNode item = projector.storeItem(namespace, key);
    return item == null ? null : fromJson(item);
  }

  /** {@code item} living another time to live from now, when it has one. */
  StoreItem refresh(StoreItem item) {
    if (item.getTtlMinutes() == null) {
      return item;
    }
    StoreItem refreshed =
        StoreItem.newBuilder(item)
            .setExpiresAt(expires(clock.instant(), item.getTtlMinutes()))
            .build();
    log.publishStoreItem(refreshed);
    return refreshed;
  }

  /** {@code namespace} and {@code key} when they can name an item; else a 422 naming the field. */
  static List<String> checked(List<String> namespace, String key) {
    refuse(StoreLimits.check(namespace, key));
    return namespace;
  }

  /** {@code prefix} when a search may read under it; else a 422 naming {@code field}. */
  static List<String> searched(List<String> prefix, String field) {
    StoreLimits.Refusal refusal = StoreLimits.checkPrefix(prefix);
    if (refusal != null) {
      throw Problem.invalid(field, refusal.reason());
    }
    return prefix;
  }

  /** A request's namespace: an array of labels. */
  static List<String> namespace(JsonNode given) {
    if (!given.isArray()) {
      throw Problem.invalid("namespace", "an array of labels");
    }
    return labels(given, "namespace");
  }

  /** An array of labels (none when absent), each a string. */
  static List<String> labels(JsonNode given, String field) {
    List<String> labels = new ArrayList<>();
    if (given.isMissingNode() || given.isNull()) {
      return labels;
    }
    if (!given.isArray()) {
      throw Problem.invalid(field, "an array of labels");
    }
    for (JsonNode label : given) {
      if (!label.isTextual() || label.asText().isEmpty() || label.asText().contains(".")) {
        throw Problem.invalid(field, "labels are non-empty strings without dots");
      }
      labels.add(label.asText());
    }
    return labels;
  }

  /** A request's {@code ttl} in minutes: null (lives until deleted) or a positive number. */
  static Double ttl(JsonNode given) {
    if (given.isMissingNode() || given.isNull()) {
      return null;
    }
    if (!given.isNumber() || given.asDouble() <= 0 || given.asDouble() > LONGEST_TTL) {
      throw Problem.invalid("ttl", "minutes: a number above 0, at most a year's");
    }
    return given.asDouble();
  }

  /** An item in LangGraph's shape: {@code {namespace, key, value, created_at, updated_at}}. */
  static ObjectNode json(StoreItem item) {
    ObjectNode node = JSON.createObjectNode();
    node.set("namespace", JSON.valueToTree(item.getNamespace()));
    node.put("key", item.getKey());
    try {
      node.set("value", JSON.readTree(item.getValueJson()));
    } catch (java.io.IOException e) {
      throw new IllegalStateException("a stored value is not JSON", e);
    }
    node.put("created_at", item.getCreatedAt().toString());
    node.put("updated_at", item.getUpdatedAt().toString());
    return node;
  }

  private StoreItem fromJson(JsonNode item) {
    List<String> namespace = new ArrayList<>();
    item.path("namespace").forEach(label -> namespace.add(label.asText()));
    Instant expires =
        item.hasNonNull("expires_at") ? Instant.parse(item.get("expires_at").asText()) : null;
    return new StoreItem(
        tenant,
        namespace,
        item.path("key").asText(),
        item.path("value").toString(),
        Instant.parse(item.path("created_at").asText()),
        Instant.parse(item.path("updated_at").asText()),
        item.hasNonNull("ttl_minutes") ? item.get("ttl_minutes").asDouble() : null,
        expires);
  }

  /**
   * Waits until the projector's copy of the item is as {@code shows} says, at most {@link #FENCE}.
   */
  private void awaitCopy(List<String> namespace, String key, Predicate<StoreItem> shows) {
    long deadline = System.nanoTime() + FENCE.toNanos();
    long pause = 5;
    while (!shows.test(read(namespace, key)) && System.nanoTime() < deadline) {
      try {
        Thread.sleep(pause);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
      pause = Math.min(pause * 2, 200);
    }
  }

  private static Instant expires(Instant from, Double ttlMinutes) {
    return ttlMinutes == null ? null : from.plusMillis((long) (ttlMinutes * 60_000));
  }

  private static void refuse(StoreLimits.Refusal refusal) {
    if (refusal != null) {
      throw Problem.invalid(refusal.field(), refusal.reason());
    }
  }
}
