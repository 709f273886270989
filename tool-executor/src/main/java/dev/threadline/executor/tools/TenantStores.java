package dev.threadline.executor.tools;

import dev.threadline.avro.StoreItem;
import dev.threadline.store.StoreLimits;
import java.time.Clock;

/** Makes each call's {@link TenantStore}: its tenant's, writable unless the tool is read-only. */
@FunctionalInterface
public interface TenantStores {
  TenantStore store(String tenant, boolean readOnly);

  TenantStores NONE = (tenant, readOnly) -> TenantStore.NONE;

  /** Where items are written: a tombstone when {@code item} is null. Durable when it returns. */
  @FunctionalInterface
  interface Writer {
    void write(String key, StoreItem item);
  }

  /**
   * What the stores need from the settings: the projector to read from ({@code
   * threadline.projector.url}) with the internal token, and the limits; either missing: {@link
   * #NONE}.
   */
  record Access(String projectorUrl, String token, StoreLimits limits) {
    public TenantStores writingTo(Writer writer, Clock clock) {
      if (projectorUrl == null || projectorUrl.isBlank() || token == null || token.isBlank()) {
        return NONE;
      }
      return (tenant, readOnly) ->
          new ProjectorTenantStore(
              TenantGets.trimmed(projectorUrl),
              new TenantGets(token, tenant),
              limits,
              readOnly ? null : writer,
              clock);
    }
  }
}
