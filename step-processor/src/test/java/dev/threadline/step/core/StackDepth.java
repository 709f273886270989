package dev.threadline.step.core;

import java.util.concurrent.atomic.AtomicReference;

/** Runs work on a thread with a small stack, so that recursion per item fails a test at once. */
public final class StackDepth {
  /** Far less than a stream thread has; enough for any work that does not recurse per item. */
  static final long SMALL_STACK = 256 * 1024;

  private StackDepth() {}

  /** What {@code work} threw, or null. */
  public static Throwable onASmallStack(Runnable work) throws InterruptedException {
    AtomicReference<Throwable> failure = new AtomicReference<>();
    Thread thread =
        new Thread(
            null,
            () -> {
              try {
                work.run();
              } catch (Throwable t) {
                failure.set(t);
              }
            },
            "small-stack",
            SMALL_STACK);
    thread.start();
    thread.join();
    return failure.get();
  }
}
