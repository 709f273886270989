package dev.threadline.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;

/**
 * ThreadState through the product: the agent sets a value with {@code set_value}; in the same turn
 * an executor tool ({@link ProbeTools}) reads it through its ThreadState and, in one result, writes
 * a value, queues a message, schedules an effect, writes a file, emits an event and updates the
 * thread's first message — each applied once, visible through the read API and the thread's files —
 * and deleting the thread takes all of it away.
 */
record ThreadStateAcceptance(StackClient stack) {
  private static final ObjectMapper JSON = new ObjectMapper();

  static final String AGENT =
      """
      {"model": {"provider": "scripted", "script": [
         {"toolCalls": [{"name": "set_value", "arguments": {"key": "color", "value": "teal"}}]},
         {"toolCalls": [{"name": "state_probe", "arguments": {}}]},
         {"text": "probed"}]},
       "systemPrompt": "You probe.",
       "tools": [{"name": "state_probe", "permission": "allow"}],
       "stop": {"stopOnResponse": true, "maxSteps": 6}}""";

  /** The deleted thread: what its model calls used, and a text only its events held. */
  record DeletedUsage(
      String threadId, String marker, long calls, long inputTokens, long outputTokens) {}

  /** Runs the acceptance; answers the model calls of the thread it deletes. */
  DeletedUsage run() throws Exception {
    stack.putAgent("prober", AGENT);
    String threadId = stack.createThread("{\"agent\": \"prober\", \"message\": \"probe\"}");

    List<JsonNode> events =
        stack.awaitEvents(threadId, e -> StackClient.count(e, "TurnCompleted") >= 1, "a turn");
    List<JsonNode> results = StackClient.toolResults(events);
    String content = results.getLast().path("content").asText();
    assertThat(content).as("the probe's result").startsWith("{");
    JsonNode probe = JSON.readTree(content);
    assertThat(probe.path("saw").asText()).as("the same turn's set_value, read").isEqualTo("teal");
    assertThat(probe.path("status").asText()).isEqualTo("RUNNING");
    assertThat(probe.path("firstMessage").asText()).as("getMessage(1)").isEqualTo("probe");
    assertThat(probe.path("ownAgentsPrompt").asText()).as("getAgent").isEqualTo("You probe.");
    assertThat(probe.path("noSuchAgent").asBoolean()).as("getAgent of none").isTrue();
    assertThat(StackClient.messages(events))
        .extracting(m -> m.path("content").asText(""))
        .containsOnlyOnce("probe says teal");
    assertThat(StackClient.count(events, "CustomEvent")).isEqualTo(1);
    JsonNode emitted = StackClient.first(events, "CustomEvent").path("payload");
    assertThat(emitted.path("name").asText()).isEqualTo("probe");
    assertThat(StackClient.count(events, "EffectScheduled")).isEqualTo(1);

    String thread = stack.projector() + "/v1/threads/" + StackClient.encode(threadId);
    // The probe's updateMessage: the messages read gives the new text, the log keeps the first.
    assertThat(StackClient.first(events, "MessageUpdated").path("payload").path("content").asText())
        .isEqualTo("probe (probed)");
    assertThat(stack.get(thread + "/messages?limit=1").path("messages").get(0).path("content"))
        .asString()
        .contains("probe (probed)");
    JsonNode values = stack.await(thread + "/values", v -> v.path("values").has("probe"), "probe");
    assertThat(values.path("values").path("probe").path("saw").asText()).isEqualTo("teal");
    JsonNode effects = stack.get(thread + "/effects").path("effects");
    assertThat(effects).hasSize(1);
    assertThat(effects.get(0).path("effectId").asText())
        .isEqualTo(JSON.readTree(emitted.path("dataJson").asText()).path("effect").asText());
    // The file the tool wrote, placed with its result.
    String file =
        stack
            .rawWrite(
                "GET",
                "/v1/threads/" + StackClient.encode(threadId) + "/files/attachments/probe.txt",
                "")
            .body();
    assertThat(file).isEqualTo("saw teal");

    // Deleted: the thread, its values and its files are gone from every read.
    List<JsonNode> all = stack.awaitEvents(threadId, e -> true, "its events");
    long calls = 0;
    long input = 0;
    long output = 0;
    for (JsonNode e : all) {
      if (e.path("type").asText().equals("ModelCallCompleted")) {
        calls++;
        input += e.path("payload").path("usage").path("inputTokens").asLong();
        output += e.path("payload").path("usage").path("outputTokens").asLong();
      }
    }
    stack.write("DELETE", "/v1/threads/" + StackClient.encode(threadId), "", 202);
    long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(60);
    while (stack.raw(thread).statusCode() != 404) {
      assertThat(System.nanoTime()).as("the deleted thread, still read").isLessThan(deadline);
      Thread.sleep(200);
    }
    assertThat(stack.raw(thread + "/values").statusCode()).isEqualTo(404);
    assertThat(
            stack
                .rawWrite(
                    "GET",
                    "/v1/threads/" + StackClient.encode(threadId) + "/files/attachments/probe.txt",
                    "")
                .statusCode())
        .isEqualTo(404);
    return new DeletedUsage(threadId, "probe says teal", calls, input, output);
  }
}
