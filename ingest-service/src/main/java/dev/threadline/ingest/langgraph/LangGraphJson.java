package dev.threadline.ingest.langgraph;

import static dev.threadline.ingest.langgraph.LangChainMessages.JSON;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.threadline.ingest.Problem;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

/** Request bodies and path segments of the LangGraph endpoints. */
final class LangGraphJson {
  private LangGraphJson() {}

  /**
   * A request's JSON object ({@code {}} for none); 400 for malformed JSON, 422 for a non-object.
   */
  static JsonNode body(String body) {
    if (body == null || body.isBlank()) {
      return JSON.createObjectNode();
    }
    JsonNode node;
    try {
      node = JSON.readTree(body);
    } catch (JsonProcessingException e) {
      throw Problem.badRequest("malformed JSON: " + e.getOriginalMessage());
    }
    if (!node.isObject()) {
      throw Problem.invalid("$", "must be a JSON object");
    }
    return node;
  }

  /** A search's page: {@code limit} (10 unless given; 1 to {@code most}) after {@code offset}. */
  record Page(int limit, int offset) {
    static Page of(JsonNode request, int most) {
      return new Page(
          Math.max(1, Math.min(most, request.path("limit").asInt(10))),
          Math.max(0, request.path("offset").asInt(0)));
    }
  }

  static String encode(String segment) {
    return URLEncoder.encode(segment, StandardCharsets.UTF_8);
  }
}
