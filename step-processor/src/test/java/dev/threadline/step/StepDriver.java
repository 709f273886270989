package dev.threadline.step;

import dev.threadline.avro.AgentDefinition;
import dev.threadline.avro.ModelRequest;
import dev.threadline.avro.ModelResult;
import dev.threadline.avro.ThreadCommand;
import dev.threadline.avro.ThreadEvent;
import dev.threadline.avro.ThreadGroup;
import dev.threadline.avro.ToolRequest;
import dev.threadline.avro.ToolResult;
import dev.threadline.avro.store.ThreadStateValue;
import dev.threadline.serde.InMemorySchemaRegistryClient;
import dev.threadline.testkit.ScratchDirs;
import dev.threadline.topics.ModelContexts;
import dev.threadline.topics.SerdeFactory;
import dev.threadline.topics.TopicDescriptor;
import dev.threadline.topics.Topics;
import dev.threadline.topics.TopicsConfig;
import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.test.TestRecord;

/** The production topology under {@link TopologyTestDriver}, with typed topics. */
final class StepDriver implements AutoCloseable {
  final InMemorySchemaRegistryClient registry = new InMemorySchemaRegistryClient();
  final SerdeFactory serdes = new SerdeFactory(Map.of(), registry);
  final Topics topics = new Topics(TopicsConfig.defaults(), serdes);
  final TopologyTestDriver driver;
  final TestInputTopic<String, ThreadCommand> commands;
  final TestInputTopic<byte[], byte[]> rawCommands;
  final TestInputTopic<String, ModelResult> modelResults;
  final TestInputTopic<String, ToolResult> toolResults;
  final TestInputTopic<String, AgentDefinition> agents;
  final TestOutputTopic<String, ThreadEvent> events;
  final Map<ThreadGroup, TestOutputTopic<String, ModelRequest>> modelRequests =
      new EnumMap<>(ThreadGroup.class);

  /** The task lane's tool requests: the lane of the fixtures' agents ({@link Fixtures#agent}). */
  final TestOutputTopic<String, ToolRequest> toolRequests;

  final Map<ThreadGroup, TestOutputTopic<String, ToolRequest>> toolLanes =
      new EnumMap<>(ThreadGroup.class);
  final TestOutputTopic<byte[], byte[]> deadLetters;

  /** What an executor keeps of the contexts it served. */
  final ModelContexts executorContexts = new ModelContexts(Long.MAX_VALUE);

  StepDriver() {
    this(StepSettings.defaults());
  }

  StepDriver(StepSettings settings) {
    this(settings, java.util.function.UnaryOperator.identity());
  }

  /** A driver whose decision of an input {@code when} matches runs {@code failure} instead. */
  static StepDriver failingOn(
      java.util.function.Predicate<dev.threadline.step.core.Input> when, Runnable failure) {
    return new StepDriver(
        StepSettings.defaults(),
        decider ->
            (state, input, tenant) -> {
              if (when.test(input)) {
                failure.run();
              }
              return decider.decide(state, input, tenant);
            });
  }

  /** The production topology, its decisions made through {@code around} (to inject failures). */
  StepDriver(StepSettings settings, java.util.function.UnaryOperator<Decider> around) {
    this(settings, around, Map.of());
  }

  /** ... and with {@code overrides} of the Streams configuration. */
  StepDriver(
      StepSettings settings,
      java.util.function.UnaryOperator<Decider> around,
      Map<String, Object> overrides) {
    this(settings, around, overrides, io.opentelemetry.api.OpenTelemetry.noop());
  }

  /** A driver whose spans go to {@code telemetry}. */
  static StepDriver traced(io.opentelemetry.api.OpenTelemetry telemetry) {
    return new StepDriver(
        StepSettings.defaults(), java.util.function.UnaryOperator.identity(), Map.of(), telemetry);
  }

  private StepDriver(
      StepSettings settings,
      java.util.function.UnaryOperator<Decider> around,
      Map<String, Object> overrides,
      io.opentelemetry.api.OpenTelemetry telemetry) {
    String stateDir;
    stateDir = ScratchDirs.create("step-ttd-").toString();
    var config =
        StepProcessorApp.streamsConfig(
            Map.of(
                "bootstrap.servers",
                "ttd:9092",
                "schema.registry.url",
                "in-memory",
                "threadline.step.state.dir",
                stateDir),
            topics);
    config.putAll(overrides);
    driver =
        new TopologyTestDriver(
            StepTopology.build(topics, serdes, settings, around, telemetry), config, Fixtures.T0);
    var str = Serdes.String();
    commands = input(topics.threadCommands());
    rawCommands =
        driver.createInputTopic(
            topics.threadCommands().name(),
            Serdes.ByteArray().serializer(),
            Serdes.ByteArray().serializer());
    modelResults = input(topics.modelResults());
    toolResults = input(topics.toolResults());
    agents = input(topics.agentDefinitions());
    events =
        driver.createOutputTopic(
            topics.threadEvents().name(),
            str.deserializer(),
            topics.threadEvents().valueSerde().deserializer());
    for (ThreadGroup lane : ThreadGroup.values()) {
      var t = topics.modelRequests(lane);
      modelRequests.put(
          lane,
          driver.createOutputTopic(t.name(), str.deserializer(), t.valueSerde().deserializer()));
    }
    for (ThreadGroup lane : ThreadGroup.values()) {
      var t = topics.toolRequests(lane);
      toolLanes.put(
          lane,
          driver.createOutputTopic(t.name(), str.deserializer(), t.valueSerde().deserializer()));
    }
    toolRequests = toolLanes.get(ThreadGroup.TASK);
    deadLetters =
        driver.createOutputTopic(
            topics.deadLetters().name(),
            Serdes.ByteArray().deserializer(),
            Serdes.ByteArray().deserializer());
  }

