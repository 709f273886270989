package dev.threadline.ingest.langgraph;

import static dev.threadline.ingest.langgraph.LangChainMessages.JSON;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.threadline.ingest.Problem;
import java.util.Comparator;
import java.util.List;

/**
 * Threadline's crons (as the projector lists them) as LangGraph's {@code Cron}: the assistant,
 * input and metadata a cron was made with travel in its {@code details}; searched, sorted and paged
 * as {@code crons.search} asks.
 */
final class CronViews {
  private static final List<String> SORT_FIELDS =
      List.of("cron_id", "assistant_id", "thread_id", "created_at", "updated_at", "next_run_date");

  private CronViews() {}

  /** The details LangGraph's cron keeps: assistant, the run's payload, metadata. */
  static ObjectNode details(String assistant, JsonNode request) {
    ObjectNode details = JSON.createObjectNode().put("assistant_id", assistant);
    ObjectNode payload = details.putObject("payload");
    for (String field : List.of("input", "config", "context")) {
      if (request.has(field) && !request.get(field).isNull()) {
        payload.set(field, request.get(field));
      }
    }
    details.set(
        "metadata",
        request.path("metadata").isObject() ? request.get("metadata") : JSON.createObjectNode());
    return details;
  }

  /** {@code cron} as LangGraph's {@code Cron}. */
  static ObjectNode cron(JsonNode cron) {
    JsonNode details = cron.path("details");
    ObjectNode out =
        JSON.createObjectNode()
            .put("cron_id", cron.path("cronId").asText())
            .put("assistant_id", details.path("assistant_id").asText(null))
            .put(
                "thread_id",
                details.path("holder").asBoolean(false) ? null : cron.path("threadId").asText())
            .put("schedule", cron.path("schedule").asText())
            .put("timezone", cron.path("timezone").asText("UTC"))
            .put("end_time", cron.path("until").asText(null))
            .put("created_at", details.path("created_at").asText(cron.path("updatedAt").asText()))
            .put("updated_at", cron.path("updatedAt").asText())
            .put("next_run_date", cron.path("nextRunAt").asText())
            .putNull("user_id")
            .put("enabled", true)
            .put("on_run_completed", "keep");
    out.set(
        "payload",
        details.path("payload").isObject() ? details.get("payload") : JSON.createObjectNode());
    out.set(
        "metadata",
        details.path("metadata").isObject() ? details.get("metadata") : JSON.createObjectNode());
    return out;
  }

  /** {@code crons.search}: by assistant, sorted ({@code sort_by}, {@code sort_order}), paged. */
  record Search(String assistant, String sortBy, boolean ascending, int limit, int offset) {
    /** The search {@code request} asks for; a 422 naming the field it cannot do. */
    static Search of(JsonNode request) {
      String sortBy = request.path("sort_by").asText("created_at");
      if (!SORT_FIELDS.contains(sortBy)) {
        throw Problem.invalid("sort_by", "one of " + SORT_FIELDS + ", not " + sortBy);
      }
      String order = request.path("sort_order").asText("desc");
      if (!order.equals("asc") && !order.equals("desc")) {
        throw Problem.invalid("sort_order", "asc or desc, not " + order);
      }
      int limit = request.path("limit").asInt(10);
      if (limit < 1 || limit > 1000) {
        throw Problem.invalid("limit", "from 1 to 1000");
      }
      int offset = request.path("offset").asInt(0);
      if (offset < 0) {
        throw Problem.invalid("offset", "at least 0");
      }
      return new Search(
          request.path("assistant_id").asText(null), sortBy, order.equals("asc"), limit, offset);
    }

    ArrayNode run(List<JsonNode> crons) {
      Comparator<JsonNode> by =
          Comparator.comparing((JsonNode c) -> c.path(sortBy).asText(""))
              .thenComparing(c -> c.path("cron_id").asText());
      ArrayNode page = JSON.createArrayNode();
      crons.stream()
          .map(CronViews::cron)
          .filter(c -> assistant == null || assistant.equals(c.path("assistant_id").asText(null)))
          .sorted(ascending ? by : by.reversed())
          .skip(offset)
          .limit(limit)
          .forEach(page::add);
      return page;
    }
  }
}
