package dev.threadline.projector;

import dev.threadline.avro.ModelCallCompleted;
import dev.threadline.avro.TenantUsage;
import dev.threadline.avro.ThreadEvent;
import dev.threadline.avro.store.ThreadSummary;
import dev.threadline.config.ModelProfiles;
import dev.threadline.config.UsageWindows;
import dev.threadline.keys.TenantPartitionKeys;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashSet;
import java.util.Set;
import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * After {@link EventProjector} has applied a completed model call, adds it and its tokens to its
 * tenant's counts for the clock hour and its cost (at the operator's price for the thread's model;
 * none set: nothing) to the tenant's spend for the UTC day, in this partition; each {@link
 * #PUBLISH_EVERY} it publishes the tenants whose sums changed to {@code tenant-usage} ({@code
 * tenant/partition}, compacted): the step processor holds tenants to their token and spend budgets
 * with the sums. The store commits with the event's offset (exactly-once), so a replayed event is
 * not counted twice. The sums are absolute, so publishing only the last of several changes loses
 * nothing, and publishing one again changes nothing: a task publishes every tenant it holds as it
 * starts, which also sends what a crash kept from being published after its store committed.
 */
final class TenantUsagePublisher implements Processor<String, LoggedEvent, String, TenantUsage> {
  /**
   * How often the changed sums are published. One record per call was a record per step, which
   * every projector's global copy and every step processor read again; readers see the sums only
   * once the projector commits (its commit interval, 1 s) anyway.
   */
  static final Duration PUBLISH_EVERY = Duration.ofMillis(250);

  private static final double MICROS = 1_000_000;
  private final ModelProfiles prices;
  private ProcessorContext<String, TenantUsage> context;
  private KeyValueStore<String, TenantUsage> usage;
  private KeyValueStore<String, ThreadSummary> summaries;

  /** Tenants whose sums changed since they were last published (bounded by the store's tenants). */
  private final Set<String> changed = new LinkedHashSet<>();

  TenantUsagePublisher(ModelProfiles prices) {
    this.prices = prices;
  }

  @Override
  public void init(ProcessorContext<String, TenantUsage> context) {
    this.context = context;
    this.usage = context.getStateStore(ProjectorStores.TENANT_USAGE);
    this.summaries = context.getStateStore(ProjectorStores.SUMMARIES);
    try (var all = usage.all()) {
      all.forEachRemaining(entry -> changed.add(entry.key));
    }
    context.schedule(PUBLISH_EVERY, PunctuationType.WALL_CLOCK_TIME, this::publishChanged);
  }

  @Override
  public void process(Record<String, LoggedEvent> record) {
    if (record.value() == null
        || !(record.value().event().getPayload() instanceof ModelCallCompleted completed)) {
      return;
    }
    ThreadEvent event = record.value().event();
    long input = completed.getUsage().getInputTokens();
    long output = completed.getUsage().getOutputTokens();
    ThreadSummary thread = summaries.get(event.getThreadId());
    long microUsd =
        prices
            .price(thread == null ? null : thread.getCurrentModel())
            .map(
                p ->
                    Math.round(
                        p.of(
                                input,
                                output,
                                completed.getUsage().getCacheReadTokens(),
                                completed.getUsage().getCacheWriteTokens())
                            * MICROS))
            .orElse(0L);
    TenantUsage next = added(usage.get(event.getTenantId()), event, input + output, microUsd);
    usage.put(event.getTenantId(), next);
    changed.add(event.getTenantId());
  }

  private void publishChanged(long now) {
    for (String tenant : changed) {
      TenantUsage current = usage.get(tenant);
      if (current != null) {
        context.forward(
            new Record<>(
                TenantPartitionKeys.of(current.getTenantId(), current.getPartition()),
                current,
                now));
      }
    }
    changed.clear();
  }

  /**
   * {@code before} with a call's tokens and cost added, each to a new window if its one ended; a
   * call of a window already over (a late event) is not added to the one that is current.
   */
  private TenantUsage added(TenantUsage before, ThreadEvent event, long tokens, long microUsd) {
    Instant at = event.getTimestamp();
    Window hour =
        before == null
            ? new Window(UsageWindows.hourOf(at), tokens)
            : new Window(before.getHourStart(), before.getHourTokens())
                .plus(UsageWindows.hourOf(at), tokens);
    Window calls =
        before == null
            ? new Window(UsageWindows.hourOf(at), 1)
            : new Window(before.getHourStart(), before.getHourCalls())
                .plus(UsageWindows.hourOf(at), 1);
    Window day =
        before == null
            ? new Window(UsageWindows.dayOf(at), microUsd)
            : new Window(before.getDayStart(), before.getDayMicroUsd())
                .plus(UsageWindows.dayOf(at), microUsd);
    return new TenantUsage(
        event.getTenantId(),
        context.taskId().partition(),
        hour.start(),
        hour.count(),
        calls.count(),
        day.start(),
        day.count(),
        at);
  }

  /** A count in the window that starts at {@code start}. */
  private record Window(Instant start, long count) {
    /**
     * With {@code more} counted in window {@code of}: a later one starts anew, an earlier is over.
     */
    Window plus(Instant of, long more) {
      if (of.isAfter(start)) {
        return new Window(of, more);
      }
      return of.equals(start) ? new Window(start, count + more) : this;
    }
  }
}
