package dev.threadline.executor.model;

import dev.threadline.avro.ToolCall;
import dev.threadline.avro.Usage;
import java.util.List;

/** What a provider answered: a reply, or a classified failure. */
public sealed interface ModelOutcome {

  record Reply(
      String text, List<ToolCall> toolCalls, Usage usage, String finishReason, String model)
      implements ModelOutcome {
    public Reply {
      toolCalls = List.copyOf(toolCalls);
    }
  }

  /**
   * @param retryable rate limits, server errors and timeouts are; bad requests, bad credentials and
   *     unknown models are not
   */
  record Failure(String code, String message, boolean retryable) implements ModelOutcome {}
}
