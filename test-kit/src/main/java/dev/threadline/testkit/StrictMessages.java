package dev.threadline.testkit;

import static dev.threadline.testkit.HttpReplies.send;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A stand-in for the Anthropic Messages API ({@code POST /v1/messages}) that holds every request to
 * the real API's rules ({@link MessagesRules}), answering 400 {@code invalid_request_error} to one
 * that breaks them and recording why; 401 to a key that is not the one given, as {@code x-api-key}
 * or {@code Authorization: Bearer} (the SDK sends the latter); 400 to a request without {@code
 * anthropic-version}. A valid request is answered by a {@link Script}: a message in the API's shape
 * or, when the request streams, the API's server-sent events ({@code message_start}, {@code
 * content_block_start}, {@code ping}, {@code content_block_delta} with {@code text_delta}, {@code
 * input_json_delta}, {@code thinking_delta} and {@code signature_delta}, {@code
 * content_block_stop}, {@code message_delta}, {@code message_stop}); or an error of the API's kinds
 * (429 with {@code retry-after}, 529 {@code overloaded_error}). Prompt caching is modelled: a
 * prefix up to a {@code cache_control} breakpoint seen before is read from the cache ({@code
 * cache_read_input_tokens}), else written ({@code cache_creation_input_tokens}); a token is four
 * characters of the request's JSON.
 */
public final class StrictMessages extends StrictEndpoint {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** Decides the answer to a valid request (its parsed JSON body). */
  @FunctionalInterface
  public interface Script {
    Answer answer(JsonNode request);
  }

  /** What the API answers. */
  public sealed interface Answer {}

  /** An assistant message: its thinking (signed), text and tool uses, any of them absent. */
  public record Reply(String thinking, String text, List<StrictChatCompletions.Call> calls)
      implements Answer {
    public static Reply text(String text) {
      return new Reply(null, text, List.of());
    }

    public static Reply calls(StrictChatCompletions.Call... calls) {
      return new Reply(null, null, List.of(calls));
    }
  }

  /** An error answer: {@code retryAfterSeconds} is sent as {@code retry-after} when positive. */
  public record Failure(int status, String type, String message, int retryAfterSeconds)
      implements Answer {
    public static Failure overloaded() {
      return new Failure(529, "overloaded_error", "Overloaded", 0);
    }
  }

  private final Script script;
  private final String apiKey;
  private final List<JsonNode> requests = new CopyOnWriteArrayList<>();
  private final Set<String> cached = ConcurrentHashMap.newKeySet();
  private final List<Long> cacheReads = new CopyOnWriteArrayList<>();

  private StrictMessages(Script script, String apiKey) throws IOException {
    this.script = script;
    this.apiKey = apiKey;
  }

  /** An endpoint taking any key when {@code apiKey} is null. */
  public static StrictMessages start(Script script, String apiKey) throws IOException {
    StrictMessages endpoint = new StrictMessages(script, apiKey);
    endpoint.listen("/v1/messages");
    return endpoint;
  }

  /** The base URL a client is configured with (the SDK appends {@code /v1/messages}). */
  public String baseUrl() {
    return origin();
  }

  /** Every request's body, valid or not, in order. */
  public List<JsonNode> requests() {
    return List.copyOf(requests);
  }

  /** The tokens each answered request read from the cache, in order. */
  public List<Long> cacheReads() {
    return List.copyOf(cacheReads);
  }

  @Override
  protected void handle(HttpExchange exchange) throws IOException {
    String key = exchange.getRequestHeaders().getFirst("x-api-key");
    String bearer = exchange.getRequestHeaders().getFirst("Authorization");
    if (apiKey != null && !apiKey.equals(key) && !("Bearer " + apiKey).equals(bearer)) {
      refused("401: wrong or missing x-api-key (or Authorization: Bearer)");
      error(exchange, 401, "authentication_error", "invalid x-api-key", 0);
      return;
    }
    JsonNode request = readBody(exchange);
    if (request == null) {
      return;
    }
    requests.add(request);
    if (exchange.getRequestHeaders().getFirst("anthropic-version") == null) {
      refuse(exchange, "anthropic-version: header is required");
      return;
    }
    List<String> problems = MessagesRules.violations(request);
    if (!problems.isEmpty()) {
      refuse(exchange, String.join("; ", problems));
      return;
    }
    switch (script.answer(request)) {
      case Failure f -> error(exchange, f.status(), f.type(), f.message(), f.retryAfterSeconds());
      case Reply reply -> {
        ObjectNode usage = usage(request, reply);
        if (request.path("stream").asBoolean(false)) {
          send(exchange, 200, "text/event-stream", events(request, reply, usage));
        } else {
          send(exchange, 200, "application/json", message(request, reply, usage).toString());
        }
      }
    }
  }

