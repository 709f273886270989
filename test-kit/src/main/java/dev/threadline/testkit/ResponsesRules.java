package dev.threadline.testkit;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The rules the OpenAI Responses API ({@code POST /v1/responses}) holds a request to — it answers
 * 400 {@code invalid_request_error} to one that breaks any: the body's fields and their ranges;
 * input items of the kinds it knows, each in its shape (messages by role and part type, function
 * calls with their arguments as a string); every function call answered by one {@code
 * function_call_output} and no output answering a call not made; a reasoning item carrying its
 * encrypted content when nothing is stored, and followed by the item it reasoned towards; tools
 * named as the API names them, once each.
 */
public final class ResponsesRules {
  private static final Set<String> FIELDS =
      Set.of(
          "model",
          "input",
          "instructions",
          "tools",
          "tool_choice",
          "parallel_tool_calls",
          "stream",
          "stream_options",
          "store",
          "include",
          "temperature",
          "top_p",
          "max_output_tokens",
          "max_tool_calls",
          "reasoning",
          "text",
          "metadata",
          "truncation",
          "user",
          "safety_identifier",
          "prompt_cache_key",
          "service_tier",
          "previous_response_id",
          "background",
          "top_logprobs");
  private static final Set<String> ROLES = Set.of("user", "assistant", "system", "developer");

  private ResponsesRules() {}

  /** What the real API would refuse in {@code request}, in words; empty when it is valid. */
  public static List<String> violations(JsonNode request) {
    List<String> problems = new ArrayList<>();
    StrictEndpoint.unknownFields(request, FIELDS, f -> "Unknown parameter: '" + f + "'.", problems);
    if (!request.path("model").isTextual() || request.path("model").asText().isBlank()) {
      problems.add("Missing required parameter: 'model'.");
    }
    boolean stored = request.path("store").asBoolean(true);
    JsonNode input = request.path("input");
    if (input.isArray()) {
      items(input, stored, problems);
    } else if (!input.isTextual()) {
      problems.add("Missing required parameter: 'input'.");
    }
    Set<String> tools = tools(request.path("tools"), problems);
    options(request, tools, problems);
    return problems;
  }

  private static void items(JsonNode input, boolean stored, List<String> problems) {
    Set<String> called = new HashSet<>();
    Set<String> answered = new HashSet<>();
    for (int i = 0; i < input.size(); i++) {
      JsonNode item = input.get(i);
      String at = "input[" + i + "]";
      String type = item.path("type").asText(item.has("role") ? "message" : "");
      switch (type) {
        case "message" -> message(item, at, problems);
        case "function_call" -> {
          String id = item.path("call_id").asText("");
          if (id.isEmpty()
              || !item.path("name").isTextual()
              || !item.path("arguments").isTextual()) {
            problems.add(
                at + ": a function_call needs a call_id, a name and arguments as a string");
          }
          if (!called.add(id)) {
            problems.add(at + ": Duplicate call_id '" + id + "'.");
          }
        }
        case "function_call_output" -> {
          String id = item.path("call_id").asText("");
          if (!called.contains(id)) {
            problems.add(
                at + ": No tool call found for function call output with call_id " + id + ".");
          } else if (!answered.add(id)) {
            problems.add(at + ": a second output for call_id " + id);
          }
          if (!item.path("output").isTextual() && !item.path("output").isArray()) {
            problems.add(at + ".output: must be a string or a list of content");
          }
          for (JsonNode part : item.path("output")) {
            String kind = part.path("type").asText();
            if (!(kind.equals("input_text") && part.path("text").isTextual())
                && !(kind.equals("input_image") && image(part.path("image_url").asText("")))
                && !kind.equals("input_file")) {
              problems.add(
                  at + ".output: Invalid value: '" + kind + "' is not a part an output holds");
            }
          }
        }
        case "reasoning" -> {
          if (!item.path("id").asText("").startsWith("rs_") || !item.path("summary").isArray()) {
            problems.add(at + ": a reasoning item needs its id (rs_…) and its summary");
          }
          if (!stored && !item.path("encrypted_content").isTextual()) {
            problems.add(
                at
                    + ": Item with id '"
                    + item.path("id").asText()
                    + "' not found. Items are not persisted when `store` is set to false; send"
                    + " its encrypted_content.");
          }
          JsonNode following = i + 1 < input.size() ? input.get(i + 1) : null;
          String next = following == null ? "" : following.path("type").asText("message");
          if (!next.equals("function_call")
              && !(next.equals("message") && following.path("role").asText().equals("assistant"))) {
            problems.add(
                at
                    + ": Item '"
                    + item.path("id").asText()
                    + "' of type 'reasoning' was provided without its required following item.");
          }
        }
        default -> problems.add(at + ": Invalid value: '" + type + "' is not an input item type.");
      }
    }
    Set<String> unanswered = new HashSet<>(called);
    unanswered.removeAll(answered);
    for (String id : unanswered) {
      problems.add("No tool output found for function call " + id + ".");
    }
  }

