package dev.threadline.step.core.machine.commands;

import com.fasterxml.jackson.databind.JsonNode;
import dev.threadline.config.KvLimits;
import dev.threadline.config.Limits;
import dev.threadline.config.Utf8;
import dev.threadline.files.ThreadFiles;
import dev.threadline.step.core.Enums.Origin;
import dev.threadline.step.core.Enums.Trigger;
import dev.threadline.step.core.Env;
import dev.threadline.step.core.Event.CustomEvent;
import dev.threadline.step.core.Ids;
import dev.threadline.step.core.MessageRules;
import dev.threadline.step.core.Output;
import dev.threadline.step.core.Queued;
import dev.threadline.step.core.Queued.QueuedMessage;
import dev.threadline.step.core.Queued.QueuedTool;
import dev.threadline.step.core.Values.InboundMessage;
import dev.threadline.step.core.Values.ToolEffect;
import dev.threadline.step.core.machine.Arguments;
import dev.threadline.step.core.machine.decision.Decision;
import dev.threadline.step.core.machine.subagents.ChildReports;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * What a tool asked of its own thread through {@code ThreadState}: its writes arrive with its
 * result and are applied with it, in one transaction and in the order the tool made them. All are
 * checked first; one that is invalid means none is applied and the result becomes an error naming
 * it, so a tool never half-happens. Each write is the wire's {@code ToolEffect}: a kind and a JSON
 * object ({@code docs/tools.md}). {@code notify_parent} and {@code set_status} are {@link
 * ChildReports}' to apply.
 */
public final class ToolWrites {
  private static final Pattern EVENT_NAME = Pattern.compile("[A-Za-z0-9._-]{1,100}");

  private ToolWrites() {}

  /** One checked write, ready to apply. */
  private interface Write {
    void apply(Decision d);
  }

  /**
   * Why {@code effects} cannot be applied (naming the first bad one), or null after applying them.
   */
  public static String apply(
      Decision d, String requestId, String toolName, List<ToolEffect> effects) {
    List<Write> writes = new ArrayList<>();
    int timers = 0;
    for (int i = 0; i < effects.size(); i++) {
      ToolEffect effect = effects.get(i);
      Object checked;
      try {
        checked = check(d, Ids.toolWrite(requestId, i), toolName, effect, timers);
      } catch (IllegalArgumentException | java.time.DateTimeException e) {
        checked = e.getMessage();
      }
      if (checked instanceof String refusal) {
        return "write "
            + (i + 1)
            + " ("
            + effect.kind()
            + "): "
            + refusal
            + "; none of this call's writes were applied";
      }
      if (effect.kind().equals("schedule_effect")) {
        timers++;
      }
      writes.add((Write) checked);
    }
    writes.forEach(w -> w.apply(d));
    return null;
  }

