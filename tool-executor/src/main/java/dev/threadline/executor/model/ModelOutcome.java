package dev.threadline.executor.model;

import dev.threadline.avro.ToolCall;
import dev.threadline.avro.Usage;
import java.time.Duration;
import java.util.List;

/** What a provider answered: a reply, or a classified failure. */
public sealed interface ModelOutcome {

  /**
   * @param providerItems what the provider needs sent back with this answer on later calls (its
   *     thinking, say), as JSON keyed by provider kind; null when nothing
   */
  record Reply(
      String text,
      List<ToolCall> toolCalls,
      Usage usage,
      String finishReason,
      String model,
      String providerItems)
      implements ModelOutcome {
    public Reply {
      toolCalls = List.copyOf(toolCalls);
    }

    public Reply(
        String text, List<ToolCall> toolCalls, Usage usage, String finishReason, String model) {
      this(text, toolCalls, usage, finishReason, model, null);
    }
  }

  /**
   * @param retryable rate limits, server errors and timeouts are; bad requests, bad credentials and
   *     unknown models are not
   * @param retryAfter how long the provider asked to be left alone before a retry, or null
   */
  record Failure(String code, String message, boolean retryable, Duration retryAfter)
      implements ModelOutcome {
    public Failure(String code, String message, boolean retryable) {
      this(code, message, retryable, null);
    }
  }
}
