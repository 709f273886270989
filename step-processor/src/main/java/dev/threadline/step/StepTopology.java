package dev.threadline.step;

import dev.threadline.avro.AgentDefinition;
import dev.threadline.avro.ThreadCommand;
import dev.threadline.avro.ThreadDataKey;
import dev.threadline.avro.store.CommandSeen;
import dev.threadline.avro.store.EffectRef;
import dev.threadline.avro.store.EffectTimer;
import dev.threadline.avro.store.KvEntry;
import dev.threadline.avro.store.QueuedItem;
import dev.threadline.avro.store.StoredMessage;
import dev.threadline.avro.store.ThreadStateValue;
import dev.threadline.step.core.Enums.Lane;
import dev.threadline.step.core.machine.ThreadMachine;
import dev.threadline.step.mapping.ValueMapping;
import dev.threadline.topics.SerdeFactory;
import dev.threadline.topics.TenantUsageLoader;
import dev.threadline.topics.TopicDescriptor;
import dev.threadline.topics.Topics;
import dev.threadline.traces.Tracing;
import io.opentelemetry.api.OpenTelemetry;
import java.util.Set;
import java.util.function.UnaryOperator;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorSupplier;
import org.apache.kafka.streams.state.KeyValueBytesStoreSupplier;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.StoreBuilder;
import org.apache.kafka.streams.state.Stores;

/**
 * Builds the step processor's production topology. Three co-partitioned sources (commands, model
 * results, tool results) feed one processor, {@value Routes#STEP}, which owns the thread stores and
 * writes to the event, request and dead-letter sinks; agent definitions arrive through a global
 * store. Every node and store has an explicit name.
 */
public final class StepTopology {
  private StepTopology() {}

  public static Topology build(Topics topics, SerdeFactory serdes, StepSettings settings) {
    return build(topics, serdes, settings, OpenTelemetry.noop());
  }

  /** The production topology, its spans made with {@code telemetry}. */
  public static Topology build(
      Topics topics, SerdeFactory serdes, StepSettings settings, OpenTelemetry telemetry) {
    return build(topics, serdes, settings, UnaryOperator.identity(), telemetry);
  }

  /**
   * The production topology, its decisions made through {@code around}: tests inject failures (a
   * decision that fails, an instance that dies between a decision and its commit).
   */
  public static Topology build(
      Topics topics,
      SerdeFactory serdes,
      StepSettings settings,
      UnaryOperator<Decider> around,
      OpenTelemetry telemetry) {
    Topology topology = new Topology();
    addInputs(topology, topics);
    StepSpans spans = new StepSpans(telemetry.getTracer(Tracing.SCOPE));
    addStep(topology, topics, serdes, settings, around, spans);
    addOutputs(topology, topics);
    addAgentDefinitions(topology, topics);
    addTenantThreadCounts(topology, topics);
    addTenantUsage(topology, topics);
    return topology;
  }

  /** The three co-partitioned, thread-keyed inputs. */
  private static void addInputs(Topology topology, Topics topics) {
    source(topology, Routes.COMMANDS_SOURCE, topics.threadCommands());
    source(topology, Routes.MODEL_RESULTS_SOURCE, topics.modelResults());
    source(topology, Routes.TOOL_RESULTS_SOURCE, topics.toolResults());
  }

  /** The one processor, which owns every thread store. */
  private static void addStep(
      Topology topology,
      Topics topics,
      SerdeFactory serdes,
      StepSettings settings,
      UnaryOperator<Decider> around,
      StepSpans spans) {
    ThreadMachine machine =
        new ThreadMachine(settings.machine(), settings.contextPolicy(), System::getenv);
    Decider decider = around.apply(machine::decide);
    Set<StoreBuilder<?>> threadStores =
        Set.of(
            store(StoreNames.THREAD_STATE, topics, serdes, ThreadStateValue.class),
            store(StoreNames.THREAD_AGENT, topics, serdes, AgentDefinition.class),
            store(StoreNames.SHARED_AGENTS, topics, serdes, AgentDefinition.class),
            store(StoreNames.SHARED_AGENT_THREADS, topics, Serdes.Long()),
            store(StoreNames.THREAD_AGENT_REFS, topics, Serdes.String()),
            store(StoreNames.THREAD_MESSAGES, topics, serdes, StoredMessage.class),
            store(StoreNames.THREAD_QUEUE, topics, serdes, QueuedItem.class),
            store(StoreNames.THREAD_KV, topics, serdes, KvEntry.class),
            store(StoreNames.COMMAND_IDS, topics, serdes, CommandSeen.class),
            store(StoreNames.TIMERS, topics, serdes, EffectTimer.class),
            store(StoreNames.EFFECTS, topics, serdes, EffectRef.class),
            store(StoreNames.DATA_KEYS, topics, serdes, ThreadDataKey.class));
    TopicDescriptor<String, ThreadCommand> commands = topics.threadCommands();
    OutputTopics outputs = new OutputTopics(topics, settings.machine().limits());
    ProcessorSupplier<String, Object, Object, Object> step =
        new ProcessorSupplier<>() {
          @Override
          public Processor<String, Object, Object, Object> get() {
            return new ThreadStepProcessor(machine, decider, outputs, commands, settings, spans);
          }

          @Override
          public Set<StoreBuilder<?>> stores() {
            return threadStores;
          }
        };
    topology.addProcessor(
        Routes.STEP,
        step,
        Routes.COMMANDS_SOURCE,
        Routes.MODEL_RESULTS_SOURCE,
        Routes.TOOL_RESULTS_SOURCE);
  }