  @Override
  protected void refuse(HttpExchange exchange, String why) throws IOException {
    refused(why);
    error(exchange, 400, "invalid_request_error", why, 0);
  }

  private static void error(HttpExchange exchange, int status, String type, String why, int after)
      throws IOException {
    ObjectNode body = JSON.createObjectNode().put("type", "error");
    body.putObject("error").put("type", type).put("message", why);
    body.put("request_id", "req_standin");
    exchange.getResponseHeaders().add("request-id", "req_standin");
    if (after > 0) {
      exchange.getResponseHeaders().add("retry-after", Integer.toString(after));
    }
    send(exchange, status, "application/json", body.toString());
  }

  /**
   * Input tokens, split as the API splits them: the longest prefix ending at a block that was
   * cached before is read from the cache; the rest up to the last breakpoint is written to it.
   */
  private ObjectNode usage(JsonNode request, Reply reply) {
    List<String> boundaries = new java.util.ArrayList<>();
    List<String> breakpoints = new java.util.ArrayList<>();
    prefixes(request, boundaries, breakpoints);
    long read = 0;
    for (String prefix : boundaries) {
      if (cached.contains(prefix)) {
        read = Math.max(read, tokens(prefix));
      }
    }
    long written = 0;
    if (!breakpoints.isEmpty()) {
      written = Math.max(0, tokens(breakpoints.getLast()) - read);
      cached.addAll(breakpoints);
    }
    cacheReads.add(read);
    long total = tokens(request.toString());
    long output =
        tokens(String.valueOf(reply.text()) + reply.calls() + String.valueOf(reply.thinking()));
    return JSON.createObjectNode()
        .put("input_tokens", Math.max(1, total - read - written))
        .put("cache_creation_input_tokens", written)
        .put("cache_read_input_tokens", read)
        .put("output_tokens", Math.max(1, output));
  }

  /** The request's prefix at each block (tools, system, then messages) and at each breakpoint. */
  private static void prefixes(
      JsonNode request, List<String> boundaries, List<String> breakpoints) {
    StringBuilder prefix = new StringBuilder(request.path("model").asText());
    List<JsonNode> blocks = new java.util.ArrayList<>();
    request.path("tools").forEach(blocks::add);
    JsonNode system = request.path("system");
    if (system.isArray()) {
      system.forEach(blocks::add);
    } else if (system.isTextual()) {
      blocks.add(system);
    }
    for (JsonNode m : request.path("messages")) {
      if (m.path("content").isTextual()) {
        blocks.add(m.path("content"));
      }
      for (JsonNode block : m.path("content")) {
        blocks.add(block);
      }
    }
    for (JsonNode block : blocks) {
      JsonNode bare =
          block.isObject() ? ((ObjectNode) block.deepCopy()).without("cache_control") : block;
      prefix.append(bare);
      boundaries.add(prefix.toString());
      if (block.has("cache_control")) {
        breakpoints.add(prefix.toString());
      }
    }
  }

  private static long tokens(String text) {
    return (text.length() + 3) / 4;
  }

  private static String stopReason(Reply reply) {
    return reply.calls().isEmpty() ? "end_turn" : "tool_use";
  }

