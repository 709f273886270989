package dev.threadline.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * A blocking subagent (the default of a subagent entry) through the HTTP APIs: the parent's call of
 * its helper waits for the child's session, the child's {@code sessionStop} result is that call's
 * tool result, and the parent answers in the same turn — one turn, no queued message.
 */
record BlockingSubagentAcceptance(StackClient stack) {
  static final String PARENT =
      """
      {"model": {"provider": "scripted", "turns": [[
         {"toolCalls": [{"name": "helper", "arguments": {"message": "What is the answer?"}},
                        {"name": "echo", "arguments": {"step": "after the helper"}}]},
         {"text": "The helper says forty-two."}]]},
       "systemPrompt": "You delegate and wait.",
       "tools": [{"name": "echo", "permission": "allow"}],
       "subagents": [{"name": "helper", "agent": "acceptance-child"}],
       "stop": {"stopOnResponse": true, "maxSteps": 5}, "group": "task"}""";

  void run() throws Exception {
    stack.putAgent("acceptance-child", Acceptance.CHILD);
    stack.putAgent("blocking-parent", PARENT);
    String threadId =
        stack.createThread("{\"agent\": \"blocking-parent\", \"message\": \"Find the answer.\"}");

    List<JsonNode> events =
        stack.awaitEvents(threadId, e -> StackClient.count(e, "TurnCompleted") >= 1, "a turn");
    JsonNode created = StackClient.first(events, "SubagentCreated").path("payload");
    assertThat(created.path("blocking").asBoolean()).isTrue();
    List<JsonNode> toolResults = StackClient.toolResults(events);
    assertThat(toolResults).hasSize(2);
    assertThat(toolResults.getFirst().path("content").asText()).contains("forty-two");
    assertThat(toolResults.getFirst().path("isError").asBoolean()).isFalse();
    // The child's report ended the wait; it did not become a message or a second turn.
    assertThat(events.stream().map(e -> e.path("type").asText()))
        .doesNotContain("MessageQueued")
        .filteredOn("TurnStarted"::equals)
        .hasSize(1);
    assertThat(stack.thread(threadId).path("status").asText()).isEqualTo("IDLE");
  }
}
