package dev.threadline.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The product's acceptance, through the HTTP APIs only: register a parent agent and its subagent,
 * create a thread, send a message; through the projector see the tool call, the subagent run and
 * its result reach the parent (a second turn), every turn complete, seq gap-free; the SSE stream
 * delivers the same events in the same order.
 */
record Acceptance(StackClient stack) {
  private static final HttpClient HTTP = HttpClient.newHttpClient();

  static final String CHILD =
      """
      {"model": {"provider": "scripted", "turns": [[
         {"toolCalls": [{"name": "echo", "arguments": {"step": "child"}}]},
         {"toolCalls": [{"name": "sessionStop", "arguments": {"result": "forty-two"}}]}]]},
       "systemPrompt": "You answer for your parent.",
       "tools": [{"name": "echo", "permission": "allow"}],
       "stop": {"stopOnResponse": true, "maxSteps": 5}, "group": "task"}""";
  static final String PARENT =
      """
      {"model": {"provider": "scripted", "turns": [[
         {"toolCalls": [{"name": "echo", "arguments": {"step": "parent"}},
                        {"name": "helper", "arguments": {"message": "What is the answer?"}}]},
         {"text": "Asked my helper."}],
        [{"text": "The helper says forty-two."}]]},
       "systemPrompt": "You delegate.",
       "tools": [{"name": "echo", "permission": "allow"}],
       "subagents": [{"name": "helper", "agent": "acceptance-child", "blocking": false}],
       "stop": {"stopOnResponse": true, "maxSteps": 5}, "group": "task"}""";

  void run() throws Exception {
    stack.putAgent("acceptance-child", CHILD);
    stack.putAgent("acceptance-parent", PARENT);
    String threadId = stack.createThread("{\"agent\": \"acceptance-parent\"}");
    stack.sendMessage(threadId, "{\"text\": \"Find the answer.\"}");

    List<JsonNode> events =
        stack.awaitEvents(threadId, e -> StackClient.count(e, "TurnCompleted") >= 2, "two turns");
    List<String> types = events.stream().map(e -> e.path("type").asText()).toList();
    for (int i = 0; i < events.size(); i++) {
      assertThat(events.get(i).path("seq").asLong()).as("seq gap-free").isEqualTo(i + 1);
    }
    assertThat(types)
        .contains("ToolCallCompleted", "SubagentCreated", "ChildStatusUpdated")
        .filteredOn("TurnCompleted"::equals)
        .hasSize(2);
    JsonNode childCreated = StackClient.first(events, "SubagentCreated").path("payload");
    String childId = childCreated.path("childThreadId").asText();
    assertThat(
            StackClient.first(events, "ChildStatusUpdated").path("payload").path("kind").asText())
        .isEqualTo("completed");
    assertThat(
            events.stream()
                .filter(e -> e.path("type").asText().equals("MessageAppended"))
                .map(e -> e.path("payload").path("message").path("content").asText()))
        .anyMatch(text -> text.contains("forty-two") && text.contains("helper"));

    JsonNode parent = stack.thread(threadId);
    assertThat(parent.path("turns").asInt()).isEqualTo(2);
    assertThat(parent.path("children").get(0).asText()).isEqualTo(childId);
    JsonNode child = stack.thread(childId);
    assertThat(child.path("parentThreadId").asText()).isEqualTo(threadId);
    assertThat(child.path("status").asText()).isEqualTo("TERMINATED");

    assertThat(stream(threadId, events.size()))
        .as("the SSE stream delivers the same events")
        .isEqualTo(
            events.stream()
                .map(e -> e.path("seq").asText() + " " + e.path("type").asText())
                .toList());

    JsonNode stats = stack.get(stack.projector() + "/v1/stats?minutes=5");
    assertThat(stats.path("tools").findValuesAsText("tool")).contains("echo", "helper");
  }

  /** The first {@code count} events of the thread's SSE stream, as "seq type". */
  private List<String> stream(String threadId, int count) throws Exception {
    HttpResponse<InputStream> response =
        HTTP.send(
            HttpRequest.newBuilder(
                    URI.create(
                        stack.projector()
                            + "/v1/threads/"
                            + StackClient.encode(threadId)
                            + "/stream"))
                .header("Authorization", "Bearer " + stack.apiKey())
                .header("Last-Event-ID", "0")
                .build(),
            HttpResponse.BodyHandlers.ofInputStream());
    assertThat(response.statusCode()).isEqualTo(200);
    List<String> seen = new ArrayList<>();
    try (var lines =
        new BufferedReader(new InputStreamReader(response.body(), StandardCharsets.UTF_8))) {
      String id = null;
      for (String line; seen.size() < count && (line = lines.readLine()) != null; ) {
        if (line.startsWith("id: ")) {
          id = line.substring(4);
        } else if (line.startsWith("event: ") && id != null) {
          seen.add(id + " " + line.substring(7));
          id = null;
        }
      }
    }
    return seen;
  }
}
