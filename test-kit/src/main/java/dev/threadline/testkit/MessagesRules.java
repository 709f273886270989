package dev.threadline.testkit;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The rules the Anthropic Messages API holds a request to (it answers 400 {@code
 * invalid_request_error} to one that breaks any): the body's fields and their ranges; roles that
 * alternate, starting with {@code user}; blocks of the kinds each role may send, none empty; every
 * {@code tool_use} answered by a {@code tool_result} at the start of the very next user message,
 * and no result answering anything else; thinking blocks signed, and — with thinking on — an
 * assistant turn that uses a tool starting with its thinking; at most four {@code cache_control}
 * breakpoints; tools named as the API names them, once each.
 */
public final class MessagesRules {
  private static final Set<String> FIELDS =
      Set.of(
          "model",
          "max_tokens",
          "messages",
          "system",
          "tools",
          "tool_choice",
          "stream",
          "stop_sequences",
          "temperature",
          "top_p",
          "top_k",
          "metadata",
          "thinking",
          "output_config",
          "service_tier");
  private static final Set<String> MEDIA =
      Set.of("image/jpeg", "image/png", "image/gif", "image/webp");
  private static final String ID = "[a-zA-Z0-9_-]+";

  private MessagesRules() {}

  /** What the real API would refuse in {@code request}, in words; empty when it is valid. */
  public static List<String> violations(JsonNode request) {
    List<String> problems = new ArrayList<>();
    StrictEndpoint.unknownFields(
        request, FIELDS, f -> f + ": Extra inputs are not permitted", problems);
    if (!request.path("model").isTextual() || request.path("model").asText().isBlank()) {
      problems.add("model: Field required");
    }
    if (!request.path("max_tokens").canConvertToLong() || request.path("max_tokens").asLong() < 1) {
      problems.add("max_tokens: Field required, at least 1");
    }
    Counts counts = new Counts();
    system(request.get("system"), problems, counts);
    Set<String> toolNames = tools(request.path("tools"), problems, counts);
    boolean thinking = thinking(request, problems);
    conversation(request.path("messages"), thinking, problems, counts);
    options(request, toolNames, problems);
    if (counts.breakpoints > 4) {
      problems.add(
          "A maximum of 4 blocks with cache_control may be provided. Found " + counts.breakpoints);
    }
    return problems;
  }

  private static final class Counts {
    int breakpoints;
  }

  private static void system(JsonNode system, List<String> problems, Counts counts) {
    if (system == null || system.isTextual()) {
      return;
    }
    if (!system.isArray()) {
      problems.add("system: must be a string or a list of text blocks");
      return;
    }
    for (JsonNode block : system) {
      if (!block.path("type").asText().equals("text")) {
        problems.add("system: blocks must be text blocks");
      }
      block(block, "system", problems, counts);
    }
  }

  private static Set<String> tools(JsonNode tools, List<String> problems, Counts counts) {
    Set<String> names = new LinkedHashSet<>();
    for (JsonNode tool : tools) {
      String name = tool.path("name").asText("");
      if (!name.matches("[a-zA-Z0-9_-]{1,128}")) {
        problems.add("tools: name '" + name + "' must match ^[a-zA-Z0-9_-]{1,128}$");
      }
      if (!names.add(name)) {
        problems.add("tools: Tool names must be unique: " + name);
      }
      JsonNode schema = tool.path("input_schema");
      if (!schema.isObject() || !schema.path("type").asText().equals("object")) {
        problems.add("tools." + name + ".input_schema: must be a JSON Schema of type object");
      }
      cacheControl(tool, "tools." + name, problems, counts);
    }
    return names;
  }

  private static boolean thinking(JsonNode request, List<String> problems) {
    JsonNode thinking = request.get("thinking");
    if (thinking == null) {
      return false;
    }
    switch (thinking.path("type").asText()) {
      case "enabled" -> {
        long budget = thinking.path("budget_tokens").asLong(0);
        if (budget < 1024 || budget >= request.path("max_tokens").asLong()) {
          problems.add("thinking.budget_tokens: must be at least 1024 and less than max_tokens");
        }
        return true;
      }
      case "adaptive" -> {
        return true;
      }
      case "disabled" -> {
        return false;
      }
      default -> {
        problems.add("thinking.type: must be enabled, adaptive or disabled");
        return false;
      }
    }
  }

