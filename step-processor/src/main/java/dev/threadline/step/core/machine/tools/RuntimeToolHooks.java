package dev.threadline.step.core.machine.tools;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.threadline.agents.HookPoint;
import dev.threadline.config.Utf8;
import dev.threadline.step.core.Event.HookFailed;
import dev.threadline.step.core.MachineState;
import dev.threadline.step.core.Values.ToolCall;
import dev.threadline.step.core.machine.Arguments;
import dev.threadline.step.core.machine.Settled;
import dev.threadline.step.core.machine.Settled.CallDone;
import dev.threadline.step.core.machine.Settled.HookRan;
import dev.threadline.step.core.machine.Settled.ToolHooked;
import dev.threadline.step.core.machine.awaits.CreationHooks;
import dev.threadline.step.core.machine.decision.Decision;

/**
 * The agent's tool hooks around the calls the step processor runs itself — its session and stop
 * tools, subagents, subprompts, handoffs, {@code get_value} / {@code set_value} — as an executor
 * runs them around the calls it serves: {@code after_tool_call_success} or {@code
 * after_tool_call_failure} see the call and its outcome (their writes applied), then {@code
 * before_store_tool_result} may change what is stored ({@code {"output"}} or {@code {"error"}}, at
 * most half the tool result limit). Each is a call the turn awaits, re-issued after a missed
 * deadline; one that fails, answers wrongly or never answers changes nothing, reported as {@link
 * HookFailed}. A call refused before it ran (not a tool of the agent's) is not hooked, as the
 * executor hooks no call it did not run.
 */
public final class RuntimeToolHooks {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String SUCCESS = HookPoint.AFTER_TOOL_CALL_SUCCESS.wire();
  private static final String FAILURE = HookPoint.AFTER_TOOL_CALL_FAILURE.wire();
  private static final String BEFORE_STORE = HookPoint.BEFORE_STORE_TOOL_RESULT.wire();

  /** How a runtime tool's error shows to its hooks, beside the executor's codes. */
  static final String ERROR_CODE = "tool_error";

  private RuntimeToolHooks() {}

  /**
   * Issues the first hook due on {@code done}, a call the step processor ran, and the turn waits
   * for it; false when the call is an executor's (hooked there) or the agent names no tool hook.
   */
  public static boolean issue(Decision d, CallDone done) {
    if (!ToolRouting.ranByRuntime(ToolRouting.route(d.state().agent(), done.call().name()))) {
      return false;
    }
    String after = done.error() == null ? SUCCESS : FAILURE;
    String point =
        CreationHooks.names(d, after)
            ? after
            : CreationHooks.names(d, BEFORE_STORE) ? BEFORE_STORE : null;
    if (point == null) {
      return false;
    }
    CreationHooks.sendOn(d, point, view(done));
    return true;
  }

  /** Whether {@code call} is a tool hook of a runtime call. */
  public static boolean hooks(ToolCall call) {
    String point = call.callId();
    return SUCCESS.equals(point) || FAILURE.equals(point) || BEFORE_STORE.equals(point);
  }

  /**
   * A tool hook ran ({@code refused} non-null: it failed, or its writes were not taken): after an
   * {@code after_tool_call_*}, {@code before_store_tool_result} if the agent names it, and the turn
   * waits again; after the last, the call's result as the hooks left it, to be stored.
   */
  public static Settled ran(Decision d, HookRan h, String refused) {
    ObjectNode view = (ObjectNode) Arguments.read(h.call().argumentsJson());
    CallDone done = done(view);
    if (!BEFORE_STORE.equals(h.call().callId())) {
      if (refused != null) {
        d.emit(new HookFailed(h.requestId(), h.call().callId(), h.call().name(), refused));
      }
      if (CreationHooks.names(d, BEFORE_STORE)) {
        CreationHooks.sendOn(d, BEFORE_STORE, view);
        return Settled.WAITING;
      }
      return new ToolHooked(done);
    }
    String failure = refused;
    CallDone stored = done;
    if (failure == null) {
      JsonNode answer = Arguments.read(h.output());
      String field = done.error() == null ? "output" : "error";
      JsonNode value = answer.get(field);
      long most = d.settings.config().limits().toolResultBytes() / 2;
      if (!answer.isObject()) {
        failure = "it answered no JSON object";
      } else if (value != null && !value.isTextual()) {
        failure = "'" + field + "' must be a string";
      } else if (value != null && Utf8.length(value.asText()) > most) {
        failure = "'" + field + "' is over half of the tool result limit";
      } else if (value != null) {
        stored =
            done.error() == null ? done.withOutput(value.asText()) : done.failing(value.asText());
      }
    }
    if (failure != null) {
      d.emit(new HookFailed(h.requestId(), BEFORE_STORE, h.call().name(), failure));
    }
    return new ToolHooked(stored);
  }

  /**
   * The runtime call whose tool hook the thread awaits, as it ran, or null when it awaits no tool
   * hook: an abort or a termination must still give the call its result.
   */
  public static CallDone awaitedCall(MachineState s) {
    ToolCall hook = CreationHooks.awaitedHook(s);
    return hook != null && hooks(hook)
        ? done((ObjectNode) Arguments.read(hook.argumentsJson()))
        : null;
  }

  /** What the hooks see: the call, its outcome, and what puts the result back together. */
  private static ObjectNode view(CallDone done) {
    ObjectNode view =
        JSON.createObjectNode().put("tool", done.call().name()).put("callId", done.call().callId());
    JsonNode arguments = Arguments.read(done.call().argumentsJson());
    if (arguments.isMissingNode()) {
      view.put("arguments", done.call().argumentsJson());
    } else {
      view.set("arguments", arguments);
    }
    if (done.error() == null) {
      view.put("output", done.output());
    } else {
      view.putObject("error").put("code", ERROR_CODE).put("message", done.error());
    }
    return view.put("requestId", done.requestId()).put("durationMs", done.durationMs());
  }

  /** The call {@code view} describes, as it ran. */
  private static CallDone done(ObjectNode view) {
    JsonNode arguments = view.path("arguments");
    ToolCall call =
        new ToolCall(
            view.path("callId").asText(),
            view.path("tool").asText(),
            arguments.isTextual() ? arguments.asText() : arguments.toString());
    String error = view.has("error") ? view.path("error").path("message").asText() : null;
    String output = error == null ? view.path("output").textValue() : null;
    return new CallDone(
        view.path("requestId").asText(), call, output, error, view.path("durationMs").asLong());
  }
}
