package dev.threadline.step;

import dev.threadline.avro.TenantUsage;
import dev.threadline.config.UsageTotals;
import dev.threadline.keys.TenantPartitionKeys;
import dev.threadline.step.core.Input;
import dev.threadline.step.core.TenantLoad;
import java.time.Instant;
import java.util.function.Supplier;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * What the shell tells the machine of a thread's tenant ({@link TenantLoad}): its running threads
 * and its model usage this hour and day, each the sum over the partitions the projector counted
 * them in (global stores fed by {@code tenant-thread-counts} and {@code tenant-usage}; {@link
 * UsageTotals}).
 */
final class TenantMeters {
  private final KeyValueStore<String, Long> running;
  private final KeyValueStore<String, TenantUsage> usage;

  TenantMeters(ProcessorContext<?, ?> context) {
    this.running = context.getStateStore(StoreNames.TENANT_THREADS);
    this.usage = context.getStateStore(StoreNames.TENANT_USAGE);
  }

  /**
   * The load of {@code tenant} for {@code input} at its time: running threads only for a command
   * that may start a turn (the quota's business); usage summed only if the decision issues a model
   * call and asks for it; nothing when the tenant is not known.
   */
  TenantLoad load(String tenant, Input input) {
    if (tenant == null) {
      return TenantLoad.NONE;
    }
    boolean startsTurn =
        input instanceof Input.CreateThread
            || input instanceof Input.SendMessage
            || input instanceof Input.QueueTool;
    long threads = startsTurn ? sum(running, tenant) : 0;
    return new TenantLoad(threads, once(() -> usage(tenant, input.at())));
  }

  /** The tenant's model use at {@code at}, summed over every partition. */
  private TenantLoad.Usage usage(String tenant, Instant at) {
    UsageTotals used = UsageTotals.none(at);
    try (KeyValueIterator<String, TenantUsage> it = range(usage, tenant)) {
      while (it.hasNext()) {
        used = used.plus(it.next().value);
      }
    }
    return new TenantLoad.Usage(used.tokens(), used.calls(), used.microUsd());
  }

  /** {@code supplier}'s value, got the first time it is asked for and kept. */
  private static <T> Supplier<T> once(Supplier<T> supplier) {
    return new Supplier<>() {
      private T value;

      @Override
      public T get() {
        if (value == null) {
          value = supplier.get();
        }
        return value;
      }
    };
  }

  private static long sum(KeyValueStore<String, Long> store, String tenant) {
    long total = 0;
    try (KeyValueIterator<String, Long> it = range(store, tenant)) {
      while (it.hasNext()) {
        total += it.next().value;
      }
    }
    return total;
  }

  private static <V> KeyValueIterator<String, V> range(
      KeyValueStore<String, V> store, String tenant) {
    return store.range(TenantPartitionKeys.first(tenant), TenantPartitionKeys.after(tenant));
  }
}
