package dev.threadline.ingest.langgraph;

import static dev.threadline.ingest.langgraph.LangChainMessages.JSON;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.threadline.ingest.Problem;
import dev.threadline.ingest.reads.ProjectorJson;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code POST /threads/search}: a tenant's threads by status, metadata or ids, most recently active
 * first ({@code sort_order: "asc"}: least), paged by {@code limit} and {@code offset} over all of
 * them — the projector finds threads by metadata through an index of its own, not among the newest.
 * A LangGraph status is one or more Threadline statuses: {@code idle} is a thread between turns or
 * ended without error, {@code busy} one running, {@code interrupted} one awaiting an approval,
 * {@code error} one that failed. A thread's {@code graph_id} is its agent (LangGraph front ends
 * list an assistant's threads by it), so a search by it is one by agent.
 */
record ThreadSearch(
    String statuses,
    String agent,
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
        graph == null ? null : graph.isTextual() ? graph.asText() : graph.toString(),
        entries,
        ids,
        order.equals("asc"),
        limit,
        offset);
  }

  /** The page of threads, as LangGraph lists them (values filled in by the caller). */
  ArrayNode run(ProjectorJson projector) {
    ArrayNode found = JSON.createArrayNode();
    if (!ids.isEmpty()) {
      ids.stream()
          .distinct()
          .map(projector::summary)
          .filter(s -> s != null && matches(s))
          .skip(offset)
          .limit(limit)
          .forEach(s -> found.add(ThreadViews.listed(s)));
      return found;
    }
    JsonNode page =
        projector.read(
            "/v1/threads?limit="
                + limit
                + "&offset="
                + offset
                + "&order="
                + (ascending ? "asc" : "desc")
                + (statuses.isEmpty() ? "" : "&status=" + statuses)
                + (agent == null ? "" : "&agent=" + LangGraphJson.encode(agent))
                + (metadata.isEmpty()
                    ? ""
                    : "&metadata=" + LangGraphJson.encode(metadata.toString())));
    if (page != null) {
      page.path("threads").forEach(s -> found.add(ThreadViews.listed(s)));
    }
    return found;
  }

  /** Whether a summary read by id has the status and metadata asked. */
  private boolean matches(JsonNode summary) {
    if (!statuses.isEmpty()
        && !List.of(statuses.split(",")).contains(summary.path("status").asText())) {
      return false;
    }
    if (agent != null && !agent.equals(summary.path("agent").asText())) {
      return false;
    }
    for (var e : metadata.properties()) {
      JsonNode value = e.getValue();
      String text = value.isTextual() ? value.asText() : value.toString();
      if (!text.equals(summary.path("metadata").path(e.getKey()).asText(null))) {
        return false;
      }
    }
    return true;
  }
}
