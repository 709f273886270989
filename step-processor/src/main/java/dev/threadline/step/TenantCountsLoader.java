package dev.threadline.step;

import dev.threadline.avro.TenantThreads;
import dev.threadline.topics.GlobalStoreLoader;
import dev.threadline.topics.PatientDecoder;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.streams.processor.api.Record;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Fills the global store of running threads per tenant and partition ({@code tenant/partition} →
 * running) from {@code tenant-thread-counts}, which the projector publishes. An unreadable record
 * is skipped and logged — the quota it would have informed is a soft one — and a registry outage is
 * waited out ({@link PatientDecoder}).
 */
final class TenantCountsLoader extends GlobalStoreLoader<TenantThreads, Long> {
  private static final Logger log = LoggerFactory.getLogger(TenantCountsLoader.class);

  TenantCountsLoader(Deserializer<TenantThreads> deserializer) {
    super(deserializer, StoreNames.TENANT_THREADS);
  }

  @Override
  protected Long stored(TenantThreads decoded) {
    return decoded.getRunning();
  }

  @Override
  protected void skip(Record<String, byte[]> record, RuntimeException e) {
    log.error("skipping an unreadable tenant thread count '{}': {}", record.key(), e.getMessage());
  }
}
