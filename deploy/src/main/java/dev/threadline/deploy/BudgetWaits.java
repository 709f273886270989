package dev.threadline.deploy;

import dev.threadline.avro.BudgetReached;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The first budget a bench's or chaos round's own thread waits for. A waiting thread stays RUNNING
 * and nothing fails, so without this a round would sit until its timeout; the round stops instead,
 * naming the setting (the bench and chaos lift the budgets their rounds reach, unless told a
 * value).
 */
final class BudgetWaits {
  private final AtomicReference<String> first = new AtomicReference<>();

  void seen(String threadId, BudgetReached reached) {
    first.compareAndSet(
        null,
        "thread "
            + threadId
            + " waits for a budget until "
            + reached.getResumesAt()
            + ": "
            + reached.getBudget()
            + " (limit "
            + reached.getLimit()
            + ", used "
            + reached.getUsed()
            + "); raise it with --set "
            + reached.getBudget()
            + "=N");
  }

  /** Throws, naming the budget, once one of the round's threads waits for one. */
  void check() {
    String message = first.get();
    if (message != null) {
      throw new IllegalStateException(message);
    }
  }
}
