package dev.threadline.step;

import dev.threadline.avro.TenantThreads;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Fills the global store of live threads per tenant and partition ({@code tenant/partition} → live)
 * from {@code tenant-thread-counts}, which the projector publishes. An unreadable record is skipped
 * and logged — the quota it would have informed is a soft one — and a registry outage is waited out
 * ({@link PatientDecoder}).
 */
final class TenantCountsLoader implements Processor<String, byte[], Void, Void> {
  private static final Logger log = LoggerFactory.getLogger(TenantCountsLoader.class);
  private final PatientDecoder<TenantThreads> decoder;
  private ProcessorContext<Void, Void> context;
  private KeyValueStore<String, Long> store;

  TenantCountsLoader(Deserializer<TenantThreads> deserializer) {
    this.decoder = new PatientDecoder<>(deserializer);
  }

  @Override
  public void init(ProcessorContext<Void, Void> context) {
    this.context = context;
    this.store = context.getStateStore(StoreNames.TENANT_THREADS);
  }

  @Override
  public void process(Record<String, byte[]> record) {
    if (record.key() == null) {
      return;
    }
    if (record.value() == null) {
      store.delete(record.key());
      return;
    }
    try {
      TenantThreads counts =
          decoder.decode(context.recordMetadata().map(m -> m.topic()).orElse(""), record.value());
      store.put(record.key(), counts.getLive());
    } catch (RuntimeException e) {
      log.error(
          "skipping an unreadable tenant thread count '{}': {}", record.key(), e.getMessage());
    }
  }
}
