package dev.threadline.step;

import dev.threadline.avro.TenantUsage;
import dev.threadline.topics.GlobalStoreLoader;
import dev.threadline.topics.PatientDecoder;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.streams.processor.api.Record;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Fills the global store of tenants' model usage per partition ({@code tenant/partition} → {@code
 * TenantUsage}) from {@code tenant-usage}, which the projector publishes. An unreadable record is
 * skipped and logged — the budgets it informs are soft ones — and a registry outage is waited out
 * ({@link PatientDecoder}).
 */
final class TenantUsageLoader extends GlobalStoreLoader<TenantUsage, TenantUsage> {
  private static final Logger log = LoggerFactory.getLogger(TenantUsageLoader.class);

  TenantUsageLoader(Deserializer<TenantUsage> deserializer) {
    super(deserializer, StoreNames.TENANT_USAGE);
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
