package dev.threadline.step.core.machine;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.threadline.agents.ToolWriteKind;
import dev.threadline.config.Limits;
import dev.threadline.config.Utf8;
import dev.threadline.step.core.Values.Attachment;
import dev.threadline.step.core.Values.ToolCall;
import dev.threadline.step.core.Values.ToolEffect;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Tool-call arguments and terminal payloads, which arrive as JSON text from models and producers:
 * parsed leniently (text that is not JSON is null, never an exception) and read by property.
 */
public final class Arguments {
  private static final ObjectMapper JSON = new ObjectMapper();

  private Arguments() {}

  /** The parsed JSON, or null when {@code json} is null or not JSON. */
  public static JsonNode parse(String json) {
    if (json == null) {
      return null;
    }
    try {
      return JSON.readTree(json);
    } catch (IOException e) {
      return null;
    }
  }

  /** {@code json} read, or a missing node when there is none or it is no JSON. */
  public static JsonNode read(String json) {
    JsonNode node = parse(json);
    return node == null ? JSON.missingNode() : node;
  }

  public static boolean isObject(String json) {
    JsonNode node = parse(json);
    return node != null && node.isObject();
  }

  public static ObjectNode object() {
    return JSON.createObjectNode();
  }

  /**
   * The files named by {@code property}: an array of paths (strings) or of objects with a {@code
   * path}. Paths that would leave the thread's folder are ignored (the file store checks again).
   */
  public static List<Attachment> attachments(JsonNode args, String property) {
    List<Attachment> attachments = new ArrayList<>();
    if (args == null || property == null || !args.path(property).isArray()) {
      return attachments;
    }
    for (JsonNode item : args.get(property)) {
      String path = item.isTextual() ? item.asText() : item.path("path").asText("");
      // A thread's own path (/attachments/a.png) or one relative to its folder; never "..".
      if (!path.isBlank() && !path.contains("..") && !path.startsWith("//")) {
        String mediaType =
            item.path("mediaType").isTextual() ? item.get("mediaType").asText() : null;
        attachments.add(new Attachment(path, mediaType, null, null));
      }
    }
    return attachments;
  }

  /** The paths of the files {@code writes} write ({@code write_file}), in order. */
  public static List<String> writtenPaths(List<ToolEffect> writes) {
    return writes.stream()
        .filter(w -> ToolWriteKind.of(w.kind()) == ToolWriteKind.WRITE_FILE)
        .map(w -> parse(w.content()).path("path").asText(""))
        .filter(path -> !path.isEmpty())
        .toList();
  }

  /** The error of a call whose arguments are not a JSON object. */
  public static String notAnObject(ToolCall call) {
    return "arguments of '" + call.name() + "' must be a JSON object";
  }

  /**
   * Why tool {@code name} with {@code argumentsJson} cannot be called (queued, written by a tool,
   * or edited by an approver), or null.
   */
  public static String toolRefusal(Limits limits, String name, String argumentsJson) {
    if (name == null || name.isBlank()) {
      return "tool name is required";
    }
    long bytes = Utf8.length(argumentsJson);
    if (bytes > limits.toolArgumentsBytes()) {
      return Limits.over(
          "the argument object of tool '" + name + "'",
          bytes,
          limits.toolArgumentsBytes(),
          "tool.arguments.bytes");
    }
    if (!isObject(argumentsJson)) {
      return "arguments of tool '" + name + "' must be a JSON object";
    }
    return null;
  }
}
