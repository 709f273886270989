package dev.threadline.projector.http;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;

/**
 * A thread's key-value store as {@code GET /v1/threads/{id}/values[/{key}]} shows it: each value as
 * the JSON it was set to. Read from the projection of its {@code ValueChanged} events, so a write
 * shows here once the projector has applied it (the thread's own tools read the step processor's
 * store, current within the turn).
 */
final class ThreadValues {
  private ThreadValues() {}

  /**
   * A page of at most {@code limit} values, by key; {@code next}, the last key, when the page is
   * full (go on with {@code ?afterKey=}), else null.
   */
  static ObjectNode page(Map<String, String> values, int limit) {
    ObjectNode answer = ProjectorServer.JSON.createObjectNode();
    ObjectNode out = answer.putObject("values");
    String last = null;
    for (var e : values.entrySet()) {
      out.set(e.getKey(), parse(e.getValue()));
      last = e.getKey();
    }
    if (values.size() >= limit) {
      answer.put("next", last);
    } else {
      answer.putNull("next");
    }
    return answer;
  }

  static ObjectNode one(String key, String json) {
    if (json == null) {
      throw Problem.notFound("no value '" + key + "'");
    }
    ObjectNode answer = ProjectorServer.JSON.createObjectNode().put("key", key);
    answer.set("value", parse(json));
    return answer;
  }

  private static JsonNode parse(String json) {
    try {
      return ProjectorServer.JSON.readTree(json);
    } catch (JsonProcessingException e) {
      return ProjectorServer.JSON.getNodeFactory().textNode(json);
    }
  }
}
