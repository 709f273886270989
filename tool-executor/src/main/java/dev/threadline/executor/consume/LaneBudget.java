package dev.threadline.executor.consume;

import java.util.HashMap;
import java.util.Map;
import java.util.function.Supplier;

/**
 * How many requests of one lane run at once — and how fairly they are shared between tenants: a
 * tenant may use the whole lane while nobody else waits, but while another tenant waits below its
 * share, a tenant at or above its share ({@code share} of the permits, at least one) waits for the
 * next free permit behind it. So one tenant's burst cannot keep the others out of a lane, and a
 * lone tenant is not held back. Requests wait on their own virtual threads, never the poll thread.
 */
public final class LaneBudget {
  private final int perTenant;
  private int free;
  private final Map<String, Integer> running = new HashMap<>();
  private final Map<String, Integer> waiting = new HashMap<>();

  public LaneBudget(int permits, double share) {
    if (permits < 1 || share <= 0 || share > 1) {
      throw new IllegalArgumentException(
          "a lane needs 1 or more permits and a tenant share in (0, 1]");
    }
    this.free = permits;
    this.perTenant = Math.max(1, (int) Math.ceil(permits * share));
  }

  /** The most requests one tenant runs at once while others wait. */
  public int perTenant() {
    return perTenant;
  }

  /** Runs {@code work} holding one of the lane's permits, taken fairly for {@code tenant}. */
  public <T> T run(String tenant, Supplier<T> work) {
    String who = tenant == null ? "" : tenant;
    acquire(who);
    try {
      return work.get();
    } finally {
      release(who);
    }
  }

  /** Requests of {@code tenant} running now. */
  public synchronized int running(String tenant) {
    return running.getOrDefault(tenant, 0);
  }

  private synchronized void acquire(String tenant) {
    waiting.merge(tenant, 1, Integer::sum);
    boolean interrupted = false;
    while (free == 0 || (running(tenant) >= perTenant && anotherWaitsBelowShare(tenant))) {
      try {
        wait();
      } catch (InterruptedException e) {
        interrupted = true;
      }
    }
    waiting.merge(tenant, -1, Integer::sum);
    waiting.remove(tenant, 0);
    free--;
    running.merge(tenant, 1, Integer::sum);
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }

  private synchronized void release(String tenant) {
    free++;
    running.merge(tenant, -1, Integer::sum);
    running.remove(tenant, 0);
    notifyAll();
  }

  private boolean anotherWaitsBelowShare(String tenant) {
    for (String other : waiting.keySet()) {
      if (!other.equals(tenant) && running(other) < perTenant) {
        return true;
      }
    }
    return false;
  }
}
