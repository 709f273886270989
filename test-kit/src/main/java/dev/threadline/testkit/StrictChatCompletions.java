package dev.threadline.testkit;

import static dev.threadline.testkit.HttpReplies.send;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A stand-in for an OpenAI chat-completions endpoint that holds every request to the rules the real
 * one enforces — the conversation ({@link ChatSequence}), tool definitions (a function with a name
 * of at most 64 of {@code [A-Za-z0-9_-]} and an object schema), assistant tool calls (id, function
 * name, arguments as a string) — answering 400 {@code invalid_request_error} to one that breaks
 * them and recording why. A valid request is answered by a {@link Script}, as one JSON completion
 * or, when the request asks to stream, as server-sent chunks (text word by word).
 */
public final class StrictChatCompletions extends StrictEndpoint {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** Decides the answer to a valid request (its parsed JSON body). */
  @FunctionalInterface
  public interface Script {
    Reply answer(JsonNode request);
  }

  /** An assistant message: text, or tool calls. */
  public record Reply(String text, List<Call> calls) {
    public static Reply text(String text) {
      return new Reply(text, List.of());
    }

    public static Reply calls(Call... calls) {
      return new Reply(null, List.of(calls));
    }
  }

  public record Call(String id, String name, String argumentsJson) {}

  private final Script script;
  private final AtomicInteger requests = new AtomicInteger();
  private final String apiKey;

  private StrictChatCompletions(Script script, String apiKey) throws IOException {
    this.script = script;
    this.apiKey = apiKey;
  }

  public static StrictChatCompletions start(Script script) throws IOException {
    return start(script, null);
  }

  /**
   * An endpoint that, as the real one does, refuses with 401 a request whose {@code Authorization}
   * is not {@code Bearer <apiKey>} (any key when {@code apiKey} is null).
   */
  public static StrictChatCompletions start(Script script, String apiKey) throws IOException {
    StrictChatCompletions endpoint = new StrictChatCompletions(script, apiKey);
    endpoint.listen("/v1/chat/completions");
    return endpoint;
  }

  /** The base URL a client is configured with ({@code …/v1}). */
  public String baseUrl() {
    return origin() + "/v1";
  }

  public int requests() {
    return requests.get();
  }

  @Override
  protected void handle(HttpExchange exchange) throws IOException {
    requests.incrementAndGet();
    String authorization = exchange.getRequestHeaders().getFirst("Authorization");
    if (apiKey != null && !("Bearer " + apiKey).equals(authorization)) {
      refused("401: wrong or missing API key");
      send(
          exchange,
          401,
          "application/json",
          "{\"error\":{\"message\":\"Incorrect API key provided\",\"type\":\"invalid_request_error\",\"code\":\"invalid_api_key\"}}");
      return;
    }
    JsonNode request = readBody(exchange);
    if (request == null) {
      return;
    }
    List<String> problems = violations(request);
    if (!problems.isEmpty()) {
      refuse(exchange, String.join("; ", problems));
      return;
    }
    Reply reply = script.answer(request);
    if (request.path("stream").asBoolean(false)) {
      send(exchange, 200, "text/event-stream", chunks(reply));
    } else {
      send(exchange, 200, "application/json", completion(reply).toString());
    }
  }

  /**
   * A content array's text, checking its parts as the real endpoint does: {@code text} parts with
   * text, {@code image_url} parts only in user messages, their URL https or a base64 data URL of an
   * image.
   */
  private static String parts(String role, JsonNode parts, List<String> problems) {
    StringBuilder text = new StringBuilder();
    for (JsonNode part : parts) {
      switch (part.path("type").asText()) {
        case "text" -> {
          if (!part.path("text").isTextual()) {
            problems.add("a text part needs text");
          }
          text.append(part.path("text").asText());
        }
        case "image_url" -> {
          if (!role.equals("user")) {
            problems.add("image parts are only allowed in user messages, not " + role);
          }
          String url = part.path("image_url").path("url").asText("");
          if (!url.startsWith("https://") && !validDataUrl(url)) {
            problems.add("an image_url part needs an https URL or a base64 data URL of an image");
          }
          text.append("[image]");
        }
        default -> problems.add("unknown content part type '" + part.path("type").asText() + "'");
      }
    }
    return text.toString();
  }

  private static boolean validDataUrl(String url) {
    int comma = url.indexOf(',');
    if (!url.startsWith("data:image/")
        || comma < 0
        || !url.substring(0, comma).endsWith(";base64")) {
      return false;
    }
    try {
      return java.util.Base64.getDecoder().decode(url.substring(comma + 1)).length > 0;
    } catch (IllegalArgumentException e) {
      return false;
    }
  }

