package dev.threadline.executor.hooks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.threadline.agents.HookPoint;
import dev.threadline.avro.ChatMessage;
import dev.threadline.avro.HookFailure;
import dev.threadline.avro.ModelRequest;
import dev.threadline.avro.Role;
import dev.threadline.avro.ToolCall;
import dev.threadline.avro.ToolRequest;
import dev.threadline.executor.tools.ToolRunner;
import dev.threadline.serde.PooledJson;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The hooks on a model request's messages, before the model sees them: {@code after_system_message}
 * sees the rendered system message, {@code {"content"}}, and may answer {@code {"content": "…"}} to
 * replace it for this request; then {@code prefilter_llm_history} sees the conversation after the
 * leading system message, then {@code filter_messages} the whole list. Each sees {@code
 * {"messages": [{"index", "role", "content", "toolCalls", "toolCallId"}]}} and answers {@code
 * {"keep": [indices], "content": {"index": "new text"}}}: which messages stay (in their order) and
 * new text for some. A filter may drop and edit, never break the conversation: a tool call it keeps
 * keeps its result, a result its call — or it changes nothing and is reported. The thread's stored
 * messages never change; writes a history hook makes to its thread are not kept.
 */
public final class MessageHooks {
  private static final ObjectMapper JSON = PooledJson.MAPPER;

  private final HookCall hooks;

  public MessageHooks(ToolRunner runner) {
    this.hooks = new HookCall(runner);
  }

  /** The messages the model gets, and the hooks that did not do their part. */
  public record Applied(List<ChatMessage> messages, List<HookFailure> failures) {}

  public Applied apply(ModelRequest request, Instant now) {
    List<ChatMessage> messages = request.getMessages();
    List<HookFailure> failures = new ArrayList<>();
    if (request.getHooks().isEmpty()) {
      return new Applied(messages, failures);
    }
    ToolRequest about = HookCall.about(request);
    java.util.Map<String, Object> execution = new dev.threadline.executor.tools.Execution();
    if (request.getHooks().containsKey(HookPoint.AFTER_SYSTEM_MESSAGE.wire())) {
      messages = systemMessage(about, execution, messages, failures, now);
    }
    if (request.getHooks().containsKey(HookPoint.PREFILTER_LLM_HISTORY.wire())) {
      int head = 0;
      while (head < messages.size() && messages.get(head).getRole() == Role.SYSTEM) {
        head++;
      }
      List<ChatMessage> history =
          filter(
              about,
              execution,
              HookPoint.PREFILTER_LLM_HISTORY.wire(),
              messages.subList(head, messages.size()),
              failures,
              now);
      if (history != null) {
        List<ChatMessage> all = new ArrayList<>(messages.subList(0, head));
        all.addAll(history);
        messages = all;
      }
    }
    if (request.getHooks().containsKey(HookPoint.FILTER_MESSAGES.wire())) {
      List<ChatMessage> kept =
          filter(about, execution, HookPoint.FILTER_MESSAGES.wire(), messages, failures, now);
      messages = kept == null ? messages : kept;
    }
    return new Applied(messages, failures);
  }

  /**
   * The messages with the system message {@code after_system_message} answers, {@code {"content":
   * "…"}}, in place of the rendered one; as they are when it answers nothing to change, or fails.
   */
  private List<ChatMessage> systemMessage(
      ToolRequest about,
      java.util.Map<String, Object> execution,
      List<ChatMessage> messages,
      List<HookFailure> failures,
      Instant now) {
    if (messages.isEmpty() || messages.getFirst().getRole() != Role.SYSTEM) {
      return messages;
    }
    String point = HookPoint.AFTER_SYSTEM_MESSAGE.wire();
    ChatMessage system = messages.getFirst();
    HookCall.Answer answer =
        hooks.call(
            about,
            point,
            JSON.createObjectNode().put("content", system.getContent()),
            now,
            execution);
    if (answer.failure() != null) {
      failures.add(answer.failure());
      return messages;
    }
    JsonNode reply = HookCall.object(answer.output());
    if (reply == null) {
      failures.add(
          new HookFailure(point, about.getHooks().get(point), "it answered no JSON object"));
      return messages;
    }
    if (!reply.path("content").isTextual()) {
      return messages;
    }
    List<ChatMessage> all = new ArrayList<>(messages);
    all.set(0, ChatMessage.newBuilder(system).setContent(reply.get("content").asText()).build());
    return all;
  }

