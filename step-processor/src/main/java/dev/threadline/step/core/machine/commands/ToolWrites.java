package dev.threadline.step.core.machine.commands;

import com.fasterxml.jackson.databind.JsonNode;
import dev.threadline.agents.ToolWriteKind;
import dev.threadline.config.KvLimits;
import dev.threadline.config.Limits;
import dev.threadline.config.Utf8;
import dev.threadline.files.ThreadFiles;
import dev.threadline.step.core.Enums.ChildReport;
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
import java.util.function.Consumer;
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

  /** A write checked: ready to apply, or refused with the reason. */
  private sealed interface Checked {}

  /** A checked write, ready to apply. */
  private record Write(Consumer<Decision> apply) implements Checked {}

  /** A write that cannot be applied, and why. */
  private record Refused(String reason) implements Checked {}

  /** {@code apply}, unless {@code refusal} (null: none) says why not. */
  private static Checked unless(String refusal, Consumer<Decision> apply) {
    return refusal != null ? new Refused(refusal) : new Write(apply);
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
      ToolWriteKind kind = ToolWriteKind.of(effect.kind());
      Checked checked;
      try {
        checked = check(d, Ids.toolWrite(requestId, i), toolName, kind, effect, timers);
      } catch (IllegalArgumentException | java.time.DateTimeException e) {
        checked = new Refused(e.getMessage());
      }
      switch (checked) {
        case Refused r -> {
          return "write "
              + (i + 1)
              + " ("
              + effect.kind()
              + "): "
              + r.reason()
              + "; none of this call's writes were applied";
        }
        case Write w -> writes.add(w);
      }
      if (kind == ToolWriteKind.SCHEDULE_EFFECT) {
        timers++;
      }
    }
    writes.forEach(w -> w.apply().accept(d));
    return null;
  }

  /** Write {@code effect} of kind {@code kind} (null: a kind there is not), checked. */
  private static Checked check(
      Decision d,
      String id,
      String toolName,
      ToolWriteKind kind,
      ToolEffect effect,
      int earlierTimers) {
    Limits limits = d.settings.config().limits();
    if (kind == ToolWriteKind.NOTIFY_PARENT) {
      return new Write(x -> ChildReports.notifyParent(x, effect.content(), effect.attachments()));
    } else if (kind == ToolWriteKind.SET_STATUS) {
      // sets the child's status in its parent's registry
      return new Write(x -> ChildReports.tellParent(x, ChildReport.STATUS, effect.content(), null));
    }
    JsonNode body = Arguments.parse(effect.content());
    if (body == null || !body.isObject()) {
      return new Refused("its content must be a JSON object");
    }
    if (kind == null) {
      return new Refused("unknown write '" + effect.kind() + "'");
    }
    return switch (kind) {
      case SET_VALUE -> {
        String key = body.path("key").isTextual() ? body.get("key").asText() : null;
        JsonNode value = body.get("value");
        String json = value == null || value.isNull() ? null : value.toString();
        String refusal = KvLimits.keyRefusal(key);
        refusal = refusal != null ? refusal : KvLimits.valueRefusal(json);
        yield unless(refusal, x -> x.writeValue(key, json, false));
      }
      case QUEUE_MESSAGE, INJECT_MESSAGE -> {
        InboundMessage message = message(body, toolName, limits);
        boolean steer = kind == ToolWriteKind.INJECT_MESSAGE;
        yield new Write(
            x ->
                Inbox.deliver(
                    x, null, new QueuedMessage(id, message, steer, x.at), Trigger.QUEUED_MESSAGE));
      }
      case QUEUE_TOOL -> {
        String name = body.path("name").asText(null);
        String arguments = body.has("arguments") ? body.get("arguments").toString() : "{}";
        yield unless(
            Arguments.toolRefusal(limits, name, arguments),
            x ->
                Inbox.deliver(
                    x, null, new QueuedTool(id, name, arguments, x.at), Trigger.QUEUED_TOOL));
      }
      case SCHEDULE_EFFECT -> schedule(d, body, toolName, effect, earlierTimers, limits);
      case REMOVE_SCHEDULED_EFFECT -> {
        String effectId = body.path("effectId").asText("");
        yield unless(
            effect.scheduled()
                ? null
                : "no scheduled effect '"
                    + effectId
                    + "' (it fired, was cancelled, or never existed)",
            x -> Effects.unset(x, effectId));
      }
      case SET_ENV -> {
        String name = body.path("name").asText("");
        JsonNode given = body.get("value");
        Env.Value value =
            given == null || given.isNull()
                ? null
                : new Env.Value(given.asText(), body.path("secret").asBoolean(false));
        yield unless(EnvVariables.refusal(d, name, value), x -> x.setEnv(name, value));
      }
      case WRITE_FILE -> {
        String path = body.path("path").asText("");
        String staged = body.path("staged").asText("");
        String pathRefused = ThreadFiles.pathRefusal(path);
        yield unless(
            pathRefused != null
                ? "path: " + pathRefused
                : staged.isEmpty() || staged.contains("..")
                    ? "staged: the file the executor staged"
                    : null,
            x -> x.output(new Output.PlaceFile(staged, path)));
      }
      case UPDATE_MESSAGE -> {
        long seq = body.path("seq").canConvertToLong() ? body.get("seq").asLong() : 0;
        String content = body.path("content").isTextual() ? body.get("content").asText() : null;
        long bytes = Utf8.length(content);
        yield unless(
            seq < 1 || seq >= d.state().nextMessageSeq()
                ? "seq: the thread has messages 1 to " + (d.state().nextMessageSeq() - 1)
                : content == null
                    ? "content: the message's new text, a string"
                    : bytes > limits.messageBytes()
                        ? Limits.over(
                            "the message's new text", bytes, limits.messageBytes(), "message.bytes")
                        : null,
            x -> x.turn.messageUpdated(seq, content));
      }
      case EMIT -> {
        String name = body.path("name").asText("");
        String data = body.has("data") ? body.get("data").toString() : "null";
        long bytes = Utf8.length(data);
        yield unless(
            !EVENT_NAME.matcher(name).matches()
                ? "name: use 1-100 of A-Z a-z 0-9 . _ -"
                : bytes > limits.messageBytes()
                    ? Limits.over("the event's data", bytes, limits.messageBytes(), "message.bytes")
                    : null,
            x -> x.emit(new CustomEvent(name, data)));
      }
      case NOTIFY_PARENT, SET_STATUS ->
          throw new IllegalStateException(
              "a report to the parent is applied before its body is read");
    };
  }

  private static Checked schedule(
      Decision d, JsonNode body, String toolName, ToolEffect effect, int earlier, Limits limits) {
    String effectId = body.path("effectId").asText("");
    if (Effects.badId(effectId)) {
      return new Refused("effectId must be non-empty and must not contain '|'");
    }
    Instant fireAt;
    if (body.path("at").isTextual()) {
      fireAt = Instant.parse(body.get("at").asText());
    } else if (body.path("delaySeconds").canConvertToLong()
        && body.get("delaySeconds").asLong() >= 0) {
      fireAt = d.at.plusSeconds(body.get("delaySeconds").asLong());
    } else {
      return new Refused("give at (ISO-8601) or delaySeconds (0 or more)");
    }
    Queued action;
    if (body.path("text").isTextual() || body.path("message").isTextual()) {
      action = new QueuedMessage(effectId, message(body, toolName, limits), false, fireAt);
    } else if (body.path("tool").isObject()) {
      JsonNode tool = body.get("tool");
      String name = tool.path("name").asText(null);
      String arguments = tool.has("arguments") ? tool.get("arguments").toString() : "{}";
      String refusal = Arguments.toolRefusal(limits, name, arguments);
      if (refusal != null) {
        return new Refused(refusal);
      }
      action = new QueuedTool(effectId, name, arguments, fireAt);
    } else {
      return new Refused("give text (a message) or tool ({name, arguments})");
    }
    return unless(
        Effects.refusal(limits, d.at, fireAt, effect.otherTimers() + earlier),
        x -> Effects.set(x, effectId, fireAt, action, null));
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