  /** Events, model and tool requests by lane, commands to other threads, dead letters. */
  private static void addOutputs(Topology topology, Topics topics) {
    sink(topology, Routes.EVENTS_SINK, topics.threadEvents());
    for (Lane lane : Lane.values()) {
      sink(topology, Routes.modelRequestsSink(lane), topics.modelRequests(ValueMapping.lane(lane)));
      sink(topology, Routes.toolRequestsSink(lane), topics.toolRequests(ValueMapping.lane(lane)));
    }
    sink(topology, Routes.COMMANDS_SINK, topics.threadCommands());
    sink(topology, Routes.DATA_KEYS_SINK, topics.threadDataKeys());
    topology.addSink(
        Routes.DEAD_LETTERS_SINK,
        topics.deadLetters().name(),
        Serdes.ByteArray().serializer(),
        Serdes.ByteArray().serializer(),
        Routes.STEP);
  }

  /** The current agent definitions, as a global store every task reads. */
  private static void addAgentDefinitions(Topology topology, Topics topics) {
    addGlobalTable(
        topology,
        Stores.persistentKeyValueStore(StoreNames.AGENTS),
        topics.agentDefinitions().valueSerde(),
        topics.agentDefinitions().name(),
        Routes.AGENTS_SOURCE,
        Routes.AGENTS_LOADER,
        () ->
            new AgentLoader(
                topics.agentDefinitions().valueSerde().deserializer(),
                topics.deadLetters().name()));
  }

  /** Running threads per tenant and partition, as the projector publishes them: for the quota. */
  private static void addTenantThreadCounts(Topology topology, Topics topics) {
    addGlobalTable(
        topology,
        Stores.persistentKeyValueStore(StoreNames.TENANT_THREADS),
        Serdes.Long(),
        topics.tenantThreads().name(),
        Routes.TENANT_THREADS_SOURCE,
        Routes.TENANT_THREADS_LOADER,
        () -> new TenantCountsLoader(topics.tenantThreads().valueSerde().deserializer()));
  }

  /**
   * What each tenant's model calls used this hour and day, per partition, as the projector
   * publishes it: for the tenant budgets. Small (a key per tenant and partition) and read on every
   * step, so it is held in memory and restored from its topic at start.
   */
  private static void addTenantUsage(Topology topology, Topics topics) {
    addGlobalTable(
        topology,
        Stores.inMemoryKeyValueStore(StoreNames.TENANT_USAGE),
        topics.tenantUsage().valueSerde(),
        topics.tenantUsage().name(),
        Routes.TENANT_USAGE_SOURCE,
        Routes.TENANT_USAGE_LOADER,
        () ->
            new TenantUsageLoader(
                topics.tenantUsage().valueSerde().deserializer(), StoreNames.TENANT_USAGE));
  }

  /**
   * A global store of {@code topic}, restored from the topic itself (no changelog of its own). The
   * source hands the loader raw bytes, which it decodes itself, so no record can stop the global
   * thread.
   */
  private static <V> void addGlobalTable(
      Topology topology,
      KeyValueBytesStoreSupplier store,
      Serde<V> values,
      String topic,
      String source,
      String loaderName,
      ProcessorSupplier<String, byte[], Void, Void> loader) {
    topology.addGlobalStore(
        Stores.keyValueStoreBuilder(store, Serdes.String(), values).withLoggingDisabled(),
        source,
        Serdes.String().deserializer(),
        Serdes.ByteArray().deserializer(),
        topic,
        loaderName,
        loader);
  }

  private static void source(Topology topology, String name, TopicDescriptor<String, ?> topic) {
    topology.addSource(
        name, Serdes.String().deserializer(), topic.valueSerde().deserializer(), topic.name());
  }

  /** Values arrive serialized: {@link OutputTopics} measured them first. */
  private static void sink(Topology topology, String name, TopicDescriptor<String, ?> topic) {
    topology.addSink(
        name,
        topic.name(),
        Serdes.String().serializer(),
        Serdes.ByteArray().serializer(),
        Routes.STEP);
  }

  /**
   * A thread store, its changelog compacted as soon as {@code thread-data-keys} is: what a deleted
   * thread held — its messages, key-value store, data key — must not outlive it on the brokers'
   * disks (a changelog created with Kafka's defaults keeps it for a week or more).
   */
  private static <V extends SpecificRecord> StoreBuilder<KeyValueStore<String, V>> store(
      String name, Topics topics, SerdeFactory serdes, Class<V> type) {
    return store(name, topics, serdes.valueSerde(type));
  }

  private static <V> StoreBuilder<KeyValueStore<String, V>> store(
      String name, Topics topics, Serde<V> values) {
    return Stores.keyValueStoreBuilder(
            Stores.persistentKeyValueStore(name), Serdes.String(), values)
        .withLoggingEnabled(topics.config().erasingCompaction());
  }
}
