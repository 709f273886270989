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
import dev.threadline.step.core.machine.Arguments;
import dev.threadline.step.core.machine.Settled;
import dev.threadline.step.core.machine.Settled.HookRan;
import dev.threadline.step.core.machine.Settled.MessageHooked;
import dev.threadline.step.core.machine.decision.Decision;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * The create hooks on the messages a turn takes from its queue — a user's, a queued or steered one,
 * a subagent's report — as the executor runs them on a model's reply. The message waits at its
 * place in the queue while {@code before_create_message} runs with {@code {"role": "user",
 * "content", "sender", "origin", "commandId"}}: its {@code {"content"}} is what the thread stores
 * and the model reads; then {@code after_create_message} runs on the message as it will be stored
 * (its answer not read, its writes applied). Each is a call the turn awaits, re-issued after a
 * missed deadline as a creation hook is. A hook that fails, answers more than a message may hold or
 * never answers changes nothing, reported as {@link HookFailed}.
 */
public final class QueuedMessageHooks {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String BEFORE = HookPoint.BEFORE_CREATE_MESSAGE.wire();
  private static final String AFTER = HookPoint.AFTER_CREATE_MESSAGE.wire();

  private QueuedMessageHooks() {}

  /**
   * Issues {@code m}'s first create hook, and the turn waits for it; false when the agent names
   * neither.
   */
  public static boolean issue(Decision d, QueuedMessage m) {
    String point = function(d, BEFORE) != null ? BEFORE : function(d, AFTER) != null ? AFTER : null;
    if (point == null) {
      return false;
    }
    ObjectNode input =
        JSON.createObjectNode().put("role", "user").put("content", m.message().text());
    input.put("sender", m.message().sender());
    input.put("origin", m.message().origin().name().toLowerCase(Locale.ROOT));
    input.put("commandId", m.commandId());
    send(d, point, input);
    return true;
  }

  /** Whether {@code call} is a message's create hook (not a creation hook). */
  public static boolean hooks(ToolCall call) {
    return BEFORE.equals(call.callId()) || AFTER.equals(call.callId());
  }

  /**
   * A message's create hook ran ({@code refused} non-null: it failed, or its writes were not
   * taken): after {@code before_create_message}, the agent's {@code after_create_message} on the
   * message as it will be stored, and the turn waits again; after the last, the message leaves the
   * queue as the hooks left it ({@link MessageHooked}) — or, when it left the queue meanwhile (a
   * later one replaced or joined it), the step goes on with what is queued.
   */
  public static Settled ran(Decision d, HookRan h, String refused) {
    ObjectNode input = (ObjectNode) Arguments.read(h.call().argumentsJson());
    if (BEFORE.equals(h.call().callId())) {
      input.put("content", hooked(d, h, refused, input.path("content").asText()));
      if (function(d, AFTER) != null) {
        send(d, AFTER, input);
        return Settled.WAITING;
      }
    } else if (refused != null) {
      d.emit(new HookFailed(h.requestId(), AFTER, h.call().name(), refused));
    }
    if (!(d.queue.take(input.path("commandId").asText()) instanceof QueuedMessage m)) {
      return Settled.NEXT_STEP;
    }
    InboundMessage sent = m.message();
    InboundMessage stored =
        new InboundMessage(
            sent.origin(),
            sent.channel(),
            sent.sender(),
            input.path("content").asText(),
            sent.meta(),
            sent.attachments());
    return new MessageHooked(new QueuedMessage(m.commandId(), stored, m.steer(), m.queuedAt()));
  }

  /**
   * The content {@code before_create_message}'s answer gives the message ({@code sent}, when it
   * failed — reported — or gave none).
   */
  static String hooked(Decision d, HookRan h, String refused, String sent) {
    String failure = refused;
    JsonNode answer = failure == null ? Arguments.read(h.output()) : JSON.missingNode();
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
      d.emit(new HookFailed(h.requestId(), BEFORE, h.call().name(), failure));
    }
    return content == null ? sent : content;
  }

  /** Sends {@code point}'s call on the message {@code input} describes. */
  private static void send(Decision d, String point, ObjectNode input) {
    MachineState s = d.state();
    ToolCall call = new ToolCall(point, function(d, point), input.toString());
    String commandId = input.path("commandId").asText();
    CreationHooks.send(d, Ids.messageHook(s.threadId(), point, s.turn(), commandId), call, 1);
  }

  private static String function(Decision d, String point) {
    return d.state().agent().hooks().get(point);
  }
}
