package dev.threadline.topics;

import dev.threadline.avro.TenantUsage;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.streams.processor.api.Record;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Fills a global store of tenants' model usage per partition ({@code tenant/partition} → {@code
 * TenantUsage}) from {@code tenant-usage}, which the projector publishes (the step processor's, for
 * the budgets; the projector's own, for {@code /v1/usage}). An unreadable record is skipped and
 * logged — the budgets it informs are soft ones — and a registry outage is waited out ({@link
 * PatientDecoder}).
 */
public final class TenantUsageLoader extends GlobalStoreLoader<TenantUsage, TenantUsage> {
  private static final Logger log = LoggerFactory.getLogger(TenantUsageLoader.class);

  /** Into global store {@code storeName}. */
  public TenantUsageLoader(Deserializer<TenantUsage> deserializer, String storeName) {
    super(deserializer, storeName);
  }

  @Override
  protected TenantUsage stored(TenantUsage decoded) {
    return decoded;
  }

  @Override
  protected void skip(Record<String, byte[]> record, RuntimeException e) {
    log.error("skipping an unreadable tenant usage '{}': {}", record.key(), e.getMessage());
  }
}
