package dev.threadline.ingest.langgraph;

import static dev.threadline.ingest.langgraph.LangChainMessages.JSON;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.threadline.ingest.reads.ServerSentEvents;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Set;

/**
 * A Threadline run's stream (the projector's Server-Sent Events) as a LangGraph run's: {@code
 * metadata} first; then, per the stream modes asked, {@code values} (the thread's messages after
 * each message), {@code updates} ({@code {agent|tools: {messages: [...]}}}), {@code messages} (the
 * {@code messages-tuple} mode: token chunks, or the whole answer of a model that does not stream)
 * or {@code messages/partial} and {@code messages/complete} (the {@code messages} mode), {@code
 * custom} (what a tool emitted, {@code ThreadState.emit}, and a running tool's progress as {@code
 * {type: tool_progress, …}}), {@code events} (LangChain's callback events, {@link
 * LangChainEvents}); an approval the turn waits for is an interrupt ({@code __interrupt__}) that
 * ends the run {@code interrupted}; {@code end} with the run's status last. Events keep the
 * Threadline event's seq as their id, so a stream rejoined with {@code Last-Event-ID} goes on where
 * it broke.
 */
final class RunTranslation {
  /** Where the translated events go. */
  interface Sink {
    void event(String id, String event, JsonNode data) throws IOException;

    /** The source is alive but quiet. */
    default void keepAlive() throws IOException {}
  }

  /**
   * How the run ended ({@code status} null: the source went away first), why when it says (a
   * refusal's reason), and its last values.
   */
  record Outcome(String status, String reason, ObjectNode values) {}

  private final String runId;
  private final String threadId;
  private final Set<String> modes;
  private final ThreadMessages state;
  private String partial = "";
  private boolean valuesSent;
  private LangChainEvents events;

  RunTranslation(String runId, String threadId, Set<String> modes, ThreadMessages state) {
    this.runId = runId;
    this.threadId = threadId;
    this.modes = modes;
    this.state = state;
  }

  Outcome translate(InputStream source, Sink sink) throws IOException {
    sink.event(
        null, "metadata", JSON.createObjectNode().put("run_id", runId).put("thread_id", threadId));
    if (modes.contains("events")) {
      events = new LangChainEvents(runId, threadId, sink);
      events.runStarted();
    }
    Outcome[] outcome = {null};
    ServerSentEvents.read(
        source,
        new ServerSentEvents.Reader() {
          @Override
          public boolean event(String id, String event, JsonNode data) throws IOException {
            outcome[0] = dispatch(id, event, data, sink);
            return outcome[0] != null;
          }

          @Override
          public void keepAlive() throws IOException {
            sink.keepAlive();
          }
        });
    return outcome[0] != null ? outcome[0] : new Outcome(null, null, state.values(null));
  }

  private Outcome dispatch(String id, String event, JsonNode data, RunTranslation.Sink sink)
      throws IOException {
    switch (event) {
      case "MessageAppended" -> appended(id, data.path("payload"), sink);
      case "ThreadBranched" -> {
        JsonNode b = data.path("payload");
        state.branched(
            b.path("atMessageSeq").asLong(),
            b.path("firstMessageSeq").asLong(),
            b.path("copied").asInt());
      }
      case "delta" -> delta(data.path("text").asText(""), sink);
      case "ModelCallRequested" -> {
        if (events != null) {
          events.modelStarted(id, data.path("payload"));
        }
      }
      case "ToolCallRequested" -> {
        if (events != null) {
          events.toolStarted(id, data.path("payload"));
        }
      }
      case "progress" -> {
        if (modes.contains("custom")) {
          // A running tool call's progress, live: named so a client tells it from a tool's own.
          ObjectNode progress = ((ObjectNode) data.deepCopy()).put("type", "tool_progress");
          sink.event(null, "custom", progress);
        }
      }
      case "CustomEvent" -> {
        if (events != null) {
          events.custom(id, data.path("payload"));
        }
        if (modes.contains("custom")) {
          // What the tool emitted, as LangGraph's stream writer sends it: the data alone.
          sink.event(
              id,
              "custom",
              LangChainMessages.arguments(data.path("payload").path("dataJson").asText("null")));
        }
      }
      case "ApprovalRequested" -> {
        ObjectNode interrupt = Interrupts.of(data.path("payload"));
        if (modes.contains("updates")) {
          ObjectNode update = JSON.createObjectNode();
          update.putArray("__interrupt__").add(interrupt);
          sink.event(id, "updates", update);
        }
        ObjectNode values = state.values(List.of(interrupt));
        if (modes.contains("values")) {
          sink.event(id, "values", values);
        }
        return end(sink, "interrupted", values);
      }
      case "end" -> {
        ObjectNode values = state.values(null);
        if (modes.contains("values") && !valuesSent) {
          sink.event(id, "values", values);
        }
        Outcome ended = end(sink, status(data.path("status").asText()), values);
        return new Outcome(ended.status(), data.path("reason").asText(null), values);
      }
      case "error" -> {
        sink.event(
            null,
            "error",
            JSON.createObjectNode()
                .put("error", "NotFound")
                .put("message", data.path("detail").asText()));
        return new Outcome("error", data.path("detail").asText(null), state.values(null));
      }
      default -> {}
    }
    return null;
  }

