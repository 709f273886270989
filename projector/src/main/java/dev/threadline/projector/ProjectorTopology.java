package dev.threadline.projector;

import dev.threadline.avro.ContentDelta;
import dev.threadline.avro.ThreadEvent;
import dev.threadline.config.ModelProfiles;
import dev.threadline.projector.store.StoreItemLoader;
import dev.threadline.projector.store.StoreSweeper;
import dev.threadline.topics.SerdeFactory;
import dev.threadline.topics.TenantUsageLoader;
import dev.threadline.topics.TopicDescriptor;
import dev.threadline.topics.Topics;
import dev.threadline.traces.Tracing;
import io.opentelemetry.api.OpenTelemetry;
import java.time.Duration;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.processor.StateStore;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.StoreBuilder;
import org.apache.kafka.streams.state.Stores;

/**
 * {@code thread-events} → {@link EventProjector} (summaries, timeline, stats; then live
 * subscribers; then the tenants' thread counts and model usage) and {@code thread-deltas} → live
 * subscribers. Both sources sit in one sub-topology (the delta processor is connected to the
 * summaries store), so a thread's events and deltas are processed by the same task and reach the
 * instance that serves its stream.
 */
public final class ProjectorTopology {
  static final String EVENTS_SOURCE = "thread-events-source";
  static final String DELTAS_SOURCE = "thread-deltas-source";
  static final String EVENT_PROJECTOR = "event-projector";
  static final String DELTA_FORWARDER = "delta-forwarder";
  static final String LIVE_THREADS = "live-threads-publisher";
  static final String TENANT_USAGE = "tenant-usage-publisher";
  static final String STORE_SWEEPER = "store-sweeper";

  private ProjectorTopology() {}

  /**
   * A store of threads' content, its changelog compacted as soon as {@code thread-data-keys} is, so
   * a forgotten thread's summary, values and env leave the brokers' disks too.
   */
  private static <S extends StateStore> StoreBuilder<S> erasing(
      Topics topics, StoreBuilder<S> store) {
    return store.withLoggingEnabled(topics.config().erasingCompaction());
  }

  /**
   * {@code events} reads {@code thread-events}: an {@link
   * dev.threadline.sealing.UnsealingDeserializer} when events are sealed, so every view — and the
   * timeline store, which keeps the log's bytes as they are — sees them opened.
   */
  public static Topology build(
      Topics topics,
      SerdeFactory serdes,
      LiveFeed feed,
      Duration statsRetention,
      ModelProfiles prices,
      OpenTelemetry telemetry,
      Deserializer<ThreadEvent> events) {
    Topology topology = new Topology();
    // The event projector keeps the timeline as a read-only store of thread-events: the log
    // itself, not a changelog copy of it, is what the timeline is restored from.
    topology.addReadOnlyStateStore(
        ProjectorStores.timeline(events, topics.threadEvents().name()),
        EVENTS_SOURCE,
        Serdes.String().deserializer(),
        LoggedEvent.deserializer(events),
        topics.threadEvents().name(),
        EVENT_PROJECTOR,
        () -> new EventProjector(feed, statsRetention, telemetry.getTracer(Tracing.SCOPE)));
    topology.addSource(
        DELTAS_SOURCE,
        Serdes.String().deserializer(),
        topics.threadDeltas().valueSerde().deserializer(),
        topics.threadDeltas().name());
    topology.addProcessor(DELTA_FORWARDER, () -> new DeltaForwarder(feed), DELTAS_SOURCE);
    topology.addStateStore(
        erasing(topics, ProjectorStores.summaries(serdes)), EVENT_PROJECTOR, DELTA_FORWARDER);
    topology.addStateStore(ProjectorStores.stats(serdes), EVENT_PROJECTOR);
    topology.addStateStore(erasing(topics, ProjectorStores.values()), EVENT_PROJECTOR);
    topology.addStateStore(erasing(topics, ProjectorStores.effects()), EVENT_PROJECTOR);
    topology.addStateStore(erasing(topics, ProjectorStores.tenantCrons()), EVENT_PROJECTOR);
    topology.addStateStore(erasing(topics, ProjectorStores.env()), EVENT_PROJECTOR);
    topology.addStateStore(erasing(topics, ProjectorStores.variables()), EVENT_PROJECTOR);
    topology.addStateStore(erasing(topics, ProjectorStores.edits()), EVENT_PROJECTOR);
    topology.addStateStore(erasing(topics, ProjectorStores.branches()), EVENT_PROJECTOR);
    topology.addStateStore(ProjectorStores.tenantThreads(), EVENT_PROJECTOR);
    topology.addStateStore(ProjectorStores.tenantTags(), EVENT_PROJECTOR);
    topology.addStateStore(erasing(topics, ProjectorStores.runs(serdes)), EVENT_PROJECTOR);
    topology.addStateStore(erasing(topics, ProjectorStores.openRuns()), EVENT_PROJECTOR);
    // Added after the event projector, so it sees each event once the counts include it.
    topology.addProcessor(LIVE_THREADS, LiveThreadsPublisher::new, EVENTS_SOURCE);
    topology.addStateStore(ProjectorStores.tenantCounts(), EVENT_PROJECTOR, LIVE_THREADS);
    topology.addStateStore(ProjectorStores.tenantBytes(), EVENT_PROJECTOR, LIVE_THREADS);
    sink(topology, topics.tenantThreads(), LIVE_THREADS);
    // Also after the event projector: the thread's summary names the model of the call.
    topology.addProcessor(TENANT_USAGE, () -> new TenantUsagePublisher(prices), EVENTS_SOURCE);
    topology.addStateStore(ProjectorStores.tenantUsage(serdes), TENANT_USAGE);
    topology.connectProcessorAndStateStores(TENANT_USAGE, ProjectorStores.SUMMARIES);
    sink(topology, topics.tenantUsage(), TENANT_USAGE);
    addUsageTotals(topology, topics);
    addStoreItems(topology, topics);
    return topology;
  }

