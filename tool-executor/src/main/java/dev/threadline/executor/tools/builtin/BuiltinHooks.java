package dev.threadline.executor.tools.builtin;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.threadline.executor.tools.Tool;
import dev.threadline.executor.tools.Tools;
import dev.threadline.serde.PooledJson;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Hook functions every executor has, for agents to name in their {@code hooks} (and examples of
 * writing one): {@code redact_emails} for {@code before_store_tool_result}, {@code
 * before_create_message} or {@code before_update_message}, {@code keep_recent} for {@code
 * filter_messages} or {@code prefilter_llm_history}, {@code record_creation} for {@code
 * after_thread_created} or {@code after_subagent_created}.
 */
public final class BuiltinHooks {
  private static final ObjectMapper JSON = PooledJson.MAPPER;
  private static final Pattern EMAIL =
      Pattern.compile("[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\\.[A-Za-z]{2,}");

  /** The value {@code record_creation} writes. */
  public static final String CREATION = "creation";

  /** How many of the latest messages {@code keep_recent} keeps, beside the system message. */
  public static final int RECENT = 20;

  private BuiltinHooks() {}

  /** Each changes only what its hook gives back or its thread's values: free of side effects. */
  public static List<Tool> all() {
    return List.of(
        Tools.readOnly(
            "redact_emails",
            "Hook: stores a tool result, or a message created or updated, with its e-mail"
                + " addresses replaced by [email].",
            (context, input) -> redactEmails(input)),
        Tools.readOnly(
            "keep_recent",
            "Hook: shows the model the system message and the latest "
                + RECENT
                + " messages, never a tool result without its call.",
            (context, input) -> keepRecent(input)),
        Tools.readOnly(
            "record_creation",
            "Hook: keeps what the thread was created with (agent, parent, name, metadata) as its"
                + " value '"
                + CREATION
                + "'.",
            (context, input) -> {
              context.state().setValue(CREATION, input);
              return "{}";
            }));
  }

  static String redactEmails(JsonNode input) {
    ObjectNode answer = JSON.createObjectNode();
    if (input.path("content").isTextual()) { // a message created or updated
      answer.put("content", EMAIL.matcher(input.get("content").asText()).replaceAll("[email]"));
    } else if (input.hasNonNull("output")) {
      answer.put("output", EMAIL.matcher(input.get("output").asText()).replaceAll("[email]"));
    } else if (input.has("error")) {
      String message = input.path("error").path("message").asText();
      answer.put("error", EMAIL.matcher(message).replaceAll("[email]"));
    }
    return answer.toString();
  }

  static String keepRecent(JsonNode input) {
    JsonNode messages = input.path("messages");
    int from = Math.max(0, messages.size() - RECENT);
    // A kept tool result keeps the call it answers: start at that call's message.
    while (from > 0 && messages.get(from).path("role").asText().equals("tool")) {
      from--;
    }
    ObjectNode answer = JSON.createObjectNode();
    ArrayNode keep = answer.putArray("keep");
    for (int i = 0; i < messages.size(); i++) {
      if (i >= from || messages.get(i).path("role").asText().equals("system")) {
        keep.add(i);
      }
    }
    return answer.toString();
  }
}
