package dev.threadline.step.core.machine.awaits;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.threadline.agents.HookPoint;
import dev.threadline.step.core.Enums.Origin;
import dev.threadline.step.core.Event.HookFailed;
import dev.threadline.step.core.MessageRules;
import dev.threadline.step.core.Values.InboundMessage;
import dev.threadline.step.core.Values.Message;
import dev.threadline.step.core.Values.ToolCall;
import dev.threadline.step.core.machine.Arguments;
import dev.threadline.step.core.machine.Settled;
import dev.threadline.step.core.machine.Settled.HookRan;
import dev.threadline.step.core.machine.decision.Decision;
import java.util.List;
import java.util.Map;

/**
 * The create hooks on the message a compaction makes — the continuation that opens the new window —
 * as on every other message: {@code before_create_message} sees it before it is stored ({@code
 * {"role": "user", "content", "sender": "self", "origin": "task", "kind": "continuation"}}) and its
 * {@code {"content"}} is what the new window starts with; then {@code after_create_message} sees it
 * as it will be stored. Each is a call awaited as a queued message's is; one that fails, answers
 * more than a message may hold or never answers changes nothing, reported as {@link HookFailed}.
 */
public final class ContinuationHooks {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String BEFORE = HookPoint.BEFORE_CREATE_MESSAGE.wire();
  private static final String AFTER = HookPoint.AFTER_CREATE_MESSAGE.wire();
  private static final String KIND = "continuation";

  private ContinuationHooks() {}

  /**
   * The continuation {@code text} that compaction {@code requestId} made: through the first create
   * hook the agent names, the compaction waiting for it, or — none named — at once into place.
   */
  static Settled start(Decision d, String requestId, String text, boolean byRule, boolean manual) {
    String point =
        CreationHooks.names(d, BEFORE) ? BEFORE : CreationHooks.names(d, AFTER) ? AFTER : null;
    if (point == null) {
      return continued(d, text, byRule, manual);
    }
    ObjectNode input =
        JSON.createObjectNode()
            .put("role", "user")
            .put("content", text)
            .put("sender", MessageRules.SELF)
            .put("origin", "task")
            .put("kind", KIND)
            .put("requestId", requestId)
            .put("byRule", byRule)
            .put("manual", manual);
    CreationHooks.sendOn(d, point, input);
    return Settled.WAITING;
  }

  /** Whether {@code call} is a create hook on a compaction's continuation. */
  public static boolean hooks(ToolCall call) {
    return (BEFORE.equals(call.callId()) || AFTER.equals(call.callId()))
        && KIND.equals(Arguments.read(call.argumentsJson()).path("kind").asText());
  }

  /**
   * A continuation's create hook ran ({@code refused} non-null: it failed, or its writes were not
   * taken): after {@code before_create_message}, {@code after_create_message} if the agent names
   * it; after the last, the new window opens with the continuation as the hooks left it.
   */
  public static Settled ran(Decision d, HookRan h, String refused) {
    ObjectNode input = (ObjectNode) Arguments.read(h.call().argumentsJson());
    if (BEFORE.equals(h.call().callId())) {
      input.put(
          "content", QueuedMessageHooks.hooked(d, h, refused, input.path("content").asText()));
      if (CreationHooks.names(d, AFTER)) {
        CreationHooks.sendOn(d, AFTER, input);
        return Settled.WAITING;
      }
    } else if (refused != null) {
      d.emit(new HookFailed(h.requestId(), AFTER, h.call().name(), refused));
    }
    return continued(
        d,
        input.path("content").asText(),
        input.path("byRule").asBoolean(),
        input.path("manual").asBoolean());
  }

  /**
   * An abort while a {@code Compact} command's continuation is hooked, between turns: the hook is
   * fenced, the compaction given up, and the thread goes on between turns. False otherwise.
   */
  public static boolean abortedBetweenTurns(Decision d) {
    ToolCall hook = CreationHooks.awaitedHook(d.state());
    if (hook == null
        || !hooks(hook)
        || !Arguments.read(hook.argumentsJson()).path("manual").asBoolean()) {
      return false;
    }
    d.fenceInFlight();
    return true;
  }

  /**
   * The continuation {@code text} becomes the first message of a new active window; the turn goes
   * on — with what arrived while it compacted in its next call — or, compacted on command, the
   * thread goes on between turns.
   */
  private static Settled continued(Decision d, String text, boolean byRule, boolean manual) {
    d.turn.compacted(
        Message.user(
            new InboundMessage(
                Origin.TASK, null, MessageRules.SELF, text, Map.of("kind", KIND), List.of())),
        byRule);
    return manual ? Settled.BETWEEN_TURNS : Settled.NEXT_STEP;
  }
}
