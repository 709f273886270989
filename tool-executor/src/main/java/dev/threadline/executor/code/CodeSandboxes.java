package dev.threadline.executor.code;

/**
 * The executor's one {@link CodeSandbox}, made on first use: its engine takes a second or two to
 * start, which an executor that never runs code should not pay.
 */
public final class CodeSandboxes {
  private static volatile CodeSandbox shared;
  private static volatile SandboxLimits limits = SandboxLimits.defaults();

  private CodeSandboxes() {}

  /** The limits the sandbox is made with ({@code threadline.code.*}); before its first use. */
  public static void configure(SandboxLimits configured) {
    limits = configured;
  }

  public static CodeSandbox shared() {
    CodeSandbox sandbox = shared;
    if (sandbox == null) {
      synchronized (CodeSandboxes.class) {
        if (shared == null) {
          shared = new CodeSandbox(limits);
        }
        sandbox = shared;
      }
    }
    return sandbox;
  }
}
