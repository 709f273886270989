package dev.threadline.step;

import dev.threadline.avro.TenantUsage;
import dev.threadline.config.UsageWindows;
import dev.threadline.keys.TenantPartitionKeys;
import dev.threadline.step.core.Input;
import dev.threadline.step.core.TenantLoad;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * What the shell tells the machine of a thread's tenant ({@link TenantLoad}): its running threads
 * and its model usage this hour and day, each the sum over the partitions the projector counted
 * them in (global stores fed by {@code tenant-thread-counts} and {@code tenant-usage}). A usage
 * record of an earlier hour or day counts nothing: that window is over.
 */
final class TenantMeters {
  private static final int HOUR_START = 0;
  private static final int HOUR_TOKENS = 1;
  private static final int DAY_START = 2;
  private static final int DAY_MICRO_USD = 3;
  private static final int HOUR_CALLS = 4;

  private final KeyValueStore<String, Long> running;
  private final KeyValueStore<String, List<Long>> usage;

  TenantMeters(ProcessorContext<?, ?> context) {
    this.running = context.getStateStore(StoreNames.TENANT_THREADS);
    this.usage = context.getStateStore(StoreNames.TENANT_USAGE);
  }

  /** How the usage store keeps its numbers. */
  @SuppressWarnings("unchecked") // ArrayList.class is the class of every ArrayList<Long>
  static Serde<List<Long>> usageSerde() {
    Class<ArrayList<Long>> type = (Class<ArrayList<Long>>) (Class<?>) ArrayList.class;
    return Serdes.ListSerde(type, Serdes.Long());
  }

  /** What the usage store keeps of a published record. */
  static List<Long> usage(TenantUsage u) {
    List<Long> kept = new ArrayList<>(5);
    kept.add(u.getHourStart().toEpochMilli());
    kept.add(u.getHourTokens());
    kept.add(u.getDayStart().toEpochMilli());
    kept.add(u.getDayMicroUsd());
    kept.add(u.getHourCalls());
    return kept;
  }

  /**
   * The load of {@code tenant} for {@code input} at its time: running threads only for a command
   * that may start a turn (the quota's business), usage for every input (any may lead to a model
   * call); nothing when the tenant is not known.
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
    long hour = UsageWindows.hourOf(input.at()).toEpochMilli();
    long day = UsageWindows.dayOf(input.at()).toEpochMilli();
    long tokens = 0;
    long calls = 0;
    long microUsd = 0;
    try (KeyValueIterator<String, List<Long>> it = range(usage, tenant)) {
      while (it.hasNext()) {
        List<Long> u = it.next().value;
        tokens += u.get(HOUR_START) == hour ? u.get(HOUR_TOKENS) : 0;
        calls += u.get(HOUR_START) == hour ? u.get(HOUR_CALLS) : 0;
        microUsd += u.get(DAY_START) == day ? u.get(DAY_MICRO_USD) : 0;
      }
    }
    return new TenantLoad(threads, tokens, calls, microUsd);
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