  private static void conversation(
      JsonNode messages, boolean thinking, List<String> problems, Counts counts) {
    if (!messages.isArray() || messages.isEmpty()) {
      problems.add("messages: at least one message is required");
      return;
    }
    Set<String> awaited = new HashSet<>();
    String previous = null;
    int lastAssistant = -1;
    for (int i = 0; i < messages.size(); i++) {
      lastAssistant = messages.get(i).path("role").asText().equals("assistant") ? i : lastAssistant;
    }
    for (int i = 0; i < messages.size(); i++) {
      JsonNode m = messages.get(i);
      String role = m.path("role").asText();
      String at = "messages." + i;
      if (!role.equals("user") && !role.equals("assistant")) {
        problems.add(at + ".role: must be user or assistant");
        continue;
      }
      if (i == 0 && !role.equals("user")) {
        problems.add(at + ": the first message must use the \"user\" role");
      }
      if (role.equals(previous)) {
        problems.add(at + ": roles must alternate between \"user\" and \"assistant\"");
      }
      previous = role;
      JsonNode content = m.get("content");
      if (content != null && content.isTextual()) {
        if (content.asText().isEmpty()) {
          problems.add(at + ": text content blocks must be non-empty");
        }
        if (!awaited.isEmpty()) {
          problems.add(toolUseWithoutResult(i - 1, awaited));
          awaited.clear();
        }
        continue;
      }
      if (content == null || !content.isArray() || content.isEmpty()) {
        problems.add(at + ".content: must be a non-empty string or list of blocks");
        continue;
      }
      if (role.equals("user")) {
        user(content, at, awaited, problems, counts);
        if (!awaited.isEmpty()) {
          problems.add(toolUseWithoutResult(i - 1, awaited));
          awaited.clear();
        }
      } else {
        assistant(content, at, thinking && i == lastAssistant, awaited, problems, counts);
      }
    }
    if (!awaited.isEmpty()) {
      problems.add(toolUseWithoutResult(messages.size() - 1, awaited));
    }
  }

  private static String toolUseWithoutResult(int index, Set<String> ids) {
    return "messages."
        + index
        + ": `tool_use` ids were found without `tool_result` blocks immediately after: "
        + ids
        + ". Each `tool_use` block must have a corresponding `tool_result` block in the next"
        + " message.";
  }

  private static void user(
      JsonNode content, String at, Set<String> awaited, List<String> problems, Counts counts) {
    boolean otherSeen = false;
    Set<String> answerable = new HashSet<>(awaited);
    for (int j = 0; j < content.size(); j++) {
      JsonNode block = content.get(j);
      String where = at + ".content." + j;
      switch (block.path("type").asText()) {
        case "tool_result" -> {
          String id = block.path("tool_use_id").asText();
          if (!answerable.contains(id)) {
            problems.add(
                where
                    + ": unexpected `tool_use_id` found in `tool_result` blocks: "
                    + id
                    + ". Each `tool_result` block must have a corresponding `tool_use` block in"
                    + " the previous message.");
          } else if (!awaited.remove(id)) {
            problems.add(where + ": a second `tool_result` for " + id);
          }
          if (otherSeen) {
            problems.add(where + ": `tool_result` blocks must come first in the message");
          }
          JsonNode result = block.get("content");
          if (result != null && result.isArray()) {
            result.forEach(r -> block(r, where, problems, counts));
          } else if (result != null && !result.isTextual()) {
            problems.add(where + ".content: must be a string or a list of blocks");
          }
          cacheControl(block, where, problems, counts);
        }
        case "text", "image" -> {
          otherSeen = true;
          block(block, where, problems, counts);
        }
        default ->
            problems.add(where + ": a user message cannot hold a " + block.path("type") + " block");
      }
    }
  }

