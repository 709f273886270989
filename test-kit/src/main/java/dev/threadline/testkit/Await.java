package dev.threadline.testkit;

import java.time.Duration;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/** Waits for a condition with a deadline, never for a time that assumes the machine's speed. */
public final class Await {
  private Await() {}

  /** Returns once {@code condition} holds; fails naming {@code what} after {@code timeout}. */
  public static void until(BooleanSupplier condition, String what, Duration timeout)
      throws InterruptedException {
    value(() -> condition.getAsBoolean() ? Boolean.TRUE : null, what, timeout);
  }

  /** The first non-null value of {@code probe}; fails naming {@code what} after {@code timeout}. */
  public static <T> T value(Supplier<T> probe, String what, Duration timeout)
      throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (true) {
      T value = probe.get();
      if (value != null) {
        return value;
      }
      if (System.nanoTime() > deadline) {
        throw new AssertionError("timed out waiting for " + what);
      }
      Thread.sleep(20);
    }
  }
}