  /**
   * Every tenant's store items as a global store, and the sweeper that deletes the expired ones:
   * fed the events only to run in a task (that of partition 0), it writes tombstones to the topic.
   */
  private static void addStoreItems(Topology topology, Topics topics) {
    topology.addGlobalStore(
        ProjectorStores.storeItems(topics),
        "store-items-source",
        Serdes.String().deserializer(),
        Serdes.ByteArray().deserializer(),
        topics.storeItems().name(),
        "store-items-loader",
        () ->
            new StoreItemLoader(
                topics.storeItems().valueSerde().deserializer(), ProjectorStores.STORE_ITEMS));
    topology.addProcessor(
        STORE_SWEEPER, () -> new StoreSweeper(ProjectorStores.STORE_ITEMS), EVENTS_SOURCE);
    sink(topology, topics.storeItems(), STORE_SWEEPER);
  }

  /**
   * What the usage publishers of every instance published, as a global table (in memory, restored
   * from the topic at start): any instance answers a tenant's usage over all partitions. The source
   * hands the loader raw bytes, so no record and no registry outage can stop the global thread.
   */
  private static void addUsageTotals(Topology topology, Topics topics) {
    topology.addGlobalStore(
        Stores.keyValueStoreBuilder(
                Stores.inMemoryKeyValueStore(ProjectorStores.USAGE_TOTALS),
                Serdes.String(),
                topics.tenantUsage().valueSerde())
            .withLoggingDisabled(),
        "tenant-usage-totals-source",
        Serdes.String().deserializer(),
        Serdes.ByteArray().deserializer(),
        topics.tenantUsage().name(),
        "tenant-usage-totals-loader",
        () ->
            new TenantUsageLoader(
                topics.tenantUsage().valueSerde().deserializer(), ProjectorStores.USAGE_TOTALS));
  }

  /** {@code parent}'s records to {@code topic}, by a sink named after the topic. */
  private static void sink(Topology topology, TopicDescriptor<String, ?> topic, String parent) {
    topology.addSink(
        topic.name() + "-sink",
        topic.name(),
        Serdes.String().serializer(),
        topic.valueSerde().serializer(),
        parent);
  }

  /** Content deltas go to live subscribers only; they are not canonical and not stored. */
  static final class DeltaForwarder implements Processor<String, ContentDelta, Void, Void> {
    private final LiveFeed feed;

    DeltaForwarder(LiveFeed feed) {
      this.feed = feed;
    }

    @Override
    public void init(ProcessorContext<Void, Void> context) {}

    @Override
    public void process(Record<String, ContentDelta> record) {
      if (record.value() != null) {
        feed.publish(record.value());
      }
    }
  }
}