  /** What the real endpoint would refuse in {@code request}. */
  public static List<String> violations(JsonNode request) {
    List<String> problems = new ArrayList<>();
    if (!request.path("model").isTextual() || request.path("model").asText().isBlank()) {
      problems.add("'model' is required");
    }
    JsonNode messages = request.path("messages");
    if (!messages.isArray() || messages.isEmpty()) {
      problems.add("'messages' must be a non-empty array");
      return problems;
    }
    List<ChatSequence.Message> chat = new ArrayList<>();
    for (JsonNode m : messages) {
      List<String> ids = new ArrayList<>();
      for (JsonNode call : m.path("tool_calls")) {
        ids.add(call.path("id").asText());
        if (!call.path("id").isTextual()
            || !call.path("function").path("name").isTextual()
            || !call.path("function").path("arguments").isTextual()) {
          problems.add("a tool call needs an id, a function name and arguments as a string");
        }
      }
      JsonNode given = m.path("content");
      String content =
          given.isTextual()
              ? given.asText()
              : given.isArray() ? parts(m.path("role").asText(), given, problems) : null;
      String answers = m.path("tool_call_id").isTextual() ? m.get("tool_call_id").asText() : null;
      chat.add(new ChatSequence.Message(m.path("role").asText(), content, ids, answers));
    }
    problems.addAll(ChatSequence.violations(chat));
    for (JsonNode tool : request.path("tools")) {
      JsonNode function = tool.path("function");
      if (!tool.path("type").asText().equals("function")
          || !function.path("name").asText().matches("[A-Za-z0-9_-]{1,64}")
          || (function.has("parameters") && !function.get("parameters").isObject())) {
        problems.add("invalid tool definition: " + tool);
      }
    }
    problems.addAll(ChatOptionRules.violations(request));
    return problems;
  }

  @Override
  protected void refuse(HttpExchange exchange, String why) throws IOException {
    refused(why);
    ObjectNode error =
        JSON.createObjectNode()
            .put("message", "Invalid request: " + why)
            .put("type", "invalid_request_error")
            .put("param", "messages");
    send(exchange, 400, "application/json", JSON.createObjectNode().set("error", error).toString());
  }

  private static ObjectNode message(Reply reply) {
    ObjectNode message = JSON.createObjectNode().put("role", "assistant");
    message.put("content", reply.text());
    if (!reply.calls().isEmpty()) {
      ArrayNode calls = message.putArray("tool_calls");
      for (Call c : reply.calls()) {
        ObjectNode call = calls.addObject().put("id", c.id()).put("type", "function");
        call.putObject("function").put("name", c.name()).put("arguments", c.argumentsJson());
      }
    }
    return message;
  }

  /** The fields every completion and chunk starts with. */
  private static ObjectNode envelope(String object) {
    return JSON.createObjectNode()
        .put("id", "cmpl")
        .put("object", object)
        .put("created", 1)
        .put("model", "stand-in");
  }

  private static void usage(ObjectNode body) {
    body.putObject("usage")
        .put("prompt_tokens", 10)
        .put("completion_tokens", 5)
        .put("total_tokens", 15);
  }

  private static ObjectNode completion(Reply reply) {
    ObjectNode body = envelope("chat.completion");
    ObjectNode choice = body.putArray("choices").addObject().put("index", 0);
    choice.put("finish_reason", reply.calls().isEmpty() ? "stop" : "tool_calls");
    choice.set("message", message(reply));
    usage(body);
    return body;
  }

  /** The reply as one content / tool-call chunk, a finish chunk, a usage chunk and [DONE]. */
  private static String chunks(Reply reply) {
    ObjectNode delta = message(reply);
    ArrayNode calls = (ArrayNode) delta.get("tool_calls");
    if (calls != null) {
      for (int i = 0; i < calls.size(); i++) {
        ((ObjectNode) calls.get(i)).put("index", i);
      }
    }
    String finish = reply.calls().isEmpty() ? "stop" : "tool_calls";
    // Text comes word by word, as a real model streams it.
    String[] words = reply.text() == null ? new String[0] : reply.text().split("(?<=\\s)");
    StringBuilder stream = new StringBuilder();
    if (words.length > 1) {
      delta.put("content", words[0]);
    }
    stream.append(chunk(delta, null));
    for (int i = 1; i < words.length; i++) {
      stream.append(chunk(JSON.createObjectNode().put("content", words[i]), null));
    }
    return stream + chunk(JSON.createObjectNode(), finish) + usageChunk() + "data: [DONE]\n\n";
  }

  private static String chunk(ObjectNode delta, String finish) {
    ObjectNode body = envelope("chat.completion.chunk");
    ObjectNode choice = body.putArray("choices").addObject().put("index", 0);
    choice.set("delta", delta);
    choice.put("finish_reason", finish);
    return "data: " + body + "\n\n";
  }

  private static String usageChunk() {
    ObjectNode body = envelope("chat.completion.chunk");
    body.putArray("choices");
    usage(body);
    return "data: " + body + "\n\n";
  }
}
