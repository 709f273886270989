package dev.threadline.ingest.langgraph;

import static dev.threadline.ingest.langgraph.LangChainMessages.JSON;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;

/**
 * The {@code events} stream mode: a run as LangChain's callback events ({@code astream_events} v2,
 * what AG-UI's LangGraph adapter and {@code useStream}'s {@code onLangChainEvent} read). The run is
 * the graph ({@code on_chain_start} / {@code on_chain_end}); each model call a chat model ({@code
 * on_chat_model_start}, its token chunks {@code on_chat_model_stream}, its answer {@code
 * on_chat_model_end}), its run id the call's request id; each tool call a tool ({@code
 * on_tool_start}, its result {@code on_tool_end}); what a tool emits {@code on_custom_event}.
 */
final class LangChainEvents {
  private final String runId;
  private final String threadId;
  private final RunTranslation.Sink sink;
  private String modelCall = "";
  private String model = "";

  LangChainEvents(String runId, String threadId, RunTranslation.Sink sink) {
    this.runId = runId;
    this.threadId = threadId;
    this.sink = sink;
  }

  void runStarted() throws IOException {
    send(null, "on_chain_start", "LangGraph", runId, JSON.createObjectNode().putObject("input"));
  }

  void runEnded(ObjectNode values) throws IOException {
    ObjectNode data = JSON.createObjectNode();
    data.set("output", values);
    send(null, "on_chain_end", "LangGraph", runId, data);
  }

  /** A model call issued: {@code ModelCallRequested}'s payload. */
  void modelStarted(String id, JsonNode call) throws IOException {
    modelCall = call.path("requestId").asText();
    model = call.path("model").asText(call.path("provider").asText("model"));
    ObjectNode data = JSON.createObjectNode();
    data.putObject("input");
    send(id, "on_chat_model_start", model, modelCall, data);
  }

  void token(ObjectNode chunk) throws IOException {
    ObjectNode data = JSON.createObjectNode();
    data.set("chunk", chunk);
    send(null, "on_chat_model_stream", model, modelCall, data);
  }

  /** A message appended, as LangChain's: an answer ends its model call, a result its tool call. */
  void appended(String id, ObjectNode message, JsonNode stored) throws IOException {
    ObjectNode data = JSON.createObjectNode();
    data.set("output", message);
    switch (message.path("type").asText()) {
      case "ai" -> send(id, "on_chat_model_end", model, modelCall, data);
      case "tool" ->
          send(id, "on_tool_end", stored.path("toolName").asText(), toolRun(stored), data);
      default -> {}
    }
  }

  /** A tool call issued: {@code ToolCallRequested}'s payload. */
  void toolStarted(String id, JsonNode call) throws IOException {
    ObjectNode data = JSON.createObjectNode();
    data.set("input", LangChainMessages.arguments(call.path("argumentsJson").asText("{}")));
    send(id, "on_tool_start", call.path("toolName").asText(), call.path("callId").asText(), data);
  }

  /** What a tool emitted ({@code CustomEvent}'s payload): its name, its data. */
  void custom(String id, JsonNode emitted) throws IOException {
    JsonNode data = LangChainMessages.arguments(emitted.path("dataJson").asText("null"));
    send(id, "on_custom_event", emitted.path("name").asText(), runId, data);
  }

  private static String toolRun(JsonNode stored) {
    return stored.path("toolCallId").asText();
  }

  private void send(String id, String event, String name, String eventRunId, JsonNode data)
      throws IOException {
    ObjectNode e =
        JSON.createObjectNode().put("event", event).put("name", name).put("run_id", eventRunId);
    e.putArray("tags");
    e.putObject("metadata")
        .put("thread_id", threadId)
        .put("run_id", runId)
        .put("langgraph_node", event.contains("tool") ? "tools" : "agent");
    e.putArray("parent_ids").add(runId);
    e.set("data", data);
    sink.event(id, "events", e);
  }
}
