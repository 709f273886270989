package dev.threadline.ingest.langgraph;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.threadline.agents.Senders;
import dev.threadline.ingest.Problem;

/**
 * Threadline's messages in the LangChain message format the LangGraph SDKs parse ({@code type}
 * {@code human}, {@code ai} with {@code tool_calls}, {@code tool} with {@code tool_call_id}), and
 * the text of the message an app sends. A message's id is {@code m<messageSeq>}: the same in a
 * run's stream, in its state and in the token chunks that built it.
 */
public final class LangChainMessages {
  static final ObjectMapper JSON = new ObjectMapper();

  private LangChainMessages() {}

  /** The id of the thread's message {@code messageSeq}. */
  public static String id(long messageSeq) {
    return "m" + messageSeq;
  }

  /**
   * A thread's message (as the projector shows it) as a LangChain message; null for a system one.
   */
  public static ObjectNode of(JsonNode message, long messageSeq) {
    ObjectNode out = JSON.createObjectNode();
    String content = message.path("content").isNull() ? "" : message.path("content").asText("");
    switch (message.path("role").asText()) {
      case "USER" -> {
        out.put("type", "human");
        String sender = message.path("sender").asText(null);
        if (Senders.silent(sender)) { // between agents: named, and marked for front ends
          out.put("name", sender).putObject("additional_kwargs").put("silent", true);
        }
      }
      case "ASSISTANT" -> {
        out.put("type", "ai");
        ArrayNode calls = out.putArray("tool_calls");
        for (JsonNode call : message.path("toolCalls")) {
          calls
              .addObject()
              .put("id", call.path("callId").asText())
              .put("name", call.path("name").asText())
              .put("type", "tool_call")
              .set("args", arguments(call.path("argumentsJson").asText("{}")));
        }
      }
      case "TOOL" ->
          out.put("type", "tool")
              .put("tool_call_id", message.path("toolCallId").asText())
              .put("name", message.path("toolName").asText())
              .put("status", message.path("isError").asBoolean() ? "error" : "success");
      default -> {
        return null;
      }
    }
    return out.put("content", content).put("id", id(messageSeq));
  }

  /** A chunk of the answer being written as message {@code messageSeq}. */
  public static ObjectNode chunk(String text, long messageSeq) {
    return JSON.createObjectNode()
        .put("type", "AIMessageChunk")
        .put("content", text)
        .put("id", id(messageSeq));
  }

  /**
   * The text of the last human message of a run's {@code input.messages}: a string content, or the
   * text blocks of a content list (422 naming the field for anything else).
   */
  public static String inputText(JsonNode input) {
    JsonNode messages = input.path("messages");
    if (!messages.isArray() || messages.isEmpty()) {
      throw Problem.invalid("input.messages", "required: a list with the message to send");
    }
    JsonNode last = messages.get(messages.size() - 1);
    String type = last.path("type").asText(last.path("role").asText(""));
    if (!type.equals("human") && !type.equals("user")) {
      throw Problem.invalid(
          "input.messages", "the last message must be a human (user) message, not '" + type + "'");
    }
    return text(last.path("content"), "input.messages.content");
  }

  /**
   * A message's {@code content} as text: a string, or the text blocks of a list joined by new
   * lines; 422 naming {@code field} for anything else.
   */
  public static String text(JsonNode content, String field) {
    if (content.isTextual()) {
      return content.asText();
    }
    if (content.isArray()) {
      StringBuilder text = new StringBuilder();
      for (JsonNode block : content) {
        if (block.path("type").asText().equals("text")) {
          text.append(text.isEmpty() ? "" : "\n").append(block.path("text").asText());
        }
      }
      if (!text.isEmpty()) {
        return text.toString();
      }
    }
    throw Problem.invalid(field, "must be text or a list of text blocks");
  }

  /** A tool call's arguments as JSON (an unparseable text kept as {@code {raw}}). */
  static JsonNode arguments(String json) {
    try {
      return JSON.readTree(json);
    } catch (JsonProcessingException e) {
      return JSON.createObjectNode().put("raw", json);
    }
  }
}
