package dev.threadline.executor.consume;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What an executor does with an {@link Error} that reaches one of its lanes — the heap exhausted, a
 * class that would not link, an internal failure of the JVM: the process can no longer be trusted
 * to serve, and a lane that swallowed the error would stay dead (or never commit again) while the
 * process looked alive. So the error is logged and the process halts with {@link #EXIT_STATUS}, for
 * its orchestrator to start a fresh one; requests in flight were never committed and are
 * redelivered. One policy for the whole process, like an uncaught-exception handler: tests replace
 * it with {@link #onFatal}.
 */
public final class FatalErrors {
  private static final Logger log = LoggerFactory.getLogger(FatalErrors.class);

  /** The status the process exits with (EX_SOFTWARE). */
  public static final int EXIT_STATUS = 70;

  /** What is done with a fatal error. */
  @FunctionalInterface
  public interface Response {
    void fatal(String where, Error error);
  }

  private static final Response HALT =
      (where, error) -> {
        log.error("{}: {}; the executor halts so that it is restarted", where, error, error);
        Runtime.getRuntime().halt(EXIT_STATUS);
      };

  private static volatile Response response = HALT;

  private FatalErrors() {}

  /** Ends the process for {@code error}, met at {@code where} (or does what tests set). */
  public static void fatal(String where, Error error) {
    response.fatal(where, error);
  }

  /** Replaces what {@link #fatal} does (tests); {@code null} halts again. */
  public static void onFatal(Response replacement) {
    response = replacement == null ? HALT : replacement;
  }

  /**
   * Whether {@code error}, thrown by one call a tool or a model client made, spoils the whole
   * process rather than the call: the JVM's own failures, but for a call that recursed too deep
   * (its stack is its own).
   */
  public static boolean spoilsTheProcess(Throwable error) {
    return error instanceof VirtualMachineError && !(error instanceof StackOverflowError);
  }
}
