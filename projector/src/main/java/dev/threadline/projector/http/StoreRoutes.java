package dev.threadline.projector.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import dev.threadline.avro.StoreItem;
import dev.threadline.projector.store.StoreReads;
import dev.threadline.store.StoreFilter;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;

/**
 * The tenant's store, read from this instance's copy of every item (a global store):
 *
 * <ul>
 *   <li>{@code /v1/store/item?namespace=a.b&key=k}: the item ({@code {"item": …}}, null when there
 *       is none);
 *   <li>{@code /v1/store/items?prefix=a.b&filter=JSON&limit=&offset=}: {@code {"items": [...]}};
 *   <li>{@code /v1/store/namespaces?prefix=&suffix=&maxDepth=&limit=&offset=}: {@code
 *       {"namespaces": [[...]]}};
 *   <li>{@code /v1/store/usage}: {@code {"items", "bytes"}}.
 * </ul>
 *
 * Namespaces are written as LangGraph's clients write them in a query: labels joined by dots.
 */
final class StoreRoutes {
  private StoreRoutes() {}

  static ObjectNode answer(
      ReadOnlyKeyValueStore<String, StoreItem> items, HttpExchange exchange, String tenant) {
    Map<String, String> query = Router.query(exchange);
    StoreReads reads = new StoreReads(items, tenant, Instant.now());
    ObjectNode answer = ProjectorServer.JSON.createObjectNode();
    String path = exchange.getRequestURI().getRawPath();
    int limit = (int) Params.longParam(query, "limit", 10, 1, 1000);
    int offset = (int) Params.longParam(query, "offset", 0, 0, 100_000);
    switch (path) {
      case "/v1/store/item" -> {
        String key = query.get("key");
        if (key == null || key.isEmpty()) {
          throw Problem.badRequest("key is required");
        }
        StoreItem item = reads.item(labels(query.get("namespace")), key);
        answer.set("item", item == null ? null : StoreReads.json(item));
      }
      case "/v1/store/items" -> {
        JsonNode filter = filter(query.get("filter"));
        var found =
            reads.search(labels(query.get("prefix")), new StoreFilter(filter), limit, offset);
        answer.putArray("items").addAll(found.stream().map(StoreReads::json).toList());
      }
      case "/v1/store/namespaces" -> {
        int depth = (int) Params.longParam(query, "maxDepth", 0, 0, 100);
        var found =
            reads.namespaces(
                labels(query.get("prefix")), labels(query.get("suffix")), depth, limit, offset);
        answer.set("namespaces", ProjectorServer.JSON.valueToTree(found));
      }
      case "/v1/store/usage" -> {
        StoreReads.Usage usage = reads.usage();
        answer.put("items", usage.items()).put("bytes", usage.bytes());
      }
      default -> throw Problem.notFound("no such resource: " + path);
    }
    return answer;
  }

  private static List<String> labels(String dotted) {
    return dotted == null || dotted.isEmpty() ? List.of() : Arrays.asList(dotted.split("\\.", -1));
  }

  private static JsonNode filter(String json) {
    if (json == null || json.isBlank()) {
      return null;
    }
    JsonNode filter;
    try {
      filter = ProjectorServer.JSON.readTree(json);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw Problem.badRequest("filter must be a JSON object: " + e.getOriginalMessage());
    }
    String wrong = StoreFilter.check(filter);
    if (wrong != null) {
      throw Problem.badRequest("filter: " + wrong);
    }
    return filter;
  }
}
