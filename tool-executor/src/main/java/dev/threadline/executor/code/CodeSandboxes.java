package dev.threadline.executor.code;

/**
 * The executor's one {@link CodeSandbox}, made on first use: its engine takes a second or two to
 * start, which an executor that never runs code should not pay.
 */
public final class CodeSandboxes {
  private static volatile CodeSandbox shared;

  private CodeSandboxes() {}

  public static CodeSandbox shared() {
    CodeSandbox sandbox = shared;
    if (sandbox == null) {
      synchronized (CodeSandboxes.class) {
        if (shared == null) {
          shared = new CodeSandbox(SandboxLimits.defaults());
        }
        sandbox = shared;
      }
    }
    return sandbox;
  }
}
