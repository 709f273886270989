package dev.threadline.step.core;

import java.time.Duration;

/**
 * Runtime limits and timings of the state machine.
 *
 * @param modelTimeout a model request with no result by then is re-issued
 * @param toolTimeout a tool request with no result by then is re-issued
 * @param maxAttempts issues of one request (first + re-issues) before the step fails
 * @param maxModelRetries retries after retryable model errors before the turn fails
 * @param retryBackoff first backoff after a retryable model error; doubles per retry
 * @param hardMaxStepsPerTurn runtime cap over any agent's maxSteps
 * @param maxMessageChars longest accepted message text
 * @param maxQueueLength longest accepted queue
 * @param approvalTimeout a tool call waiting for approval this long is denied; zero waits forever
 */
public record MachineConfig(
    Duration modelTimeout,
    Duration toolTimeout,
    int maxAttempts,
    int maxModelRetries,
    Duration retryBackoff,
    int hardMaxStepsPerTurn,
    int maxMessageChars,
    int maxQueueLength,
    Duration approvalTimeout) {

  /** Without an approval timeout. */
  public MachineConfig(
      Duration modelTimeout,
      Duration toolTimeout,
      int maxAttempts,
      int maxModelRetries,
      Duration retryBackoff,
      int hardMaxStepsPerTurn,
      int maxMessageChars,
      int maxQueueLength) {
    this(
        modelTimeout,
        toolTimeout,
        maxAttempts,
        maxModelRetries,
        retryBackoff,
        hardMaxStepsPerTurn,
        maxMessageChars,
        maxQueueLength,
        Duration.ZERO);
  }

  public static MachineConfig defaults() {
    return new MachineConfig(
        Duration.ofSeconds(120),
        Duration.ofSeconds(60),
        3,
        3,
        Duration.ofSeconds(1),
        100,
        262_144,
        1_000,
        Duration.ZERO);
  }

  public MachineConfig withApprovalTimeout(Duration timeout) {
    return new MachineConfig(
        modelTimeout,
        toolTimeout,
        maxAttempts,
        maxModelRetries,
        retryBackoff,
        hardMaxStepsPerTurn,
        maxMessageChars,
        maxQueueLength,
        timeout);
  }

  public Duration backoff(int retry) {
    return retryBackoff.multipliedBy(1L << Math.min(retry, 10));
  }
}