  private void appended(String id, JsonNode payload, Sink sink) throws IOException {
    long seq = payload.path("messageSeq").asLong();
    boolean copy = state.isCopyToCome(seq);
    ObjectNode message = state.append(payload.path("message"), seq);
    if (copy) {
      // A branch's copies are no news: the branch's state is sent once they are all there.
      if (state.copiesDone() && modes.contains("values")) {
        sink.event(id, "values", state.values(null));
        valuesSent = true;
      }
      return;
    }
    if (message == null) {
      return;
    }
    if (events != null) {
      events.appended(id, message, payload.path("message"));
    }
    boolean streamed = !partial.isEmpty();
    partial = "";
    String type = message.path("type").asText();
    if (type.equals("ai") && !streamed && modes.contains("messages-tuple")) {
      sink.event(id, "messages", tuple(message));
    }
    if (!type.equals("human") && modes.contains("messages")) {
      sink.event(id, "messages/complete", JSON.createArrayNode().add(message));
    }
    if (!type.equals("human") && modes.contains("updates")) {
      ObjectNode update = JSON.createObjectNode();
      update.putObject(type.equals("tool") ? "tools" : "agent").putArray("messages").add(message);
      sink.event(id, "updates", update);
    }
    if (modes.contains("values")) {
      sink.event(id, "values", state.values(null));
      valuesSent = true;
    }
  }

  private void delta(String text, Sink sink) throws IOException {
    long next = state.lastMessageSeq() + 1;
    partial += text;
    if (modes.contains("messages-tuple")) {
      sink.event(null, "messages", tuple(LangChainMessages.chunk(text, next)));
    }
    if (events != null) {
      events.token(LangChainMessages.chunk(text, next));
    }
    if (modes.contains("messages")) {
      ObjectNode soFar = LangChainMessages.chunk(partial, next).put("type", "ai");
      sink.event(null, "messages/partial", JSON.createArrayNode().add(soFar));
    }
  }

  private ArrayNode tuple(ObjectNode message) {
    ObjectNode metadata =
        JSON.createObjectNode()
            .put("langgraph_node", "agent")
            .put("run_id", runId)
            .put("thread_id", threadId);
    metadata.putArray("tags");
    return JSON.createArrayNode().add(message).add(metadata);
  }

  private Outcome end(Sink sink, String status, ObjectNode values) throws IOException {
    if (events != null) {
      events.runEnded(values);
    }
    sink.event(null, "end", JSON.createObjectNode().put("run_id", runId).put("status", status));
    return new Outcome(status, null, values);
  }

  /**
   * The Threadline statuses LangGraph's run status {@code langGraph} names, comma-separated (none
   * for {@code timeout}: a turn is bounded by its steps, not a clock); a 422 for a status LangGraph
   * does not have.
   */
  static String threadlineStatuses(String langGraph) {
    return switch (langGraph) {
      case "pending", "running", "success", "error" -> langGraph;
      case "interrupted" -> "interrupted,cancelled";
      case "timeout" -> "";
      default ->
          throw dev.threadline.ingest.Problem.invalid(
              "status",
              "one of pending, running, error, success, timeout, interrupted, not " + langGraph);
    };
  }

  /** A Threadline run status as LangGraph's: a cancelled run reads {@code interrupted}. */
  static String status(String threadline) {
    return switch (threadline) {
      case "cancelled" -> "interrupted";
      default -> threadline;
    };
  }
}
