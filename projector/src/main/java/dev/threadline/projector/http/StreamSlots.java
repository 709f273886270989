package dev.threadline.projector.http;

import java.util.HashMap;
import java.util.Map;

/**
 * How many live streams (SSE) an instance serves at once: at most {@code perTenant} for one tenant
 * and {@code total} in all. A stream is held open for as long as its client wants, each on its own
 * thread with a subscription to the live feed — without a cap, one tenant opening streams without
 * end would take the instance from every other. Beyond a cap: 429 with {@code Retry-After}.
 */
final class StreamSlots {
  /** A slot taken; closing it gives it back. */
  interface Slot extends AutoCloseable {
    @Override
    void close();
  }

  private final int perTenant;
  private final int total;
  private final Map<String, Integer> open = new HashMap<>();
  private int all;

  StreamSlots(int perTenant, int total) {
    if (perTenant < 1 || total < 1) {
      throw new IllegalArgumentException("stream caps must be 1 or more");
    }
    this.perTenant = perTenant;
    this.total = total;
  }

  /** A slot for one of {@code tenant}'s streams, or a 429 {@link Problem}. */
  synchronized Slot take(String tenant) {
    int mine = open.getOrDefault(tenant, 0);
    if (mine >= perTenant) {
      throw tooMany(
          "you have "
              + mine
              + " live streams open here, the most one tenant may"
              + " (threadline.projector.live.streams.per.tenant); close one first");
    }
    if (all >= total) {
      throw tooMany(
          "this instance serves "
              + all
              + " live streams, the most it may"
              + " (threadline.projector.live.streams.total); retry shortly");
    }
    open.put(tenant, mine + 1);
    all++;
    return new Slot() {
      private boolean closed;

      @Override
      public void close() {
        synchronized (StreamSlots.this) {
          if (!closed) {
            closed = true;
            all--;
            open.merge(tenant, -1, Integer::sum);
            open.remove(tenant, 0);
          }
        }
      }
    };
  }

  synchronized int open(String tenant) {
    return open.getOrDefault(tenant, 0);
  }

  private static Problem tooMany(String detail) {
    return new Problem(429, "Too many live streams", detail, 5);
  }
}
