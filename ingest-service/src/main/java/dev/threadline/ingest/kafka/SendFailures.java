package dev.threadline.ingest.kafka;

import dev.threadline.ingest.Problem;
import dev.threadline.serde.SchemaRegistryException;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.common.errors.ApiException;
import org.apache.kafka.common.errors.RecordTooLargeException;
import org.apache.kafka.common.errors.RetriableException;

/**
 * What a caller is told when a command could not be published, by what is known of its fate:
 * refused before it was sent (nothing was written), too large for the event log (413), or sent with
 * no answer in time — it may have been written, so the caller retries with the same {@code
 * Idempotency-Key} and the step processor applies it once.
 */
final class SendFailures {
  static final String UNKNOWN_OUTCOME =
      "the event log did not confirm the command in time, so it may or may not have been written:"
          + " retry with the same Idempotency-Key (a command is applied once per key; without one,"
          + " a retry may apply it twice)";

  private SendFailures() {}

  /** A command that could not be encoded: the registry out of reach is a 503 worth retrying. */
  static RuntimeException encoding(RuntimeException failure) {
    if (SchemaRegistryException.isOutage(failure)) {
      return Problem.unavailable(
          "the schema registry is not reachable right now; nothing was written, retry later");
    }
    return failure;
  }

  /** A send the broker did not confirm. */
  static Problem.Failure sending(Throwable failure) {
    Throwable cause =
        failure instanceof ExecutionException && failure.getCause() != null
            ? failure.getCause()
            : failure;
    if (cause instanceof RecordTooLargeException) {
      return Problem.tooLarge(
          "body",
          "the command is too large for the event log ("
              + cause.getMessage()
              + "); nothing was written");
    }
    if (cause instanceof ApiException && !(cause instanceof RetriableException)) {
      return Problem.unavailable(
          "the event log refused the command ("
              + cause.getClass().getSimpleName()
              + "); nothing was written, retry later");
    }
    return Problem.unavailable(UNKNOWN_OUTCOME);
  }
}
