package dev.threadline.projector.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import dev.threadline.avro.ThreadStatus;
import dev.threadline.avro.store.ThreadSummary;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code GET /v1/threads}: a tenant's threads, newest first (or oldest, {@code order=asc}),
 * filtered by status, agent and metadata, paged by {@code offset} and {@code limit} — gathered from
 * every instance, each asked for the first {@code offset + limit} of its own, and merged.
 */
record ThreadList(LocalViews views, Router router) {
  /**
   * The deepest a list pages ({@code offset}): each instance reads as many entries, so a page that
   * far in costs that many reads — a client wanting every thread pages by activity instead.
   */
  static final int MAX_OFFSET = 10_000;

  ObjectNode answer(HttpExchange exchange, String tenant) {
    Map<String, String> query = Router.query(exchange);
    java.util.Set<String> statuses = statuses(query.get("status"));
    // One agent, or several comma-separated: the ingest lists a key's agents' threads so.
    java.util.Set<String> agents = agents(query.get("agent"));
    int limit = (int) Params.longParam(query, "limit", 50, 1, 500);
    int offset = (int) Params.longParam(query, "offset", 0, 0, MAX_OFFSET);
    String order = query.getOrDefault("order", "desc");
    if (!order.equals("asc") && !order.equals("desc")) {
      throw Problem.badRequest("order must be asc or desc, not " + order);
    }
    boolean ascending = order.equals("asc");
    ThreadQuery wanted =
        new ThreadQuery(
            statuses, agents, metadata(query.get("metadata")), ascending, offset + limit);
    List<JsonNode> threads = new ArrayList<>();
    for (ThreadSummary s : views.threads(tenant, wanted)) {
      threads.add(AvroJson.summary(s));
    }
    boolean forwarded = Router.isForwarded(exchange);
    if (!forwarded) {
      for (JsonNode remote : router.gather(exchange, tenant)) {
        remote.path("threads").forEach(threads::add);
      }
      Comparator<JsonNode> newestFirst =
          Comparator.comparing((JsonNode t) -> t.path("lastActivity").asText())
              .thenComparing(t -> t.path("threadId").asText())
              .reversed();
      threads.sort(ascending ? newestFirst.reversed() : newestFirst);
    }
    // An instance asked by another answers its first offset + limit: the asker pages the whole.
    int from = forwarded ? 0 : Math.min(offset, threads.size());
    int to = forwarded ? threads.size() : Math.min(from + limit, threads.size());
    ObjectNode answer = ProjectorServer.JSON.createObjectNode();
    answer.putArray("threads").addAll(threads.subList(from, to));
    return answer;
  }

  /** The statuses a list asks for ({@code status=idle,completed}): any, when none is given. */
  private static java.util.Set<String> agents(String given) {
    java.util.Set<String> agents = new java.util.TreeSet<>();
    if (given != null && !given.isBlank()) {
      for (String agent : given.split(",")) {
        agents.add(agent.strip());
      }
    }
    return agents;
  }

  private static java.util.Set<String> statuses(String given) {
    java.util.Set<String> statuses = new java.util.TreeSet<>();
    if (given == null || given.isBlank()) {
      return statuses;
    }
    for (String status : given.toUpperCase(Locale.ROOT).split(",")) {
      try {
        statuses.add(ThreadStatus.valueOf(status.strip()).name());
      } catch (IllegalArgumentException e) {
        throw Problem.badRequest(
            "status must be one of " + List.of(ThreadStatus.values()) + ", not " + status);
      }
    }
    return statuses;
  }

  /**
   * The metadata a list asks threads to have: a JSON object of entries, values as text (a number or
   * a boolean as the text it is written as).
   */
  private static Map<String, String> metadata(String json) {
    if (json == null || json.isBlank()) {
      return Map.of();
    }
    JsonNode given;
    try {
      given = ProjectorServer.JSON.readTree(json);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw Problem.badRequest("metadata must be a JSON object: " + e.getOriginalMessage());
    }
    if (!given.isObject()) {
      throw Problem.badRequest("metadata must be a JSON object of entries, not " + given);
    }
    Map<String, String> entries = new java.util.LinkedHashMap<>();
    given
        .properties()
        .forEach(
            e ->
                entries.put(
                    e.getKey(),
                    e.getValue().isTextual() ? e.getValue().asText() : e.getValue().toString()));
    return entries;
  }
}
