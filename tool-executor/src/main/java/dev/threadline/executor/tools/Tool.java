package dev.threadline.executor.tools;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;

/**
 * A function tool the executor runs. The registry uses {@link #name()}, {@link #description()} and
 * {@link #parametersSchema()} both for the definitions sent to models and for dispatch; arguments
 * are validated against the schema before {@link #call} runs.
 */
public interface Tool {
  String name();

  String description();

  /** JSON Schema of the arguments object. */
  JsonNode parametersSchema();

  /** Permission an agent gets when its definition does not say (allow, deny or ask). */
  default String defaultPermission() {
    return "allow";
  }

  default Duration timeout() {
    return Duration.ofSeconds(30);
  }

  /**
   * Whether running the tool changes nothing outside its thread (its {@code ThreadState} writes
   * apply with its result, and only if the thread takes the result). Such a tool may run before the
   * decision that called it commits, and for a decision that never commits ({@code
   * threadline.executor.speculate}); any other tool runs only once its call committed.
   */
  default boolean readOnly() {
    return false;
  }

  /** Longest output kept; longer output is cut in the middle with a marker. */
  default int outputBudgetChars() {
    return 16_384;
  }

  /**
   * Runs the tool. {@code context.requestId()} is stable across re-deliveries of the same call: use
   * it as the idempotency key of any side effect. Throwing is fine: the message becomes the tool's
   * error result.
   */
  String call(ToolContext context, JsonNode arguments) throws Exception;
}
