package dev.threadline.executor.hooks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.threadline.agents.HookPoint;
import dev.threadline.avro.HookFailure;
import dev.threadline.avro.ToolEffect;
import dev.threadline.avro.ToolError;
import dev.threadline.avro.ToolRequest;
import dev.threadline.config.Limits;
import dev.threadline.config.Utf8;
import dev.threadline.executor.tools.NestedCallHooks;
import dev.threadline.executor.tools.ToolRunner;
import dev.threadline.serde.PooledJson;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The hooks around a tool call, after it ran: the {@link UpdateHooks} on the messages it updates,
 * then {@code after_tool_call_success} or {@code after_tool_call_failure} see the call and its
 * outcome (their thread writes join the call's), then {@code before_store_tool_result} may change
 * what is stored — {@code {"output": "..."}} for a successful call, {@code {"error": "..."}} for a
 * failed one. A hook that fails, or answers what it may not, changes nothing and is reported with
 * the result.
 */
public final class ToolCallHooks {
  private static final ObjectMapper JSON = PooledJson.MAPPER;

  private final HookCall hooks;
  private final UpdateHooks updates;
  private final Limits limits;

  public ToolCallHooks(ToolRunner runner, Limits limits) {
    this.hooks = new HookCall(runner);
    this.updates = new UpdateHooks(hooks);
    this.limits = limits;
  }

  /** The call's outcome after its hooks, and the hooks that did not do their part. */
  public record Applied(ToolRunner.Outcome outcome, List<HookFailure> failures) {}

  /** {@code execution}: the call's scratch map, which its hooks share ({@code ThreadState}). */
  public Applied apply(
      ToolRequest request,
      ToolRunner.Outcome ran,
      Instant now,
      java.util.Map<String, Object> execution) {
    if (request.getHooks().isEmpty()) {
      return new Applied(ran, List.of());
    }
    List<HookFailure> failures = new ArrayList<>();
    List<ToolEffect> effects = updates.apply(request, ran.effects(), now, execution, failures);
    return new Applied(around(request, ran, effects, now, execution, failures), failures);
  }

  /**
   * The hooks for the calls a tool makes within a call ({@link ToolRunner#run(ToolRequest, Instant,
   * java.util.Map, NestedCallHooks)}): {@code after_tool_call_*} see each, and {@code
   * before_store_tool_result} may change what the calling tool gets, as for any call; the update
   * hooks run once, on the outer call's writes, which hold the nested calls'. Hooks that did not do
   * their part go to {@code failures}, reported with the outer call's result.
   */
  public NestedCallHooks forNestedCalls(
      java.util.function.Supplier<Instant> clock,
      java.util.Map<String, Object> execution,
      List<HookFailure> failures) {
    return (call, ran) -> {
      if (call.getHooks().isEmpty()) {
        return ran;
      }
      List<HookFailure> own = new ArrayList<>();
      ToolRunner.Outcome outcome =
          around(call, ran, new ArrayList<>(ran.effects()), clock.get(), execution, own);
      failures.addAll(own);
      return outcome;
    };
  }

  /** {@code after_tool_call_*}, then {@code before_store_tool_result}, on the call as it ran. */
  private ToolRunner.Outcome around(
      ToolRequest request,
      ToolRunner.Outcome ran,
      List<ToolEffect> effects,
      Instant now,
      java.util.Map<String, Object> execution,
      List<HookFailure> failures) {
    // Both hooks see the call as it ran: its arguments parsed once.
    ObjectNode view = view(request, ran);
    String after =
        ran.error() == null
            ? HookPoint.AFTER_TOOL_CALL_SUCCESS.wire()
            : HookPoint.AFTER_TOOL_CALL_FAILURE.wire();
    if (request.getHooks().containsKey(after)) {
      HookCall.Answer answer = hooks.call(request, after, view, now, execution);
      keep(answer, failures, effects);
    }
    ToolRunner.Outcome stored = ran;
    String before = HookPoint.BEFORE_STORE_TOOL_RESULT.wire();
    if (request.getHooks().containsKey(before)) {
      HookCall.Answer answer = hooks.call(request, before, view, now, execution);
      if (keep(answer, failures, effects)) {
        stored = changed(request, ran, answer.output(), failures);
      }
    }
    return new ToolRunner.Outcome(stored.output(), stored.error(), effects, ran.shown());
  }

  /** Keeps a hook's writes, or its failure; whether it answered. */
  private static boolean keep(
      HookCall.Answer answer, List<HookFailure> failures, List<ToolEffect> effects) {
    if (answer.failure() != null) {
      failures.add(answer.failure());
      return false;
    }
    effects.addAll(answer.effects());
    return true;
  }

  /** The outcome {@code before_store_tool_result} asks for, or {@code ran} if it asks wrongly. */
  private ToolRunner.Outcome changed(
      ToolRequest request, ToolRunner.Outcome ran, String answer, List<HookFailure> failures) {
    String point = HookPoint.BEFORE_STORE_TOOL_RESULT.wire();
    String function = request.getHooks().get(point);
    JsonNode reply;
    try {
      reply = JSON.readTree(answer == null ? "" : answer);
    } catch (IOException e) {
      reply = null;
    }
    String field = ran.error() == null ? "output" : "error";
    if (reply == null || !reply.isObject()) {
      failures.add(new HookFailure(point, function, "it answered no JSON object"));
      return ran;
    }
    JsonNode value = reply.get(field);
    if (value == null) {
      return ran; // nothing to change
    }
    if (!value.isTextual()) {
      failures.add(new HookFailure(point, function, "'" + field + "' must be a string"));
      return ran;
    }
    if (Utf8.length(value.asText()) > limits.toolResultBytes() / 2) {
      failures.add(
          new HookFailure(
              point, function, "'" + field + "' is over half of the tool result limit"));
      return ran;
    }
    return ran.error() == null
        ? new ToolRunner.Outcome(value.asText(), null, ran.effects(), ran.shown())
        : new ToolRunner.Outcome(
            null, new ToolError(ran.error().getCode(), value.asText()), ran.effects());
  }

  /** What a tool call's hooks see: the call, and what it gave. */
  private static ObjectNode view(ToolRequest request, ToolRunner.Outcome ran) {
    ObjectNode view =
        JSON.createObjectNode()
            .put("tool", request.getToolName())
            .put("callId", request.getCallId());
    try {
      view.set("arguments", JSON.readTree(request.getArgumentsJson()));
    } catch (IOException e) {
      view.put("arguments", request.getArgumentsJson());
    }
    if (ran.error() == null) {
      view.put("output", ran.output());
    } else {
      view.putObject("error")
          .put("code", ran.error().getCode())
          .put("message", ran.error().getMessage());
    }
    return view;
  }
}
