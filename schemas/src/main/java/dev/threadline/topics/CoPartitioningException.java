package dev.threadline.topics;

/** Thread-keyed topics are missing or differ in partition count; the service must not start. */
public class CoPartitioningException extends IllegalStateException {
  private static final long serialVersionUID = 1L;

  public CoPartitioningException(String message) {
    super(message);
  }
}
