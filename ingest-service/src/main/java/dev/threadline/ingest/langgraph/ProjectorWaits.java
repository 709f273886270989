package dev.threadline.ingest.langgraph;

import dev.threadline.ingest.Problem;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * A write answered once the projector shows it: what the write changed is read again every 50 ms
 * until it shows, and past the deadline the answer is a 503 saying what was sent and not yet seen.
 */
final class ProjectorWaits {
  private ProjectorWaits() {}

  /**
   * Until {@code shown} holds; a 503 saying {@code why} once {@code deadline} (nano time) passed.
   */
  static void until(long deadline, BooleanSupplier shown, Supplier<String> why) {
    while (!shown.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw Problem.unavailable(why.get());
      }
      try {
        Thread.sleep(50);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw Problem.unavailable("interrupted while waiting for the projector");
      }
    }
  }
}