  /** A {@link Write}, or the reason (a String) it cannot be one. */
  private static Object check(
      Decision d, String id, String toolName, ToolEffect effect, int earlierTimers) {
    Limits limits = d.settings.config().limits();
    if (effect.kind().equals("notify_parent") || effect.kind().equals("set_status")) {
      return (Write) x -> ChildReports.toolEffects(x, List.of(effect));
    }
    JsonNode body = Arguments.parse(effect.content());
    if (body == null || !body.isObject()) {
      return "its content must be a JSON object";
    }
    return switch (effect.kind()) {
      case "set_value" -> {
        String key = body.path("key").isTextual() ? body.get("key").asText() : null;
        JsonNode value = body.get("value");
        String json = value == null || value.isNull() ? null : value.toString();
        String refusal = KvLimits.keyRefusal(key);
        refusal = refusal != null ? refusal : KvLimits.valueRefusal(json);
        yield refusal != null
            ? refusal
            : (Write)
                x -> {
                  x.writeValue(key, json, false);
                };
      }
      case "queue_message", "inject_message" -> {
        InboundMessage message = message(body, toolName, limits);
        boolean steer = effect.kind().equals("inject_message");
        yield (Write)
            x ->
                Inbox.deliver(
                    x, null, new QueuedMessage(id, message, steer, x.at), Trigger.QUEUED_MESSAGE);
      }
      case "queue_tool" -> {
        String name = body.path("name").asText(null);
        String arguments = body.has("arguments") ? body.get("arguments").toString() : "{}";
        String refusal = Inbox.toolRefusal(limits, name, arguments);
        yield refusal != null
            ? refusal
            : (Write)
                x ->
                    Inbox.deliver(
                        x, null, new QueuedTool(id, name, arguments, x.at), Trigger.QUEUED_TOOL);
      }
      case "schedule_effect" -> schedule(d, body, toolName, effect, earlierTimers, limits);
      case "remove_scheduled_effect" -> {
        String effectId = body.path("effectId").asText("");
        yield effect.scheduled()
            ? (Write) x -> Effects.unset(x, effectId)
            : "no scheduled effect '" + effectId + "' (it fired, was cancelled, or never existed)";
      }
      case "set_env" -> {
        String name = body.path("name").asText("");
        JsonNode given = body.get("value");
        Env.Value value =
            given == null || given.isNull()
                ? null
                : new Env.Value(given.asText(), body.path("secret").asBoolean(false));
        String refusal = EnvVariables.refusal(d, name, value);
        yield refusal != null ? refusal : (Write) x -> x.setEnv(name, value);
      }
      case "write_file" -> {
        String path = body.path("path").asText("");
        String staged = body.path("staged").asText("");
        String pathRefused = ThreadFiles.pathRefusal(path);
        yield pathRefused != null
            ? "path: " + pathRefused
            : staged.isEmpty() || staged.contains("..")
                ? "staged: the file the executor staged"
                : (Write) x -> x.output(new Output.PlaceFile(staged, path));
      }
      case "update_message" -> {
        long seq = body.path("seq").canConvertToLong() ? body.get("seq").asLong() : 0;
        String content = body.path("content").isTextual() ? body.get("content").asText() : null;
        long bytes = Utf8.length(content);
        yield seq < 1 || seq >= d.state().nextMessageSeq()
            ? "seq: the thread has messages 1 to " + (d.state().nextMessageSeq() - 1)
            : content == null
                ? "content: the message's new text, a string"
                : bytes > limits.messageBytes()
                    ? Limits.over(
                        "the message's new text", bytes, limits.messageBytes(), "message.bytes")
                    : (Write) x -> x.turn.messageUpdated(seq, content);
      }
      case "emit" -> {
        String name = body.path("name").asText("");
        String data = body.has("data") ? body.get("data").toString() : "null";
        if (!EVENT_NAME.matcher(name).matches()) {
          yield "name: use 1-100 of A-Z a-z 0-9 . _ -";
        }
        long bytes = Utf8.length(data);
        yield bytes > limits.messageBytes()
            ? Limits.over("the event's data", bytes, limits.messageBytes(), "message.bytes")
            : (Write) x -> x.emit(new CustomEvent(name, data));
      }
      default -> "unknown write '" + effect.kind() + "'";
    };
  }

  private static Object schedule(
      Decision d, JsonNode body, String toolName, ToolEffect effect, int earlier, Limits limits) {
    String effectId = body.path("effectId").asText("");
    if (Effects.badId(effectId)) {
      return "effectId must be non-empty and must not contain '|'";
    }
    Instant fireAt;
    if (body.path("at").isTextual()) {
      fireAt = Instant.parse(body.get("at").asText());
    } else if (body.path("delaySeconds").canConvertToLong()
        && body.get("delaySeconds").asLong() >= 0) {
      fireAt = d.at.plusSeconds(body.get("delaySeconds").asLong());
    } else {
      return "give at (ISO-8601) or delaySeconds (0 or more)";
    }
    Queued action;
    if (body.path("text").isTextual() || body.path("message").isTextual()) {
      action = new QueuedMessage(effectId, message(body, toolName, limits), false, fireAt);
    } else if (body.path("tool").isObject()) {
      JsonNode tool = body.get("tool");
      String name = tool.path("name").asText(null);
      String arguments = tool.has("arguments") ? tool.get("arguments").toString() : "{}";
      String refusal = Inbox.toolRefusal(limits, name, arguments);
      if (refusal != null) {
        return refusal;
      }
      action = new QueuedTool(effectId, name, arguments, fireAt);
    } else {
      return "give text (a message) or tool ({name, arguments})";
    }
    String refusal = Effects.refusal(limits, d.at, fireAt, effect.otherTimers() + earlier);
    return refusal != null ? refusal : (Write) x -> Effects.set(x, effectId, fireAt, action);
  }

  /** The message of {@code text} (or {@code message}) from tool {@code toolName}, checked. */
  private static InboundMessage message(JsonNode body, String toolName, Limits limits) {
    String text = body.path(body.has("text") ? "text" : "message").asText("");
    InboundMessage message =
        new InboundMessage(
            Origin.INVOKE, null, null, text, Map.of("fromTool", toolName), List.of());
    return switch (MessageRules.check(message, limits)) {
      case MessageRules.Valid v -> v.message();
      case MessageRules.Invalid i -> throw new IllegalArgumentException(i.reason());
    };
  }
}
