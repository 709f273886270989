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
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A stand-in for the OpenAI Responses API ({@code POST /v1/responses}) that holds every request to
 * the real API's rules ({@link ResponsesRules}) — and, as the real one does, refuses reasoning
 * whose encrypted content it did not issue — answering 400 {@code invalid_request_error} to one
 * that breaks them and recording why; 401 to a wrong key. A valid request is answered by a {@link
 * Script}: a response in the API's shape (reasoning, message and function-call output items, usage)
 * or, when the request streams, the API's server-sent events ({@code response.created}, {@code
 * response.output_item.added}, {@code response.content_part.added}, {@code
 * response.output_text.delta}, {@code response.function_call_arguments.delta}, their {@code
 * .done}s, {@code response.completed}).
 */
public final class StrictResponses extends StrictEndpoint {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** Decides the answer to a valid request (its parsed JSON body). */
  @FunctionalInterface
  public interface Script {
    Reply answer(JsonNode request);
  }

  /** The model's output: its reasoning summary (null: none), text and function calls. */
  public record Reply(String reasoning, String text, List<StrictChatCompletions.Call> calls) {
    public static Reply text(String text) {
      return new Reply(null, text, List.of());
    }
  }

  private final Script script;
  private final String apiKey;
  private final List<JsonNode> requests = new CopyOnWriteArrayList<>();
  private final Set<String> issued = ConcurrentHashMap.newKeySet();

  private StrictResponses(Script script, String apiKey) throws IOException {
    this.script = script;
    this.apiKey = apiKey;
  }

  public static StrictResponses start(Script script, String apiKey) throws IOException {
    StrictResponses endpoint = new StrictResponses(script, apiKey);
    endpoint.listen("/v1/responses");
    return endpoint;
  }

  /** The base URL a client is configured with ({@code …/v1}). */
  public String baseUrl() {
    return origin() + "/v1";
  }

  public List<JsonNode> requests() {
    return List.copyOf(requests);
  }

  @Override
  protected void handle(HttpExchange exchange) throws IOException {
    if (apiKey != null
        && !("Bearer " + apiKey).equals(exchange.getRequestHeaders().getFirst("Authorization"))) {
      refused("401: wrong or missing API key");
      error(exchange, 401, "invalid_api_key", "Incorrect API key provided");
      return;
    }
    JsonNode request = readBody(exchange);
    if (request == null) {
      return;
    }
    requests.add(request);
    List<String> problems = new ArrayList<>(ResponsesRules.violations(request));
    for (JsonNode item : request.path("input")) {
      if (item.path("type").asText().equals("reasoning")
          && item.path("encrypted_content").isTextual()
          && !issued.contains(item.path("encrypted_content").asText())) {
        problems.add(
            "The encrypted content for item "
                + item.path("id").asText()
                + " could not be verified.");
      }
    }
    if (!problems.isEmpty()) {
      refuse(exchange, String.join("; ", problems));
      return;
    }
    ObjectNode response = response(request, script.answer(request));
    if (request.path("stream").asBoolean(false)) {
      send(exchange, 200, "text/event-stream", events(response));
    } else {
      send(exchange, 200, "application/json", response.toString());
    }
  }

  @Override
  protected void refuse(HttpExchange exchange, String why) throws IOException {
    refused(why);
    error(exchange, 400, null, "Invalid request: " + why);
  }

  private static void error(HttpExchange exchange, int status, String code, String message)
      throws IOException {
    ObjectNode error =
        JSON.createObjectNode()
            .put("message", message)
            .put("type", "invalid_request_error")
            .putNull("param")
            .put("code", code);
    send(
        exchange,
        status,
        "application/json",
        JSON.createObjectNode().set("error", error).toString());
  }