  /** What {@code point}'s function keeps of {@code messages}, or null (and why, in failures). */
  private List<ChatMessage> filter(
      ToolRequest about,
      java.util.Map<String, Object> execution,
      String point,
      List<ChatMessage> messages,
      List<HookFailure> failures,
      Instant now) {
    HookCall.Answer answer = hooks.call(about, point, view(messages), now, execution);
    if (answer.failure() != null) {
      failures.add(answer.failure());
      return null;
    }
    String refused;
    List<ChatMessage> kept = new ArrayList<>();
    try {
      JsonNode reply = JSON.readTree(answer.output() == null ? "" : answer.output());
      refused = kept(reply, messages, kept);
    } catch (IOException e) {
      refused = "it answered no JSON object";
    }
    if (refused == null) {
      refused = brokenPair(kept);
    }
    if (refused != null) {
      failures.add(new HookFailure(point, about.getHooks().get(point), refused));
      return null;
    }
    return kept;
  }

  /** Fills {@code kept} as {@code reply} says; why it cannot, or null. */
  private static String kept(JsonNode reply, List<ChatMessage> messages, List<ChatMessage> kept) {
    if (reply == null || !reply.isObject() || !reply.path("keep").isArray()) {
      return "it answered no {\"keep\": [indices]}";
    }
    Set<Integer> indices = new TreeSet<>();
    for (JsonNode i : reply.get("keep")) {
      if (!i.canConvertToInt() || i.asInt() < 0 || i.asInt() >= messages.size()) {
        return "'keep' holds " + i + ", not the index of a message it was given";
      }
      indices.add(i.asInt());
    }
    JsonNode content = reply.path("content");
    for (int i : indices) {
      ChatMessage m = messages.get(i);
      JsonNode text = content.get(String.valueOf(i));
      kept.add(
          text != null && text.isTextual()
              ? ChatMessage.newBuilder(m).setContent(text.asText()).build()
              : m);
    }
    return null;
  }

  /** A kept tool call without its kept result, or a result without its call; or null. */
  private static String brokenPair(List<ChatMessage> kept) {
    Set<String> calls = new HashSet<>();
    Set<String> results = new HashSet<>();
    for (ChatMessage m : kept) {
      m.getToolCalls().forEach(c -> calls.add(c.getCallId()));
      if (m.getRole() == Role.TOOL && m.getToolCallId() != null) {
        results.add(m.getToolCallId());
      }
    }
    for (String call : calls) {
      if (!results.contains(call)) {
        return "it would leave tool call " + call + " without its result";
      }
    }
    for (String result : results) {
      if (!calls.contains(result)) {
        return "it would leave the result of tool call " + result + " without its call";
      }
    }
    return null;
  }

  /** What a history hook sees of the messages. */
  private static ObjectNode view(List<ChatMessage> messages) {
    ObjectNode view = JSON.createObjectNode();
    ArrayNode list = view.putArray("messages");
    for (int i = 0; i < messages.size(); i++) {
      ChatMessage m = messages.get(i);
      ObjectNode item =
          list.addObject()
              .put("index", i)
              .put("role", m.getRole().name().toLowerCase(java.util.Locale.ROOT))
              .put("content", m.getContent());
      if (!m.getToolCalls().isEmpty()) {
        ArrayNode calls = item.putArray("toolCalls");
        for (ToolCall c : m.getToolCalls()) {
          calls
              .addObject()
              .put("id", c.getCallId())
              .put("name", c.getName())
              .put("arguments", c.getArgumentsJson());
        }
      }
      if (m.getToolCallId() != null) {
        item.put("toolCallId", m.getToolCallId());
      }
    }
    return view;
  }
}
