package dev.threadline.executor.tools;

/** Tools whose every call throws: how a tool's failures reach its result. */
final class ThrowingTool {
  private ThrowingTool() {}

  /** A tool named {@code name} whose calls throw {@code thrown}, unchecked or an error. */
  static Tool of(String name, Throwable thrown) {
    return Tools.of(
        name,
        "throws " + thrown,
        (context, args) -> {
          if (thrown instanceof Error error) {
            throw error;
          }
          throw (RuntimeException) thrown;
        });
  }
}
