package dev.threadline.config;

import java.util.HashMap;
import java.util.Map;

/**
 * How many long-held requests (live streams, waits for a run) a service holds open at once: at most
 * {@code perTenant} for one tenant and {@code total} in all. Each holds a connection and a thread
 * for as long as its client wants — without a cap, one tenant opening them without end would take
 * the service from every other. Past a cap {@link #take} throws {@link Full}, naming the setting;
 * the service answers 429.
 */
public final class OpenSlots {
  /** A slot taken; closing it (once or more) gives it back. */
  public interface Slot extends AutoCloseable {
    @Override
    void close();
  }

  /** No slot is free: the message says which cap, by its setting. */
  public static final class Full extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Full(String message) {
      super(message);
    }
  }

  private final int perTenant;
  private final int total;
  private final String perTenantSetting;
  private final String totalSetting;
  private final Map<String, Integer> open = new HashMap<>();
  private int all;

  /** Caps named by their settings, which a refusal names. */
  public OpenSlots(int perTenant, int total, String perTenantSetting, String totalSetting) {
    if (perTenant < 1 || total < 1) {
      throw new IllegalArgumentException(
          perTenantSetting + " and " + totalSetting + " must be 1 or more");
    }
    this.perTenant = perTenant;
    this.total = total;
    this.perTenantSetting = perTenantSetting;
    this.totalSetting = totalSetting;
  }

  /** A slot for one of {@code tenant}'s long requests. */
  public synchronized Slot take(String tenant) {
    int mine = open.getOrDefault(tenant, 0);
    if (mine >= perTenant) {
      throw new Full(
          "you have "
              + mine
              + " open here, the most one tenant may ("
              + perTenantSetting
              + "); close one first");
    }
    if (all >= total) {
      throw new Full(
          "this instance holds " + all + " open, the most it may (" + totalSetting + "); retry");
    }
    open.put(tenant, mine + 1);
    all++;
    return new Slot() {
      private boolean closed;

      @Override
      public void close() {
        synchronized (OpenSlots.this) {
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

  /** How many of {@code tenant}'s are open. */
  public synchronized int open(String tenant) {
    return open.getOrDefault(tenant, 0);
  }
}
