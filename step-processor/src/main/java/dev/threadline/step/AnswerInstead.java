package dev.threadline.step;

import dev.threadline.step.core.Input;
import java.util.List;

/**
 * What a thread is told instead of an answer whose decision could not be carried out (an attachment
 * that cannot be copied, a record over the limit): the model call failed, or the tool call, naming
 * why. The answer itself is parked; without this the thread would wait for good, for the executor
 * does not answer a request it has already run twice.
 */
final class AnswerInstead {
  private AnswerInstead() {}

  /** The failure to decide in place of {@code input}; null for an input that answers nothing. */
  static Input of(Input input, String reason) {
    return switch (input) {
      case Input.ModelResultReceived r when r.outcome() instanceof Input.ModelReply ->
          new Input.ModelResultReceived(
              r.requestId(),
              r.epoch(),
              r.at(),
              new Input.ModelFailure(
                  "not_carried_out",
                  "the runtime could not carry out this answer: " + reason,
                  false),
              r.hookFailures());
      case Input.ToolResultReceived r ->
          new Input.ToolResultReceived(
              r.requestId(),
              r.epoch(),
              r.at(),
              null,
              "the runtime could not carry out this result: " + reason,
              r.durationMs(),
              List.of(),
              r.hookFailures());
      default -> null;
    };
  }
}
