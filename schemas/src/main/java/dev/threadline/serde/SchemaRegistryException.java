package dev.threadline.serde;

import org.apache.kafka.common.errors.SerializationException;

/**
 * The schema registry refused or failed a request. The message names the operation, the subject or
 * schema id, the registry URL, the HTTP status and the registry's own error code and text.
 */
public class SchemaRegistryException extends SerializationException {
  private static final long serialVersionUID = 1L;
  private final int httpStatus;
  private final int errorCode;

  public SchemaRegistryException(String message, int httpStatus, int errorCode, Throwable cause) {
    super(message, cause);
    this.httpStatus = httpStatus;
    this.errorCode = errorCode;
  }

  /** HTTP status of the registry's answer, or -1 when it could not be reached. */
  public int httpStatus() {
    return httpStatus;
  }

  /**
   * Confluent error code (e.g. 40401 subject not found, 40403 schema not found, 409 incompatible).
   */
  public int errorCode() {
    return errorCode;
  }

  public boolean isNotFound() {
    return httpStatus == 404;
  }

  /**
   * Whether the registry was out of reach or failing (unreachable, timed out, 408, 429, 5xx) rather
   * than answering: worth a retry later, never a reason to give up on the record.
   */
  public boolean isOutage() {
    return httpStatus == -1 || httpStatus == 408 || httpStatus == 429 || httpStatus >= 500;
  }

  /** Whether {@code failure} or one of its causes is a registry {@linkplain #isOutage outage}. */
  public static boolean isOutage(Throwable failure) {
    for (Throwable t = failure; t != null; t = t.getCause()) {
      if (t instanceof SchemaRegistryException e && e.isOutage()) {
        return true;
      }
      if (t.getCause() == t) {
        break;
      }
    }
    return false;
  }
}
