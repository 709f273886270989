package dev.threadline.projector;

import dev.threadline.avro.TenantThreads;
import dev.threadline.avro.ThreadCreated;
import dev.threadline.avro.ThreadDeleted;
import dev.threadline.avro.ThreadEvent;
import dev.threadline.avro.ThreadStatusChanged;
import dev.threadline.avro.ThreadTerminated;
import dev.threadline.keys.TenantPartitionKeys;
import java.time.Instant;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * After {@link EventProjector} has applied an event that can change how many threads its tenant has
 * live, running or stored (a thread created, a status changed, a thread deleted), publishes the
 * tenant's counts in this partition to {@code tenant-thread-counts} ({@code tenant/partition},
 * compacted): the ingest and the step processor hold tenants to {@code
 * threadline.limits.threads.per.tenant} running threads with the sum, and the ingest to {@code
 * threadline.limits.threads.stored.per.tenant} stored ones and {@code
 * threadline.limits.threads.bytes.per.tenant} of their events. The bytes go out with the counts, at
 * least once a turn (its start and end change the status). A replayed event republishes the same
 * counts, which changes nothing.
 */
final class LiveThreadsPublisher implements Processor<String, LoggedEvent, String, TenantThreads> {
  private ProcessorContext<String, TenantThreads> context;
  private KeyValueStore<String, Long> counts;
  private KeyValueStore<String, Long> bytes;

  @Override
  public void init(ProcessorContext<String, TenantThreads> context) {
    this.context = context;
    this.counts = context.getStateStore(ProjectorStores.TENANT_COUNTS);
    this.bytes = context.getStateStore(ProjectorStores.TENANT_BYTES);
  }

  @Override
  public void process(Record<String, LoggedEvent> record) {
    if (record.value() == null) {
      return;
    }
    ThreadEvent event = record.value().event();
    if (!(event.getPayload() instanceof ThreadCreated
        || event.getPayload() instanceof ThreadStatusChanged
        || event.getPayload() instanceof ThreadTerminated
        || event.getPayload() instanceof ThreadDeleted)) {
      return;
    }
    String tenant = event.getTenantId();
    int partition = context.taskId().partition();
    context.forward(
        new Record<>(
            TenantPartitionKeys.of(tenant, partition),
            new TenantThreads(
                tenant,
                partition,
                TenantIndexes.live(counts, tenant),
                TenantIndexes.running(counts, tenant),
                TenantIndexes.stored(counts, tenant),
                TenantIndexes.storedBytes(bytes, tenant),
                Instant.ofEpochMilli(record.timestamp())),
            record.timestamp()));
  }
}
