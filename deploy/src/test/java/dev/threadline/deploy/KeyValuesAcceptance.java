package dev.threadline.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * A thread's key-value store through the HTTP APIs (spec §14): an operator writes a value with
 * {@code PUT …/values/{key}} on the ingest, the thread's {@code get_value} reads it, its {@code
 * set_value} writes another, and the projector's {@code GET …/values} shows both; a {@code DELETE}
 * removes one.
 */
record KeyValuesAcceptance(StackClient stack) {
  static final String KEEPER =
      """
      {"model": {"provider": "scripted", "script": [
         {"toolCalls": [{"name": "get_value", "arguments": {"key": "color"}}]},
         {"toolCalls": [{"name": "set_value", "arguments": {"key": "seen", "value": {"by": "agent"}}}]},
         {"text": "noted"}]},
       "systemPrompt": "You keep notes.",
       "stop": {"stopOnResponse": true, "maxSteps": 5}}""";

  void run() throws Exception {
    stack.putAgent("kv-keeper", KEEPER);
    String threadId = stack.createThread("{\"agent\": \"kv-keeper\"}");
    String values = "/v1/threads/" + StackClient.encode(threadId) + "/values";
    stack.send("PUT", stack.ingest() + values + "/color", "{\"name\": \"teal\"}", 202);
    stack.sendMessage(threadId, "{\"text\": \"what color?\"}");

    List<JsonNode> events =
        stack.awaitEvents(threadId, e -> StackClient.count(e, "TurnCompleted") >= 1, "a turn");
    assertThat(StackClient.toolResults(events).getFirst().path("content").asText())
        .isEqualTo("{\"name\":\"teal\"}");
    JsonNode both =
        stack.await(
            stack.projector() + values, v -> v.path("values").has("seen"), "the agent's value");
    assertThat(both.path("values").path("color").path("name").asText()).isEqualTo("teal");
    assertThat(both.path("values").path("seen").path("by").asText()).isEqualTo("agent");

    stack.send("DELETE", stack.ingest() + values + "/color", "", 202);
    JsonNode after =
        stack.await(
            stack.projector() + values, v -> !v.path("values").has("color"), "the deletion");
    assertThat(after.path("values").has("seen")).isTrue();
  }
}