  private static void assistant(
      JsonNode content,
      String at,
      boolean thinkingFirst,
      Set<String> awaited,
      List<String> problems,
      Counts counts) {
    boolean usesTool = false;
    for (int j = 0; j < content.size(); j++) {
      JsonNode block = content.get(j);
      String where = at + ".content." + j;
      switch (block.path("type").asText()) {
        case "text" -> block(block, where, problems, counts);
        case "tool_use" -> {
          usesTool = true;
          String id = block.path("id").asText("");
          if (!id.matches(ID)) {
            problems.add(where + ".id: String should match pattern '^[a-zA-Z0-9_-]+$'");
          }
          if (!awaited.add(id)) {
            problems.add(where + ": `tool_use` ids must be unique: " + id);
          }
          if (!block.path("name").isTextual() || !block.path("input").isObject()) {
            problems.add(where + ": a tool_use block needs a name and an input object");
          }
          cacheControl(block, where, problems, counts);
        }
        case "thinking" -> {
          if (!block.path("signature").isTextual() || !block.path("thinking").isTextual()) {
            problems.add(where + ": a thinking block needs its thinking and its signature");
          }
        }
        case "redacted_thinking" -> {
          if (!block.path("data").isTextual()) {
            problems.add(where + ": a redacted_thinking block needs its data");
          }
        }
        default ->
            problems.add(
                where + ": an assistant message cannot hold a " + block.path("type") + " block");
      }
    }
    String first = content.get(0).path("type").asText();
    if (thinkingFirst
        && usesTool
        && !first.equals("thinking")
        && !first.equals("redacted_thinking")) {
      problems.add(
          at
              + ".content.0.type: Expected `thinking` or `redacted_thinking`, but found `"
              + first
              + "`. When `thinking` is enabled, a final `assistant` message must start with a"
              + " thinking block");
    }
  }

  /** A text or image block, wherever it is. */
  private static void block(JsonNode block, String where, List<String> problems, Counts counts) {
    switch (block.path("type").asText()) {
      case "text" -> {
        if (!block.path("text").isTextual() || block.path("text").asText().isEmpty()) {
          problems.add(where + ": text content blocks must be non-empty");
        }
      }
      case "image" -> {
        JsonNode source = block.path("source");
        boolean ok =
            switch (source.path("type").asText()) {
              case "base64" ->
                  MEDIA.contains(source.path("media_type").asText())
                      && decodes(source.path("data").asText(""));
              case "url" -> source.path("url").asText("").startsWith("https://");
              default -> false;
            };
        if (!ok) {
          problems.add(
              where + ".source: an image needs base64 data of a jpeg, png, gif or webp, or a URL");
        }
      }
      default -> problems.add(where + ": unknown block type " + block.path("type"));
    }
    cacheControl(block, where, problems, counts);
  }

  private static boolean decodes(String data) {
    try {
      return !data.isEmpty() && Base64.getDecoder().decode(data).length > 0;
    } catch (IllegalArgumentException e) {
      return false;
    }
  }

  private static void cacheControl(
      JsonNode block, String where, List<String> problems, Counts counts) {
    JsonNode cache = block.get("cache_control");
    if (cache == null || cache.isNull()) {
      return;
    }
    counts.breakpoints++;
    String ttl = cache.path("ttl").asText("5m");
    if (!cache.path("type").asText().equals("ephemeral") || !Set.of("5m", "1h").contains(ttl)) {
      problems.add(where + ".cache_control: must be {\"type\": \"ephemeral\"} (ttl 5m or 1h)");
    }
  }

  private static void options(JsonNode request, Set<String> toolNames, List<String> problems) {
    JsonNode choice = request.get("tool_choice");
    if (choice != null) {
      String type = choice.path("type").asText();
      if (!Set.of("auto", "any", "tool", "none").contains(type)) {
        problems.add("tool_choice.type: must be auto, any, tool or none");
      }
      if (toolNames.isEmpty() && !type.equals("none")) {
        problems.add("tool_choice: may only be specified while providing tools");
      }
      if (type.equals("tool") && !toolNames.contains(choice.path("name").asText())) {
        problems.add("tool_choice.name: names no tool of the request");
      }
      JsonNode disable = choice.get("disable_parallel_tool_use");
      if (disable != null && !disable.isBoolean()) {
        problems.add("tool_choice.disable_parallel_tool_use: must be a boolean");
      }
    }
    JsonNode t = request.get("temperature");
    if (t != null && !(t.isNumber() && t.asDouble() >= 0 && t.asDouble() <= 1)) {
      problems.add("temperature: must be between 0 and 1");
    }
    for (JsonNode stop : request.path("stop_sequences")) {
      if (!stop.isTextual() || stop.asText().isBlank()) {
        problems.add("stop_sequences: each must contain non-whitespace");
      }
    }
    JsonNode output = request.get("output_config");
    if (output != null) {
      JsonNode format = output.get("format");
      if (format != null
          && !(format.path("type").asText().equals("json_schema")
              && format.path("schema").isObject())) {
        problems.add("output_config.format: must be {\"type\": \"json_schema\", \"schema\": {…}}");
      }
      JsonNode effort = output.get("effort");
      if (effort != null
          && !Set.of("low", "medium", "high", "xhigh", "max").contains(effort.asText())) {
        problems.add("output_config.effort: must be low, medium, high, xhigh or max");
      }
    }
  }
}