  void agent(AgentDefinition definition) {
    agents.pipeInput(definition.getTenantId() + "/" + definition.getName(), definition);
  }

  /** A topic to pipe values into, serialized as its descriptor says. */
  <V> TestInputTopic<String, V> input(TopicDescriptor<String, V> topic) {
    return driver.createInputTopic(
        topic.name(), Serdes.String().serializer(), topic.valueSerde().serializer());
  }

  void command(ThreadCommand c) {
    commands.pipeInput(c.getThreadId(), c);
  }

  /**
   * The next task-lane model request with its whole context, rebuilt as an executor would (requests
   * after a thread's first usually reuse what the previous one carried).
   */
  ModelRequest nextModelRequest() {
    return whole(nextRawModelRequest());
  }

  /** The next task-lane model request as the step processor sent it. */
  ModelRequest nextRawModelRequest() {
    return modelRequests.get(ThreadGroup.TASK).readValue();
  }

  /** {@code request} with its whole context, as {@link #executorContexts} rebuilds it. */
  ModelRequest whole(ModelRequest request) {
    return switch (executorContexts.resolve(request)) {
      case ModelContexts.Whole w ->
          ModelRequest.newBuilder(request).setMessages(w.messages()).setReuse(null).build();
      case ModelContexts.Missing m ->
          throw new AssertionError("an executor could not rebuild the context: " + m.reason());
    };
  }

  List<ThreadEvent> drainEvents() {
    return events.readValuesToList();
  }

  /** Thread {@code threadId} of a helper agent (20 steps), created and sent {@code text}. */
  void startThread(String threadId, String text) {
    agent(Fixtures.agent("helper", 20));
    command(Fixtures.create("c-create-" + threadId, threadId, "helper"));
    command(Fixtures.message("c-msg-" + threadId, threadId, text));
  }

  /** The one event written since the last drain (fails unless there is exactly one). */
  ThreadEvent onlyEvent() {
    List<ThreadEvent> drained = drainEvents();
    org.assertj.core.api.Assertions.assertThat(drained).hasSize(1);
    return drained.getFirst();
  }

  /** The one payload of type {@code type} among the events drained now. */
  <P> P onlyPayload(Class<P> type) {
    List<ThreadEvent> drained = drainEvents();
    List<P> payloads =
        drained.stream()
            .map(ThreadEvent::getPayload)
            .filter(type::isInstance)
            .map(type::cast)
            .toList();
    org.assertj.core.api.Assertions.assertThat(payloads).as("%s in %s", type, drained).hasSize(1);
    return payloads.getFirst();
  }

  void answer(ModelRequest r, String text, dev.threadline.avro.ToolCall... calls) {
    modelResults.pipeInput(
        r.getThreadId(),
        Fixtures.reply(r.getThreadId(), r.getRequestId(), r.getEpoch(), text, calls));
  }

  void answer(ToolRequest r, String output) {
    answer(r, output, List.of());
  }

  /** The tool's answer, with the thread writes ({@code effects}) it asks for. */
  void answer(ToolRequest r, String output, List<dev.threadline.avro.ToolEffect> effects) {
    var result =
        Fixtures.toolResult(r.getThreadId(), r.getRequestId(), r.getEpoch(), r.getCallId(), output);
    result.setEffects(new java.util.ArrayList<>(effects));
    toolResults.pipeInput(r.getThreadId(), result);
  }

  void advance(Duration d) {
    driver.advanceWallClockTime(d);
  }

  KeyValueStore<String, ThreadStateValue> stateStore() {
    return driver.getKeyValueStore(StoreNames.THREAD_STATE);
  }

  <V> KeyValueStore<String, V> store(String name) {
    return driver.getKeyValueStore(name);
  }

  List<TestRecord<byte[], byte[]>> drainDeadLetters() {
    return deadLetters.readRecordsToList();
  }

  @Override
  public void close() {
    driver.close();
  }
}
