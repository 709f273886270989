package dev.threadline.executor.consume;

import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The records of one topic a {@link LaneWorker} has read and not yet finished, bounded: when none
 * is left the worker pauses that topic's partitions (and only those), and the finish that frees one
 * tells the worker to resume at once rather than after its poll's timeout. Taking never blocks: a
 * poll may return more records than are free, and each one beyond overdraws (its slot is not given
 * back when it finishes), so at most about twice the bound is held.
 */
final class ReadAhead {
  private final Semaphore slots;
  private final AtomicInteger overdrawn = new AtomicInteger();
  private volatile boolean paused;

  ReadAhead(int slots) {
    this.slots = new Semaphore(slots);
  }

  /** A record was read. */
  void take() {
    if (!slots.tryAcquire()) {
      overdrawn.incrementAndGet();
    }
  }

  /** A record finished: true if its topic was paused for want of a slot (wake the poll). */
  boolean giveBack() {
    if (overdrawn.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
      return false;
    }
    slots.release();
    return paused;
  }

  /**
   * Whether the topic is to be paused: true when no slot is free. It is marked paused before the
   * slots are looked at, so a slot freed at the same time either is seen here or wakes the poll.
   */
  boolean pauses() {
    paused = true;
    if (slots.availablePermits() > 0) {
      paused = false;
    }
    return paused;
  }
}
