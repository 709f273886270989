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

  static ObjectNode all(Map<String, String> values) {
    ObjectNode answer = ProjectorServer.JSON.createObjectNode();
    ObjectNode out = answer.putObject("values");
    values.forEach((key, json) -> out.set(key, parse(json)));
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
