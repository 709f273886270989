package dev.threadline.ingest.langgraph;

import static dev.threadline.ingest.langgraph.LangChainMessages.JSON;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.threadline.avro.AppendMessages;
import dev.threadline.avro.AppendedMessage;
import dev.threadline.avro.Role;
import dev.threadline.avro.SetValue;
import dev.threadline.ingest.Problem;
import dev.threadline.ingest.ThreadCommandSender;
import dev.threadline.ingest.reads.ProjectorJson;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.core.HttpHeaders;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * LangGraph's {@code updateState} ({@code POST /threads/{id}/state}): the state's {@code messages}
 * appended to the idle thread without running a turn ({@code AppendMessages}) — human and ai text,
 * no tool calls — and its other values set as the thread's key-value entries ({@code SetValue}, a
 * null deleting one), each within the key-value store's caps; answered with the checkpoint of the
 * state after them, once the projector shows them.
 */
@ApplicationScoped
public class StateUpdates {
  /** How long an update waits for the projector to show the messages it appended. */
  static final Duration SHOWN_WITHIN = Duration.ofSeconds(10);

  @Inject ThreadCommandSender sender;
  @Inject dev.threadline.config.Limits limits;

  /** The messages an update appends and the entries it sets (a null value deletes its key). */
  record Update(List<AppendedMessage> messages, Map<String, String> entries) {}

  /** The most entries one update sets. */
  static final int MAX_ENTRIES = 100;

  /** Appends what {@code request} asks for to {@code threadId}: the new checkpoint. */
  ObjectNode update(
      HttpHeaders headers,
      String tenant,
      ProjectorJson projector,
      String threadId,
      JsonNode request) {
    Update update = parse(request.path("values"), limits.messageBytes());
    List<AppendedMessage> messages = update.messages();
    JsonNode summary = projector.summary(threadId);
    if (summary == null) {
      throw Problem.notFound("no thread " + threadId);
    }
    if (!summary.path("status").asText().equals("IDLE")) {
      throw Problem.conflict(
          "thread "
              + threadId
              + " is "
              + summary.path("status").asText().toLowerCase(java.util.Locale.ROOT)
              + ": its state is updated while it is idle");
    }
    ThreadMessages before = ThreadMessages.read(projector, threadId);
    String checkpoint = Checkpoints.requested(request);
    if (checkpoint != null && Checkpoints.count(before, checkpoint) != before.kept().size()) {
      throw Problem.conflict("checkpoint " + checkpoint + " is not the head of thread " + threadId);
    }
    long lastBefore = before.kept().isEmpty() ? 0 : before.kept().getLast().seq();
    String head =
        before.kept().isEmpty()
            ? Checkpoints.ROOT
            : Checkpoints.id(before.kept().getLast().canonical());
    update
        .entries()
        .forEach(
            (key, json) ->
                sender.publish(
                    headers, tenant, threadId, "state-value-" + key, new SetValue(key, json)));
    if (!messages.isEmpty()) {
      String commandId =
          sender.publish(headers, tenant, threadId, "state", new AppendMessages(messages));
      head =
          Checkpoints.id(
              shown(projector, threadId, lastBefore, messages.size(), commandId).canonical());
    }
    ThreadEntries.awaitShown(projector, threadId, update.entries(), SHOWN_WITHIN);
    ObjectNode ref =
        JSON.createObjectNode()
            .put("thread_id", threadId)
            .put("checkpoint_ns", "")
            .put("checkpoint_id", head);
    ObjectNode answer = JSON.createObjectNode();
    answer.set("checkpoint", ref);
    answer.set("configurable", ref.deepCopy());
    return answer;
  }

  /** The last of the {@code count} messages appended after seq {@code lastBefore}, once shown. */
  private static ThreadMessages.Kept shown(
      ProjectorJson projector, String threadId, long lastBefore, int count, String commandId) {
    java.util.concurrent.atomic.AtomicReference<ThreadMessages.Kept> last =
        new java.util.concurrent.atomic.AtomicReference<>();
    ProjectorWaits.until(
        System.nanoTime() + SHOWN_WITHIN.toNanos(),
        () -> {
          List<ThreadMessages.Kept> kept = ThreadMessages.read(projector, threadId).kept();
          boolean shown = kept.stream().filter(k -> k.seq() > lastBefore).count() >= count;
          last.set(shown ? kept.getLast() : null);
          return shown;
        },
        () ->
            "command "
                + commandId
                + " was sent, but its messages are not in the thread's state after "
                + SHOWN_WITHIN.toSeconds()
                + " s: a turn may have started first (its events say), or the projector lags");
    return last.get();
  }

  /**
   * {@code values}: its {@code messages} to append, its other entries to set; 422 naming the field
   * for what cannot be.
   */
  static Update parse(JsonNode values, long maxBytes) {
    if (!values.isObject() || values.isEmpty()) {
      throw Problem.invalid("values", "required: an object with the messages or values to set");
    }
    Map<String, String> entries = new LinkedHashMap<>();
    for (var entry : values.properties()) {
      if (!entry.getKey().equals("messages")) {
        entries.put(entry.getKey(), ThreadEntries.checked(entry.getKey(), entry.getValue()));
      }
    }
    if (entries.size() > MAX_ENTRIES) {
      throw Problem.invalid("values", "at most " + MAX_ENTRIES + " values an update");
    }
    List<AppendedMessage> messages =
        values.has("messages") ? messages(values.path("messages"), maxBytes) : List.of();
    return new Update(messages, entries);
  }

  /** {@code values.messages} as appended messages; 422 naming the field for what cannot be. */
  private static List<AppendedMessage> messages(JsonNode given, long maxBytes) {
    if (given.isObject()) {
      given = JSON.createArrayNode().add(given);
    }
    if (!given.isArray() || given.isEmpty() || given.size() > 100) {
      throw Problem.invalid("values.messages", "1 to 100 messages to add");
    }
    List<AppendedMessage> messages = new ArrayList<>();
    for (int i = 0; i < given.size(); i++) {
      JsonNode m = given.get(i);
      String field = "values.messages[" + i + "]";
      String type = m.path("type").asText(m.path("role").asText(""));
      Role role =
          switch (type) {
            case "human", "user" -> Role.USER;
            case "ai", "assistant" -> Role.ASSISTANT;
            default ->
                throw Problem.invalid(
                    field + ".type", "human or ai: a state update adds words, not '" + type + "'");
          };
      if (m.path("tool_calls").isArray() && !m.path("tool_calls").isEmpty()) {
        throw Problem.invalid(field + ".tool_calls", "a state update adds no tool calls");
      }
      String text = LangChainMessages.text(m.path("content"), field + ".content");
      if (text.isBlank()) {
        throw Problem.invalid(field + ".content", "must not be blank");
      }
      if (dev.threadline.config.Utf8.length(text) > maxBytes) {
        throw Problem.tooLarge(
            field + ".content",
            "a message is at most "
                + maxBytes
                + " bytes ("
                + dev.threadline.config.Limits.key("message.bytes")
                + ")");
      }
      messages.add(new AppendedMessage(role, text));
    }
    return messages;
  }
}
