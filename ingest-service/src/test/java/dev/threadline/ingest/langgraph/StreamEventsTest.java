package dev.threadline.ingest.langgraph;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The {@code events} stream mode: a run's work as LangChain's callback events ({@code
 * astream_events} v2), which AG-UI's LangGraph adapter and {@code useStream}'s {@code
 * onLangChainEvent} read — the graph's start and end, each model call's start, token chunks and
 * answer, each tool call's start and end, and what tools emit.
 */
class StreamEventsTest {
  private final List<JsonNode> events = new ArrayList<>();

  private void translate(String... frames) throws Exception {
    new RunTranslation("run-1", "t-1", Set.of("events"), new ThreadMessages())
        .translate(
            new ByteArrayInputStream(String.join("", frames).getBytes(StandardCharsets.UTF_8)),
            (id, event, data) -> {
              if (event.equals("events")) {
                events.add(data);
              }
            });
  }

  private static String frame(long seq, String type, String payload) {
    return "id: "
        + seq
        + "\nevent: "
        + type
        + "\ndata: {\"seq\": "
        + seq
        + ", \"payload\": "
        + payload
        + "}\n\n";
  }

  private static String appended(long seq, long messageSeq, String message) {
    return frame(
        seq,
        "MessageAppended",
        "{\"messageSeq\": " + messageSeq + ", \"message\": " + message + "}");
  }

  @Test
  void aTurnWithAToolCallIsTheGraphsModelAndToolEventsInOrder() throws Exception {
    translate(
        appended(3, 1, "{\"role\": \"USER\", \"content\": \"weather?\", \"toolCalls\": []}"),
        frame(
            4, "ModelCallRequested", "{\"requestId\": \"t-1/t1/s1/model\", \"model\": \"gpt-x\"}"),
        "event: delta\ndata: {\"requestId\": \"t-1/t1/s1/model\", \"index\": 0, \"text\": \"le\"}\n\n",
        "event: delta\ndata: {\"requestId\": \"t-1/t1/s1/model\", \"index\": 1, \"text\": \"t me\"}\n\n",
        appended(
            6,
            2,
            "{\"role\": \"ASSISTANT\", \"content\": \"let me\", \"toolCalls\": [{\"callId\": \"c1\","
                + " \"name\": \"weather\", \"argumentsJson\": \"{\\\"city\\\": \\\"Porto\\\"}\"}]}"),
        frame(
            7,
            "ToolCallRequested",
            "{\"requestId\": \"t-1/t1/s1/c0\", \"callId\": \"c1\", \"toolName\": \"weather\","
                + " \"argumentsJson\": \"{\\\"city\\\": \\\"Porto\\\"}\"}"),
        frame(8, "CustomEvent", "{\"name\": \"map\", \"dataJson\": \"{\\\"zoom\\\": 3}\"}"),
        appended(
            9,
            3,
            "{\"role\": \"TOOL\", \"content\": \"sunny\", \"toolCallId\": \"c1\", \"toolName\":"
                + " \"weather\", \"toolCalls\": []}"),
        "event: end\ndata: {\"runId\": \"run-1\", \"status\": \"success\"}\n\n");

    assertThat(events)
        .extracting(e -> e.path("event").asText())
        .containsExactly(
            "on_chain_start",
            "on_chat_model_start",
            "on_chat_model_stream",
            "on_chat_model_stream",
            "on_chat_model_end",
            "on_tool_start",
            "on_custom_event",
            "on_tool_end",
            "on_chain_end");
    assertThat(events).allMatch(e -> e.path("metadata").path("thread_id").asText().equals("t-1"));
    JsonNode chunk = events.get(2).path("data").path("chunk");
    assertThat(chunk.path("content").asText()).isEqualTo("le");
    assertThat(chunk.path("id").asText()).isEqualTo("m2");
    assertThat(events.get(1).path("run_id").asText())
        .as("a model call's events share its run id")
        .isEqualTo(events.get(4).path("run_id").asText());
    assertThat(
            events
                .get(4)
                .path("data")
                .path("output")
                .path("tool_calls")
                .get(0)
                .path("name")
                .asText())
        .isEqualTo("weather");
    assertThat(events.get(5).path("name").asText()).isEqualTo("weather");
    assertThat(events.get(5).path("data").path("input").path("city").asText()).isEqualTo("Porto");
    assertThat(events.get(6).path("name").asText()).isEqualTo("map");
    assertThat(events.get(6).path("data").path("zoom").asInt()).isEqualTo(3);
    assertThat(events.get(7).path("data").path("output").path("content").asText())
        .isEqualTo("sunny");
    assertThat(events.get(8).path("data").path("output").path("messages")).hasSize(3);
  }

  @Test
  void withoutTheModeNoEventsAreSent() throws Exception {
    List<String> kinds = new ArrayList<>();
    new RunTranslation("run-1", "t-1", Set.of("values"), new ThreadMessages())
        .translate(
            new ByteArrayInputStream(
                (frame(4, "ModelCallRequested", "{\"requestId\": \"r\", \"model\": \"m\"}")
                        + "event: end\ndata: {\"runId\": \"run-1\", \"status\": \"success\"}\n\n")
                    .getBytes(StandardCharsets.UTF_8)),
            (id, event, data) -> kinds.add(event));
    assertThat(kinds).doesNotContain("events");
  }
}
