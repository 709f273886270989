package dev.threadline.executor.hooks;

import com.fasterxml.jackson.databind.JsonNode;
import dev.threadline.avro.HookFailure;
import dev.threadline.avro.ModelRequest;
import dev.threadline.avro.ToolEffect;
import dev.threadline.avro.ToolRequest;
import dev.threadline.executor.tools.ToolRunner;
import dev.threadline.serde.PooledJson;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;

/**
 * Runs the function an agent named for a hook point. Hook functions are the executor's tools
 * ({@link dev.threadline.executor.tools.Tool}), run by the {@link ToolRunner}: each gets the call's
 * {@code ThreadState}, its own timeout and the request's deadline, and its thread writes travel
 * with the result. Its request id is the request's with {@code #point}: stable across
 * re-deliveries, so it can key the function's side effects.
 */
final class HookCall {
  private final ToolRunner runner;

  HookCall(ToolRunner runner) {
    this.runner = runner;
  }

  /** What the function answered, or — {@code failure} set — why it did not do its part. */
  record Answer(String output, List<ToolEffect> effects, HookFailure failure) {
    static Answer failed(String point, String function, String message) {
      return new Answer(null, List.of(), new HookFailure(point, function, message));
    }
  }

  /**
   * Runs the function {@code about} names for {@code point} with {@code input}, in the execution
   * whose scratch map is {@code execution} ({@code ThreadState.context()}).
   */
  Answer call(
      ToolRequest about,
      String point,
      JsonNode input,
      Instant now,
      java.util.Map<String, Object> execution) {
    return call(about, point, point, input, now, execution);
  }

  /** As {@link #call}, its request id ending {@code #name} (a point run more than once a call). */
  Answer call(
      ToolRequest about,
      String point,
      String name,
      JsonNode input,
      Instant now,
      java.util.Map<String, Object> execution) {
    String function = about.getHooks().get(point);
    ToolRequest hook =
        ToolRequest.newBuilder(about)
            .setRequestId(about.getRequestId() + "#" + name)
            .setToolName(function)
            .setArgumentsJson(PooledJson.text(input))
            .setHooks(new HashMap<>())
            .build();
    ToolRunner.Outcome outcome = runner.run(hook, now, execution);
    if (outcome.error() != null) {
      return Answer.failed(
          point, function, outcome.error().getCode() + ": " + outcome.error().getMessage());
    }
    return new Answer(outcome.output(), outcome.effects(), null);
  }

  /** The tool request a model request's hooks run as: its thread, call and deadline. */
  static ToolRequest about(ModelRequest m) {
    return ToolRequest.newBuilder()
        .setRequestId(m.getRequestId())
        .setThreadId(m.getThreadId())
        .setTenantId(m.getTenantId())
        .setAgentName(m.getAgentName())
        .setEpoch(m.getEpoch())
        .setTurn(m.getTurn())
        .setStep(m.getStep())
        .setAttempt(m.getAttempt())
        .setCallId("hook")
        .setToolName("hook")
        .setArgumentsJson("{}")
        .setIssuedAt(m.getIssuedAt())
        .setDeadline(m.getDeadline())
        .setHooks(new HashMap<>(m.getHooks()))
        .build();
  }

  private static final com.fasterxml.jackson.databind.ObjectMapper JSON =
      new com.fasterxml.jackson.databind.ObjectMapper();

  /** {@code json} (a hook's answer, a write's content) as a JSON object, or null: it is none. */
  static JsonNode object(String json) {
    try {
      JsonNode node = JSON.readTree(json == null ? "" : json);
      return node != null && node.isObject() ? node : null;
    } catch (java.io.IOException e) {
      return null;
    }
  }
}
