package dev.threadline.step;

/**
 * An output an input asks for cannot be written — a record over the size limit, an attachment that
 * cannot be copied — so the input fails, whole, with this reason.
 */
final class CannotCarryOut extends RuntimeException {
  private static final long serialVersionUID = 1L;

  CannotCarryOut(String reason, Throwable cause) {
    super(reason, cause);
  }
}
