package dev.threadline.projector.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * {@code GET /v1/crons?thread=&limit=&offset=}: the tenant's crons — its threads' recurring effects
 * — from every instance, ordered by thread and id, with their {@code total}. Each instance reads at
 * most {@link #MAX_READ} of a tenant's crons, so a read costs what the ingest's per-tenant cap lets
 * a tenant hold, not what a producer writing past it made.
 */
final class CronList {
  static final int MAX_READ = 10_000;

  private final LocalViews views;
  private final Router router;

  CronList(LocalViews views, Router router) {
    this.views = views;
    this.router = router;
  }

  ObjectNode answer(HttpExchange exchange, String tenant) {
    Map<String, String> query = Router.query(exchange);
    String thread = query.get("thread");
    int limit = (int) Params.longParam(query, "limit", 100, 0, 1000);
    int offset = (int) Params.longParam(query, "offset", 0, 0, MAX_READ);
    List<JsonNode> crons = new ArrayList<>();
    for (String cron : views.crons(tenant, thread, MAX_READ)) {
      crons.add(parse(cron));
    }
    boolean forwarded = Router.isForwarded(exchange);
    if (!forwarded) {
      for (JsonNode remote : router.gather(exchange, tenant)) {
        remote.path("crons").forEach(crons::add);
      }
      crons.sort(
          Comparator.comparing((JsonNode c) -> c.path("threadId").asText())
              .thenComparing(c -> c.path("cronId").asText()));
    }
    // An instance asked by another answers all it holds: the asker pages the whole.
    int from = forwarded ? 0 : Math.min(offset, crons.size());
    int to = forwarded ? crons.size() : Math.min(from + limit, crons.size());
    ObjectNode answer = ProjectorServer.JSON.createObjectNode();
    answer.putArray("crons").addAll(crons.subList(from, to));
    return answer.put("total", crons.size());
  }

  private static JsonNode parse(String json) {
    try {
      return ProjectorServer.JSON.readTree(json);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalStateException("a cron the projector wrote is not JSON", e);
    }
  }
}
