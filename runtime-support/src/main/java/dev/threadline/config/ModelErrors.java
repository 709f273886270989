package dev.threadline.config;

/** Model error codes the executor and the step processor both act on. */
public final class ModelErrors {
  /**
   * The provider refused the call because its context is longer than the model takes (OpenAI's own
   * code for it): the step processor compacts the window and calls again, once.
   */
  public static final String CONTEXT_TOO_LONG = "context_length_exceeded";

  private ModelErrors() {}
}