  private static void message(JsonNode item, String at, List<String> problems) {
    String role = item.path("role").asText();
    if (!ROLES.contains(role)) {
      problems.add(at + ".role: must be user, assistant, system or developer");
      return;
    }
    JsonNode content = item.path("content");
    if (content.isTextual()) {
      return;
    }
    if (!content.isArray() || content.isEmpty()) {
      problems.add(at + ".content: must be a string or a non-empty list of parts");
      return;
    }
    for (JsonNode part : content) {
      String type = part.path("type").asText();
      boolean ok =
          role.equals("assistant")
              ? (type.equals("output_text") && part.path("text").isTextual())
                  || (type.equals("refusal") && part.path("refusal").isTextual())
              : (type.equals("input_text") && part.path("text").isTextual())
                  || (type.equals("input_image") && image(part.path("image_url").asText("")));
      if (!ok) {
        problems.add(
            at
                + ".content: Invalid value: '"
                + type
                + "' is not a part the "
                + role
                + " role sends");
      }
    }
  }

  private static boolean image(String url) {
    return url.startsWith("https://") || url.matches("data:image/(png|jpeg|gif|webp);base64,.+");
  }

  private static Set<String> tools(JsonNode tools, List<String> problems) {
    Set<String> names = new HashSet<>();
    for (JsonNode tool : tools) {
      String name = tool.path("name").asText("");
      if (!tool.path("type").asText().equals("function") || !name.matches("[a-zA-Z0-9_-]{1,64}")) {
        problems.add("tools: Invalid tool: " + tool);
      }
      if (tool.has("parameters") && !tool.get("parameters").isObject()) {
        problems.add("tools." + name + ".parameters: must be an object");
      }
      if (!names.add(name)) {
        problems.add("tools: Duplicate tool name '" + name + "'.");
      }
    }
    return names;
  }

  private static void options(JsonNode request, Set<String> tools, List<String> problems) {
    JsonNode t = request.get("temperature");
    if (t != null && !(t.isNumber() && t.asDouble() >= 0 && t.asDouble() <= 2)) {
      problems.add("temperature: must be between 0 and 2");
    }
    JsonNode p = request.get("top_p");
    if (p != null && !(p.isNumber() && p.asDouble() >= 0 && p.asDouble() <= 1)) {
      problems.add("top_p: must be between 0 and 1");
    }
    JsonNode max = request.get("max_output_tokens");
    if (max != null && !(max.canConvertToLong() && max.asLong() >= 16)) {
      problems.add("max_output_tokens: Integer below minimum value. Expected a value >= 16");
    }
    JsonNode choice = request.get("tool_choice");
    if (choice != null) {
      boolean named = choice.isObject() && choice.path("type").asText().equals("function");
      if (named && !tools.contains(choice.path("name").asText())) {
        problems.add(
            "tool_choice: Tool choice '" + choice.path("name").asText() + "' not found in 'tools'");
      }
      if (!named && !Set.of("auto", "none", "required").contains(choice.asText())) {
        problems.add("tool_choice: must be auto, none, required or a function");
      }
      if (choice.asText().equals("required") && tools.isEmpty()) {
        problems.add("tool_choice: 'required' needs tools");
      }
    }
    JsonNode format = request.path("text").path("format");
    if (!format.isMissingNode()) {
      String type = format.path("type").asText();
      if (!Set.of("text", "json_object", "json_schema").contains(type)
          || (type.equals("json_schema")
              && !(format.path("name").isTextual() && format.path("schema").isObject()))) {
        problems.add(
            "text.format: must be text, json_object or json_schema with a name and schema");
      }
    }
    for (JsonNode include : request.path("include")) {
      if (!include.asText().matches("[a-z_]+(\\.[a-z_]+)+")) {
        problems.add("include: Invalid value: " + include);
      }
    }
  }
}