  private ObjectNode response(JsonNode request, Reply reply) {
    ObjectNode r =
        JSON.createObjectNode()
            .put("id", "resp_standin")
            .put("object", "response")
            .put("created_at", 1)
            .put("status", "completed")
            .put("model", request.path("model").asText());
    r.putNull("error");
    r.putNull("incomplete_details");
    r.putNull("instructions");
    r.putObject("metadata");
    r.put("parallel_tool_calls", request.path("parallel_tool_calls").asBoolean(true));
    r.put("temperature", 1.0).put("top_p", 1.0).put("tool_choice", "auto");
    r.putArray("tools");
    ArrayNode output = r.putArray("output");
    int n = requests.size();
    if (reply.reasoning() != null) {
      String sealed = "enc-" + Integer.toHexString((reply.reasoning() + n).hashCode());
      issued.add(sealed);
      ObjectNode item = output.addObject().put("type", "reasoning").put("id", "rs_" + n);
      item.putArray("summary")
          .addObject()
          .put("type", "summary_text")
          .put("text", reply.reasoning());
      item.put("encrypted_content", sealed);
    }
    if (reply.text() != null) {
      ObjectNode message =
          output
              .addObject()
              .put("type", "message")
              .put("id", "msg_" + n)
              .put("status", "completed")
              .put("role", "assistant");
      ObjectNode text = message.putArray("content").addObject().put("type", "output_text");
      text.put("text", reply.text()).putArray("annotations");
    }
    for (StrictChatCompletions.Call c : reply.calls()) {
      output
          .addObject()
          .put("type", "function_call")
          .put("id", "fc_" + c.id())
          .put("call_id", c.id())
          .put("name", c.name())
          .put("arguments", c.argumentsJson())
          .put("status", "completed");
    }
    long input = (request.toString().length() + 3) / 4;
    ObjectNode usage = r.putObject("usage").put("input_tokens", input);
    usage.putObject("input_tokens_details").put("cached_tokens", 0);
    usage.put("output_tokens", 5);
    usage
        .putObject("output_tokens_details")
        .put("reasoning_tokens", reply.reasoning() == null ? 0 : 3);
    usage.put("total_tokens", input + 5);
    return r;
  }

  /** The response as the API streams it: created, each output item opened, filled, closed. */
  private static String events(ObjectNode response) {
    StringBuilder out = new StringBuilder();
    int[] seq = {0};
    ObjectNode created = response.deepCopy().put("status", "in_progress");
    created.putArray("output");
    created.putNull("usage");
    event(out, seq, "response.created", JSON.createObjectNode().set("response", created));
    JsonNode output = response.path("output");
    for (int i = 0; i < output.size(); i++) {
      JsonNode item = output.get(i);
      String id = item.path("id").asText();
      ObjectNode opened = item.deepCopy();
      switch (item.path("type").asText()) {
        case "message" -> {
          opened.putArray("content");
          opened.put("status", "in_progress");
        }
        case "function_call" -> opened.put("arguments", "").put("status", "in_progress");
        default -> {}
      }
      event(out, seq, "response.output_item.added", indexed(i).set("item", opened));
      if (item.path("type").asText().equals("message")) {
        String text = item.path("content").get(0).path("text").asText();
        ObjectNode part = JSON.createObjectNode().put("type", "output_text").put("text", "");
        part.putArray("annotations");
        event(out, seq, "response.content_part.added", content(i, id).set("part", part));
        for (String piece : text.split("(?<=\\s)")) {
          ObjectNode delta = content(i, id).put("delta", piece);
          delta.putArray("logprobs");
          event(out, seq, "response.output_text.delta", delta);
        }
        ObjectNode done = content(i, id).put("text", text);
        done.putArray("logprobs");
        event(out, seq, "response.output_text.done", done);
        event(
            out,
            seq,
            "response.content_part.done",
            content(i, id).set("part", item.path("content").get(0)));
      } else if (item.path("type").asText().equals("function_call")) {
        String args = item.path("arguments").asText();
        event(
            out,
            seq,
            "response.function_call_arguments.delta",
            indexed(i).put("item_id", id).put("delta", args));
        event(
            out,
            seq,
            "response.function_call_arguments.done",
            indexed(i)
                .put("item_id", id)
                .put("arguments", args)
                .put("name", item.path("name").asText()));
      }
      event(out, seq, "response.output_item.done", indexed(i).set("item", item));
    }
    event(out, seq, "response.completed", JSON.createObjectNode().set("response", response));
    return out.toString();
  }

  private static ObjectNode indexed(int outputIndex) {
    return JSON.createObjectNode().put("output_index", outputIndex);
  }

  private static ObjectNode content(int outputIndex, String itemId) {
    return indexed(outputIndex).put("item_id", itemId).put("content_index", 0);
  }

  private static void event(StringBuilder out, int[] seq, String type, ObjectNode data) {
    ObjectNode body = JSON.createObjectNode().put("type", type).put("sequence_number", seq[0]++);
    body.setAll(data);
    out.append("event: ").append(type).append('\n').append("data: ").append(body).append("\n\n");
  }
}
