package dev.threadline.step.core.machine.awaits;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.threadline.agents.HookPoint;
import dev.threadline.config.Limits;
import dev.threadline.step.core.Event.HookFailed;
import dev.threadline.step.core.Ids;
import dev.threadline.step.core.MachineState;
import dev.threadline.step.core.Queued.QueuedMessage;
import dev.threadline.step.core.Values.InboundMessage;
import dev.threadline.step.core.Values.ToolCall;
import dev.threadline.step.core.machine.Settled.HookRan;
import dev.threadline.step.core.machine.decision.Decision;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * {@code before_create_message} on the messages a turn takes from its queue — a user's, a queued or
 * steered one, a subagent's report — as the executor runs it on a model's reply: the message waits
 * at its place in the queue while the function the agent names runs with {@code {"role": "user",
 * "content", "sender", "origin"}} (a call the turn awaits, re-issued after a missed deadline as a
 * creation hook is); its {@code {"content"}} is what the thread stores and the model reads. A hook
 * that fails, answers more than a message may hold or never answers leaves the message as sent,
 * reported as {@link HookFailed}.
 */
public final class QueuedMessageHooks {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String POINT = HookPoint.BEFORE_CREATE_MESSAGE.wire();

  private QueuedMessageHooks() {}

  /**
   * Issues {@code m}'s hook when the agent names one, and the turn waits for it; false when it
   * names none.
   */
  public static boolean issue(Decision d, QueuedMessage m) {
    MachineState s = d.state();
    String function = s.agent().hooks().get(POINT);
    if (function == null) {
      return false;
    }
    ObjectNode input =
        JSON.createObjectNode().put("role", "user").put("content", m.message().text());
    input.put("sender", m.message().sender());
    input.put("origin", m.message().origin().name().toLowerCase(Locale.ROOT));
    input.put("commandId", m.commandId());
    ToolCall call = new ToolCall(POINT, function, input.toString());
    CreationHooks.send(
        d, Ids.hook(s.threadId(), POINT) + "/" + s.turn() + "/" + m.commandId(), call, 1);
    return true;
  }

  /** Whether {@code call} is a message's hook (not a creation hook). */
  public static boolean hooks(ToolCall call) {
    return POINT.equals(call.callId());
  }

  /**
   * The message {@code h}'s hook ran on, out of the queue and as the hook left it ({@link
   * #hooked}); null when it left the queue meanwhile (a later one replaced or joined it).
   */
  public static QueuedMessage take(Decision d, HookRan h, String refused) {
    String commandId = read(h.call().argumentsJson()).path("commandId").asText();
    if (!(d.queue.take(commandId) instanceof QueuedMessage m)) {
      return null;
    }
    return new QueuedMessage(
        m.commandId(), hooked(d, h, refused, m.message()), m.steer(), m.queuedAt());
  }

  /**
   * {@code sent} as the hook {@code h} left it ({@code refused} non-null: it failed, or its writes
   * were not taken): with the content it answered, or as sent, the failure reported.
   */
  private static InboundMessage hooked(Decision d, HookRan h, String refused, InboundMessage sent) {
    String failure = refused;
    JsonNode answer = failure == null ? read(h.output()) : JSON.missingNode();
    if (failure == null && !answer.isObject()) {
      failure = "its answer is not a JSON object";
    } else if (failure == null && answer.has("content") && !answer.get("content").isTextual()) {
      failure = "its content is not text";
    }
    String content = failure == null ? answer.path("content").textValue() : null;
    long bytes = content == null ? 0 : content.getBytes(StandardCharsets.UTF_8).length;
    long most = d.settings.config().limits().messageBytes();
    if (bytes > most) {
      failure = Limits.over("its content", bytes, most, "message.bytes");
      content = null;
    }
    if (failure != null) {
      d.emit(new HookFailed(h.requestId(), POINT, h.call().name(), failure));
    }
    return content == null
        ? sent
        : new InboundMessage(
            sent.origin(), sent.channel(), sent.sender(), content, sent.meta(), sent.attachments());
  }

  private static JsonNode read(String json) {
    try {
      return json == null ? JSON.missingNode() : JSON.readTree(json);
    } catch (java.io.IOException e) {
      return JSON.missingNode();
    }
  }
}
