package dev.threadline.ingest.reads;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.threadline.ingest.Problem;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.http.HttpResponse;
import java.time.Duration;

/** The projector's JSON answers about one thread of a tenant's, for the doors that read them. */
public record ProjectorJson(ProjectorReads projector, String tenant) {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Duration TIMEOUT = Duration.ofSeconds(30);
  private static final int MAX_BODY = 16 << 20;

  public static String threadPath(String threadId) {
    return ProjectorReads.threadPath(threadId);
  }

  /** The thread's summary, or null when the tenant has no such thread. */
  public JsonNode summary(String threadId) {
    return read(threadPath(threadId));
  }

  /**
   * The thread's summary once the projector shows it, waiting at most {@code within} (pauses from
   * 20 ms, doubling to 500): null if it does not show by then.
   */
  public JsonNode awaitSummary(String threadId, Duration within) {
    long deadline = System.nanoTime() + within.toNanos();
    long pause = 20;
    while (true) {
      JsonNode summary = summary(threadId);
      if (summary != null || System.nanoTime() > deadline) {
        return summary;
      }
      try {
        Thread.sleep(pause);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return null;
      }
      pause = Math.min(pause * 2, 500);
    }
  }

  /**
   * The tenant's store item at {@code namespace} and {@code key}, in LangGraph's shape, or null.
   */
  public JsonNode storeItem(java.util.List<String> namespace, String key) {
    JsonNode found =
        read(
            "/v1/store/item?namespace="
                + encode(String.join(".", namespace))
                + "&key="
                + encode(key));
    JsonNode item = found == null ? null : found.get("item");
    return item == null || item.isNull() ? null : item;
  }

  /**
   * The tenant's store items under {@code namespace} whose values have every entry of {@code
   * filter} (a JSON object; empty: any), at most {@code limit}, in LangGraph's shape.
   */
  public java.util.List<JsonNode> storeItems(
      java.util.List<String> namespace, JsonNode filter, int limit) {
    JsonNode found =
        read(
            "/v1/store/items?prefix="
                + encode(String.join(".", namespace))
                + (filter.isEmpty() ? "" : "&filter=" + encode(filter.toString()))
                + "&limit="
                + limit);
    java.util.List<JsonNode> items = new java.util.ArrayList<>();
    if (found != null) {
      found.path("items").forEach(items::add);
    }
    return items;
  }

  /** {@code value} as one parameter of a query. */
  public static String encode(String value) {
    return java.net.URLEncoder.encode(value, java.nio.charset.StandardCharsets.UTF_8);
  }

  /** {@code GET pathAndQuery}'s JSON; null for a 404; a 503 for any other refusal. */
  public JsonNode read(String pathAndQuery) {
    HttpResponse<InputStream> answer = projector.get(tenant, pathAndQuery, null, TIMEOUT);
    try (InputStream in = answer.body()) {
      byte[] body = in.readNBytes(MAX_BODY);
      if (answer.statusCode() == 404) {
        return null;
      }
      if (answer.statusCode() != 200) {
        throw Problem.unavailable(
            "the projector answered " + answer.statusCode() + " for the thread; retry");
      }
      return JSON.readTree(body);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
