package dev.threadline.projector;

import dev.threadline.avro.ThreadDeleted;
import dev.threadline.avro.ThreadEvent;
import dev.threadline.avro.TurnStarted;
import dev.threadline.avro.store.StatsBucket;
import dev.threadline.avro.store.ThreadSummary;
import dev.threadline.logs.LogIds;
import dev.threadline.projector.view.Stats;
import dev.threadline.projector.view.Summaries;
import dev.threadline.traces.KafkaSpans;
import dev.threadline.traces.TraceHeaders;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Scope;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Applies each canonical event to the thread's summary, timeline, values, runs, crons and the
 * stats, then hands it to live subscribers. The stores commit atomically with the input offsets
 * (exactly-once); on top of that an event at or below the summary's {@code lastSeq} was applied
 * before and is skipped entirely, so a duplicate on the input can never be counted twice either.
 */
final class EventProjector implements Processor<String, LoggedEvent, Void, Void> {
  private static final Logger log = LoggerFactory.getLogger(EventProjector.class);
  private final LiveFeed feed;
  private final Duration statsRetention;
  private KeyValueStore<String, ThreadSummary> summaries;
  private KeyValueStore<String, LoggedEvent> timeline;
  private KeyValueStore<String, StatsBucket> stats;
  private ThreadStateFold threadState;
  private RunFold runs;
  private CronFold crons;
  private TenantIndexes indexes;

  private final Tracer tracer;
  private final TurnSpans turnSpans;
  private ProcessorContext<Void, Void> context;

  /**
   * {@code tracer}: each event is projected in a span, a child of the decision that wrote it, and
   * each turn is a span ({@link TurnSpans}).
   */
  EventProjector(LiveFeed feed, Duration statsRetention, Tracer tracer) {
    this.feed = feed;
    this.statsRetention = statsRetention;
    this.tracer = tracer;
    this.turnSpans = new TurnSpans(tracer);
  }

  @Override
  public void init(ProcessorContext<Void, Void> context) {
    this.context = context;
    summaries = context.getStateStore(ProjectorStores.SUMMARIES);
    timeline = context.getStateStore(ProjectorStores.TIMELINE);
    stats = context.getStateStore(ProjectorStores.STATS);
    threadState =
        new ThreadStateFold(
            context.getStateStore(ProjectorStores.VALUES),
            context.getStateStore(ProjectorStores.EFFECTS),
            context.getStateStore(ProjectorStores.ENV),
            context.getStateStore(ProjectorStores.VARIABLES),
            context.getStateStore(ProjectorStores.EDITS),
            context.getStateStore(ProjectorStores.BRANCHES));
    runs =
        new RunFold(
            context.getStateStore(ProjectorStores.RUNS),
            context.getStateStore(ProjectorStores.OPEN_RUNS));
    crons = new CronFold(context.getStateStore(ProjectorStores.TENANT_CRONS));
    indexes =
        new TenantIndexes(
            summaries,
            context.getStateStore(ProjectorStores.TENANT_THREADS),
            context.getStateStore(ProjectorStores.TENANT_TAGS),
            context.getStateStore(ProjectorStores.TENANT_COUNTS),
            context.getStateStore(ProjectorStores.TENANT_BYTES));
    long started = System.nanoTime();
    TenantIndexes.Rebuilt list = indexes.rebuild();
    log.info(
        "task {}: thread list of {} threads made from the summaries in {} ms ({} stale entries"
            + " deleted, {} put)",
        context.taskId(),
        list.threads(),
        (System.nanoTime() - started) / 1_000_000,
        list.deleted(),
        list.put());
    context.schedule(
        Duration.ofMinutes(1), PunctuationType.WALL_CLOCK_TIME, this::expireStatsBefore);
  }

  @Override
  @SuppressWarnings("try") // the span is current for what projecting the event does, not read
  public void process(Record<String, LoggedEvent> record) {
    if (record.value() == null) {
      return;
    }
    ThreadEvent event = record.value().event();
    Span span =
        tracer
            .spanBuilder("project " + event.getPayload().getClass().getSimpleName())
            .setParent(TraceHeaders.extract(record.headers()))
            .setSpanKind(SpanKind.CONSUMER)
            .setAttribute("threadline.thread.id", event.getThreadId())
            .startSpan();
    if (span.isRecording()) {
      context
          .recordMetadata()
          .ifPresent(
              m ->
                  span.setAllAttributes(
                      KafkaSpans.processing(
                          m.topic(),
                          m.partition(),
                          m.offset(),
                          event.getThreadId(),
                          context.applicationId())));
    }
    try (Scope scope = span.makeCurrent();
        LogIds ids = LogIds.ofSpan(span.getSpanContext())) {
      project(record);
    } finally {
      span.end();
    }
  }

  private void project(Record<String, LoggedEvent> record) {
    ThreadEvent event = record.value().event();
    ThreadSummary before = summaries.get(event.getThreadId());
    if (event.getPayload() instanceof ThreadDeleted
        && before != null
        && event.getSeq() > before.getLastSeq()) {
      forget(event.getThreadId(), before);
      feed.publish(event);
      return;
    }
    Summaries.apply(before, event)
        .ifPresent(
            after -> {
              after.setBytes(
                  (before == null ? 0 : before.getBytes()) + record.value().bytes().length);
              timeline.put(
                  ProjectorStores.timelineKey(event.getThreadId(), event.getSeq()), record.value());
              java.time.Instant now = java.time.Instant.ofEpochMilli(context.currentSystemTimeMs());
              ProjectorMeters.observe(before, event, now);
              turnSpans.ended(before, event, now);
              if (event.getPayload() instanceof TurnStarted) {
                after.setTurnTraceparent(TurnSpans.traceparent(record.headers()));
              }
              Stats.of(event, before)
                  .ifPresent(c -> stats.put(c.key(), Stats.add(stats.get(c.key()), c.delta())));
              threadState.apply(event);
              runs.apply(event);
              crons.apply(event);
              summaries.put(event.getThreadId(), after);
              indexes.update(before, after);
              feed.publish(event);
            });
  }

  /**
   * A deleted thread: its summary, timeline, values, effects, env, variables requests and index
   * entry go (the stats keep their counts: they name no thread). Nothing of it is read again.
   */
  private void forget(String threadId, ThreadSummary before) {
    List<String> events = new ArrayList<>();
    try (var range =
        timeline.range(
            ProjectorStores.timelineKey(threadId, 0),
            ProjectorStores.timelineKey(threadId, Long.MAX_VALUE))) {
      range.forEachRemaining(e -> events.add(e.key));
    }
    events.forEach(timeline::delete);
    threadState.forget(threadId);
    runs.forget(threadId);
    crons.forget(before.getTenantId(), threadId);
    summaries.delete(threadId);
    indexes.remove(before);
  }

  /** Drops stats buckets older than the retention (event time against wall-clock time). */
  private void expireStatsBefore(long now) {
    long oldest = Stats.minuteOf(now - statsRetention.toMillis());
    List<String> expired = new ArrayList<>();
    try (var all = stats.all()) {
      all.forEachRemaining(
          entry -> {
            if (Stats.Key.parse(entry.key).minute() < oldest) {
              expired.add(entry.key);
            }
          });
    }
    expired.forEach(stats::delete);
  }
}
