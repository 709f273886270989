package dev.threadline.executor.model;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The failures every provider's SDK call shares, whatever the SDK: the endpoint could not be
 * reached (retryable; the client's text names the addresses it tried, so the operator's log keeps
 * it and the tenant's event says only what kind of failure it was), or the call failed otherwise
 * (not retryable).
 */
final class CallFailures {
  private static final Logger LOG = LoggerFactory.getLogger(CallFailures.class);

  private CallFailures() {}

  static ModelOutcome.Failure unreachable(RuntimeException e, String threadId) {
    LOG.warn("model call of thread {} failed: {}", threadId, e.toString());
    Throwable cause = e.getCause() == null ? e : e.getCause();
    return new ModelOutcome.Failure(
        "io_error",
        "could not reach the model endpoint: " + cause.getClass().getSimpleName(),
        true);
  }

  static ModelOutcome.Failure failed(RuntimeException e, String threadId) {
    LOG.warn("model call of thread {} failed", threadId, e);
    return new ModelOutcome.Failure(
        "provider_error", "the model call failed: " + e.getClass().getSimpleName(), false);
  }
}
