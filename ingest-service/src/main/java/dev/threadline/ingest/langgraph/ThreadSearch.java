package dev.threadline.ingest.langgraph;

import static dev.threadline.ingest.langgraph.LangChainMessages.JSON;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.threadline.ingest.Problem;
import dev.threadline.ingest.identity.Identity;
import dev.threadline.ingest.reads.ProjectorJson;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code POST /threads/search}: a tenant's threads by status, metadata or ids, most recently active
 * first ({@code sort_order: "asc"}: least), paged by {@code limit} and {@code offset} over all of
 * them — the projector finds threads by metadata through an index of its own, not among the newest.
 * A LangGraph status is one or more Threadline statuses: {@code idle} is a thread between turns or
 * ended without error, {@code busy} one running, {@code interrupted} one awaiting an approval,
 * {@code error} one that failed. A thread's {@code graph_id} is its agent (LangGraph front ends
 * list an assistant's threads by it), so a search by it is one by agent. Threads {@linkplain
 * DeclaredThreads declared} without a graph and not yet run are listed among them, as idle threads
 * without a graph (at most {@value DeclaredThreads#SEARCHED} of them a search).
 */
record ThreadSearch(
    String statuses,
    Set<String> agents,
    JsonNode metadata,
    List<String> ids,
    boolean ascending,
    int limit,
    int offset) {
  /** The most a page holds, and the deepest it pages: the projector's own bounds. */
  static final int MOST = 500;

  static final int DEEPEST = 10_000;

  private static final Map<String, String> STATUSES =
      Map.of(
          "idle", "IDLE,COMPLETED,TERMINATED",
          "busy", "RUNNING",
          "interrupted", "AWAITING_APPROVAL",
          "error", "FAILED");

  static ThreadSearch of(JsonNode request) {
    String status = request.path("status").asText("");
    if (!status.isEmpty() && !STATUSES.containsKey(status)) {
      throw Problem.invalid("status", "one of " + STATUSES.keySet() + ", not " + status);
    }
    String sortBy = request.path("sort_by").asText("updated_at");
    if (!sortBy.equals("updated_at")) {
      throw Problem.invalid("sort_by", "threads are sorted by updated_at (their last activity)");
    }
    String order = request.path("sort_order").asText("desc");
    if (!order.equals("asc") && !order.equals("desc")) {
      throw Problem.invalid("sort_order", "asc or desc, not " + order);
    }
    if (request.path("values").isObject() && !request.path("values").isEmpty()) {
      throw Problem.invalid("values", "threads are not searched by their values");
    }
    JsonNode metadata = request.path("metadata");
    if (!metadata.isMissingNode() && !metadata.isNull() && !metadata.isObject()) {
      throw Problem.invalid("metadata", "an object of entries a thread must have");
    }
    List<String> ids = new ArrayList<>();
    request.path("ids").forEach(id -> ids.add(id.asText()));
    int limit = request.path("limit").asInt(10);
    int offset = request.path("offset").asInt(0);
    if (limit < 1 || limit > MOST) {
      throw Problem.invalid("limit", "from 1 to " + MOST);
    }
    if (offset < 0 || offset > DEEPEST) {
      throw Problem.invalid("offset", "from 0 to " + DEEPEST);
    }
    ObjectNode entries = metadata.isObject() ? metadata.deepCopy() : JSON.createObjectNode();
    JsonNode graph = entries.remove("graph_id");
    return new ThreadSearch(
        STATUSES.getOrDefault(status, ""),
        graph == null ? Set.of() : Set.of(graph.isTextual() ? graph.asText() : graph.toString()),
        entries,
        ids,
        order.equals("asc"),
        limit,
        offset);
  }

  /**
   * This search as {@code who} may make it: for a key scoped to agents, of their threads (the graph
   * asked, if it is one of them); null when it asks for no thread the key reaches.
   */
  ThreadSearch within(Identity who) {
    if (!who.agentScoped()) {
      return this;
    }
    Set<String> reached = who.agentsAmong(agents);
    return reached.isEmpty()
        ? null
        : new ThreadSearch(statuses, reached, metadata, ids, ascending, limit, offset);
  }

  /**
   * The page of threads, as LangGraph lists them (values filled in by the caller): the tenant's
   * threads, and those {@linkplain DeclaredThreads declared} without a graph, in one order.
   */
  ArrayNode run(ProjectorJson projector, DeclaredThreads declared) {
    ArrayNode found = JSON.createArrayNode();
    if (!ids.isEmpty()) {
      ids.stream()
          .distinct()
          .map(id -> byId(projector, declared, id))
          .filter(java.util.Objects::nonNull)
          .skip(offset)
          .limit(limit)
          .forEach(found::add);
      return found;
    }
    List<ObjectNode> waiting = listsDeclared() ? declared.matching(metadata) : List.of();
    if (waiting.isEmpty()) {
      found.addAll(page(projector, offset, limit));
      return found;
    }
    // The page's place among both kinds: from `start` on, no more than the declared ones could
    // have moved the tenant's threads down, so the threads are read from there to the page's end.
    int start = Math.max(0, offset - waiting.size());
    List<ObjectNode> threads = new ArrayList<>();
    for (int read = start; read < offset + limit; ) {
      int asked = Math.min(MOST, offset + limit - read);
      List<ObjectNode> more = page(projector, read, asked);
      threads.addAll(more);
      read += more.size();
      if (more.size() < asked) {
        break;
      }
    }
    found.addAll(merged(threads, start, waiting));
    return found;
  }

  /**
   * This search's page of the tenant's {@code threads} read from their {@code start}-th, and the
   * {@code waiting} declared ones, by last activity (a thread in both is listed once, as created):
   * the declared ones ordered before the first thread read stand before the page's start.
   */
  List<ObjectNode> merged(List<ObjectNode> threads, int start, List<ObjectNode> waiting) {
    Comparator<ObjectNode> byActivity =
        Comparator.comparing(t -> Instant.parse(t.path("updated_at").asText()));
    Comparator<ObjectNode> order = ascending ? byActivity : byActivity.reversed();
    Set<String> created = new HashSet<>();
    threads.forEach(t -> created.add(t.path("thread_id").asText()));
    List<ObjectNode> pending =
        waiting.stream()
            .filter(t -> !created.contains(t.path("thread_id").asText()))
            .sorted(order)
            .toList();
    int before = 0;
    if (start > 0) {
      if (threads.isEmpty()) {
        return List.of(); // fewer threads than the declared ones could have moved past the page
      }
      while (before < pending.size()
          && order.compare(pending.get(before), threads.getFirst()) < 0) {
        before++;
      }
    }
    List<ObjectNode> all = new ArrayList<>(threads);
    all.addAll(pending.subList(before, pending.size()));
    all.sort(order); // stable: at a tie the tenant's thread first, as from the first
    return all.stream().skip(offset - start - before).limit(limit).toList();
  }

  /** Declared threads are idle and have no graph yet: a search by status or graph may omit them. */
  private boolean listsDeclared() {
    return agents.isEmpty() && (statuses.isEmpty() || statuses.contains("IDLE"));
  }

  private ObjectNode byId(ProjectorJson projector, DeclaredThreads declared, String id) {
    JsonNode summary = projector.summary(id);
    if (summary != null) {
      return matches(summary) ? ThreadViews.listed(summary) : null;
    }
    ObjectNode waiting = listsDeclared() ? declared.find(id) : null;
    return waiting != null && hasMetadata(waiting.path("metadata")) ? waiting : null;
  }

  /** One page of the tenant's threads from the projector. */
  private List<ObjectNode> page(ProjectorJson projector, int from, int most) {
    JsonNode page =
        projector.read(
            "/v1/threads?limit="
                + most
                + "&offset="
                + from
                + "&order="
                + (ascending ? "asc" : "desc")
                + (statuses.isEmpty() ? "" : "&status=" + statuses)
                + (agents.isEmpty()
                    ? ""
                    : "&agent=" + LangGraphJson.encode(String.join(",", agents)))
                + (metadata.isEmpty()
                    ? ""
                    : "&metadata=" + LangGraphJson.encode(metadata.toString())));
    List<ObjectNode> threads = new ArrayList<>();
    if (page != null) {
      page.path("threads").forEach(s -> threads.add(ThreadViews.listed(s)));
    }
    return threads;
  }

  /** Whether a summary read by id has the status and metadata asked. */
  private boolean matches(JsonNode summary) {
    if (!statuses.isEmpty()
        && !List.of(statuses.split(",")).contains(summary.path("status").asText())) {
      return false;
    }
    if (!agents.isEmpty() && !agents.contains(summary.path("agent").asText())) {
      return false;
    }
    return hasMetadata(summary.path("metadata"));
  }

  /** Whether a thread's {@code kept} metadata has every entry asked, compared as text. */
  private boolean hasMetadata(JsonNode kept) {
    for (var e : metadata.properties()) {
      JsonNode value = e.getValue();
      String text = value.isTextual() ? value.asText() : value.toString();
      if (!text.equals(kept.path(e.getKey()).asText(null))) {
        return false;
      }
    }
    return true;
  }
}
