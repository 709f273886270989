package dev.threadline.executor.code;

import java.util.concurrent.CompletableFuture;

/** A running {@code runCode} call: its result once settled, and a way to stop it. */
public interface CodeExecution {
  /** Settles with the call's outcome; never completes exceptionally. */
  CompletableFuture<CodeResult> result();

  /**
   * Stops the call: it settles {@code terminated} (with {@code reason} in the error's message) at
   * its next yield point, or at once while it waits. Later calls do nothing.
   */
  void terminate(String reason);
}