  private static ArrayNode content(Reply reply) {
    ArrayNode content = JSON.createArrayNode();
    if (reply.thinking() != null) {
      content
          .addObject()
          .put("type", "thinking")
          .put("thinking", reply.thinking())
          .put("signature", signature(reply.thinking()));
    }
    if (reply.text() != null) {
      content.addObject().put("type", "text").put("text", reply.text());
    }
    for (StrictChatCompletions.Call c : reply.calls()) {
      ObjectNode use = content.addObject().put("type", "tool_use").put("id", c.id());
      use.put("name", c.name());
      try {
        use.set("input", JSON.readTree(c.argumentsJson()));
      } catch (IOException e) {
        throw new IllegalArgumentException("a scripted call's arguments are not JSON", e);
      }
    }
    return content;
  }

  /** The signature the stand-in gives a thinking block (the real one is opaque). */
  public static String signature(String thinking) {
    return "sig-" + Integer.toHexString(thinking.hashCode());
  }

  private static ObjectNode message(JsonNode request, Reply reply, ObjectNode usage) {
    ObjectNode message =
        JSON.createObjectNode()
            .put("id", "msg_standin")
            .put("type", "message")
            .put("role", "assistant")
            .put("model", request.path("model").asText());
    message.set("content", content(reply));
    message.put("stop_reason", stopReason(reply));
    message.putNull("stop_sequence");
    message.set("usage", usage);
    return message;
  }

  /** The reply as the API streams it: each block opened, filled in pieces, closed. */
  private static String events(JsonNode request, Reply reply, ObjectNode usage) {
    StringBuilder out = new StringBuilder();
    ObjectNode start = message(request, Reply.text(null), usage.deepCopy().put("output_tokens", 1));
    start.putArray("content");
    start.putNull("stop_reason");
    event(
        out,
        "message_start",
        JSON.createObjectNode().put("type", "message_start").set("message", start));
    event(out, "ping", JSON.createObjectNode().put("type", "ping"));
    int index = 0;
    for (JsonNode block : content(reply)) {
      ObjectNode empty = block.deepCopy();
      String type = block.path("type").asText();
      List<ObjectNode> deltas = new java.util.ArrayList<>();
      switch (type) {
        case "thinking" -> {
          empty.put("thinking", "").put("signature", "");
          for (String piece : words(block.path("thinking").asText())) {
            deltas.add(
                JSON.createObjectNode().put("type", "thinking_delta").put("thinking", piece));
          }
          deltas.add(
              JSON.createObjectNode()
                  .put("type", "signature_delta")
                  .put("signature", block.path("signature").asText()));
        }
        case "text" -> {
          empty.put("text", "");
          for (String piece : words(block.path("text").asText())) {
            deltas.add(JSON.createObjectNode().put("type", "text_delta").put("text", piece));
          }
        }
        default -> {
          empty.putObject("input");
          String input = block.path("input").toString();
          int half = input.length() / 2;
          for (String piece : List.of(input.substring(0, half), input.substring(half))) {
            deltas.add(
                JSON.createObjectNode().put("type", "input_json_delta").put("partial_json", piece));
          }
        }
      }
      ObjectNode opened =
          JSON.createObjectNode().put("type", "content_block_start").put("index", index);
      event(out, "content_block_start", opened.set("content_block", empty));
      for (ObjectNode delta : deltas) {
        ObjectNode e =
            JSON.createObjectNode().put("type", "content_block_delta").put("index", index);
        event(out, "content_block_delta", e.set("delta", delta));
      }
      event(
          out,
          "content_block_stop",
          JSON.createObjectNode().put("type", "content_block_stop").put("index", index));
      index++;
    }
    ObjectNode delta = JSON.createObjectNode().put("type", "message_delta");
    delta.putObject("delta").put("stop_reason", stopReason(reply)).putNull("stop_sequence");
    delta.putObject("usage").put("output_tokens", usage.path("output_tokens").asLong());
    event(out, "message_delta", delta);
    event(out, "message_stop", JSON.createObjectNode().put("type", "message_stop"));
    return out.toString();
  }

  private static List<String> words(String text) {
    return List.of(text.split("(?<=\\s)"));
  }

  private static void event(StringBuilder out, String name, ObjectNode data) {
    out.append("event: ").append(name).append('\n').append("data: ").append(data).append("\n\n");
  }
}
