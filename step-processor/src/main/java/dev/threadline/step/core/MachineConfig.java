package dev.threadline.step.core;

import dev.threadline.config.Budgets;
import dev.threadline.config.Limits;
import java.time.Duration;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;

/**
 * Runtime limits and timings of the state machine. Start from {@link #defaults()} and change what
 * differs: {@code MachineConfig.defaults().withLimits(l -> l.withQueue(1, l.queueBytes()))}.
 *
 * @param modelTimeout a model request with no result by then is re-issued
 * @param toolTimeout a tool request with no result by then is re-issued
 * @param maxAttempts issues of a summarization request (first + re-issues) before the artifact is
 *     built by rule; model and tool requests are re-issued until answered ({@link #deadline})
 * @param maxModelRetries retries after retryable model errors before the turn fails
 * @param retryBackoff first backoff after a retryable model error; doubles per retry
 * @param hardMaxStepsPerTurn runtime cap over any agent's maxSteps
 * @param limits the sizes and counts tenants are held to
 * @param approvalTimeout a tool call waiting for approval this long is denied; zero waits forever
 * @param budgets what a thread may spend of model calls and session turns, whatever its agent says
 */
public record MachineConfig(
    Duration modelTimeout,
    Duration toolTimeout,
    int maxAttempts,
    int maxModelRetries,
    Duration retryBackoff,
    int hardMaxStepsPerTurn,
    Limits limits,
    Duration approvalTimeout,
    Budgets budgets) {

  public static MachineConfig defaults() {
    return new MachineConfig(
        Duration.ofSeconds(120),
        Duration.ofSeconds(60),
        3,
        3,
        Duration.ofSeconds(1),
        100,
        Limits.defaults(),
        Duration.ZERO,
        Budgets.defaults());
  }

  public MachineConfig withModelTimeout(Duration timeout) {
    return with(c -> c.modelTimeout = timeout);
  }

  public MachineConfig withToolTimeout(Duration timeout) {
    return with(c -> c.toolTimeout = timeout);
  }

  public MachineConfig withMaxAttempts(int attempts) {
    return with(c -> c.maxAttempts = attempts);
  }

  public MachineConfig withModelRetries(int retries, Duration backoff) {
    return with(
        c -> {
          c.maxModelRetries = retries;
          c.retryBackoff = backoff;
        });
  }

  public MachineConfig withHardMaxStepsPerTurn(int steps) {
    return with(c -> c.hardMaxStepsPerTurn = steps);
  }

  public MachineConfig withLimits(UnaryOperator<Limits> change) {
    return with(c -> c.limits = change.apply(c.limits));
  }

  public MachineConfig withBudgets(Budgets budgets) {
    return with(c -> c.budgets = budgets);
  }

  public MachineConfig withApprovalTimeout(Duration timeout) {
    return with(c -> c.approvalTimeout = timeout);
  }

  /**
   * When issue {@code attempt} (from 1) of a request with {@code timeout} is re-issued if it has no
   * result: after the timeout, then after twice, four and at most eight times it. A request can
   * wait in a busy lane longer than its timeout; growing waits keep the re-issues of one request
   * few, and it is never failed for the wait.
   */
  public Duration deadline(Duration timeout, int attempt) {
    return timeout.multipliedBy(1L << Math.min(Math.max(attempt, 1) - 1, 3));
  }

  /** The wait before retry {@code retry} (from 0) after a retryable model error. */
  public Duration backoff(int retry) {
    return retryBackoff.multipliedBy(1L << Math.min(retry, 10));
  }

  private MachineConfig with(Consumer<Copy> change) {
    Copy c = new Copy(this);
    change.accept(c);
    return c.build();
  }

  /** A mutable copy, so that each wither names only the field it changes. */
  private static final class Copy {
    Duration modelTimeout;
    Duration toolTimeout;
    int maxAttempts;
    int maxModelRetries;
    Duration retryBackoff;
    int hardMaxStepsPerTurn;
    Limits limits;
    Duration approvalTimeout;
    Budgets budgets;

    Copy(MachineConfig m) {
      modelTimeout = m.modelTimeout;
      toolTimeout = m.toolTimeout;
      maxAttempts = m.maxAttempts;
      maxModelRetries = m.maxModelRetries;
      retryBackoff = m.retryBackoff;
      hardMaxStepsPerTurn = m.hardMaxStepsPerTurn;
      limits = m.limits;
      approvalTimeout = m.approvalTimeout;
      budgets = m.budgets;
    }

    MachineConfig build() {
      return new MachineConfig(
          modelTimeout,
          toolTimeout,
          maxAttempts,
          maxModelRetries,
          retryBackoff,
          hardMaxStepsPerTurn,
          limits,
          approvalTimeout,
          budgets);
    }
  }
}
