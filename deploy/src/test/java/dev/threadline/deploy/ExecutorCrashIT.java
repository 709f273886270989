package dev.threadline.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.threadline.avro.AgentDefinition;
import dev.threadline.avro.AgentTool;
import dev.threadline.avro.ContextConfig;
import dev.threadline.avro.CreateThread;
import dev.threadline.avro.ModelSpec;
import dev.threadline.avro.Permission;
import dev.threadline.avro.ResultIgnored;
import dev.threadline.avro.StopConfig;
import dev.threadline.avro.ThreadCommand;
import dev.threadline.avro.ThreadEvent;
import dev.threadline.avro.ThreadGroup;
import dev.threadline.avro.ToolCallCompleted;
import dev.threadline.avro.TurnCompleted;
import dev.threadline.executor.Executor;
import dev.threadline.executor.ExecutorSettings;
import dev.threadline.executor.model.ModelProviders;
import dev.threadline.executor.model.ScriptedProvider;
import dev.threadline.executor.tools.Tool;
import dev.threadline.executor.tools.ToolRegistry;
import dev.threadline.executor.tools.Tools;
import dev.threadline.kafka.TopicProvisioner;
import dev.threadline.step.StepProcessorApp;
import dev.threadline.step.StepSettings;
import dev.threadline.step.StepTopology;
import dev.threadline.testkit.Await;
import dev.threadline.testkit.ThreadlineCluster;
import dev.threadline.topics.CommandEnvelope;
import dev.threadline.topics.SerdeFactory;
import dev.threadline.topics.Topics;
import dev.threadline.topics.TopicsConfig;
import dev.threadline.topics.UserMessages;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.streams.KafkaStreams;
import org.junit.jupiter.api.Test;

/**
 * An executor dies in the middle of a tool call: the request is redelivered to the next instance,
 * the dead one's late ("zombie") result also arrives, and the step processor accepts exactly one.
 */
class ExecutorCrashIT {
  private static final ThreadlineCluster cluster = ThreadlineCluster.shared();
  private static final ObjectMapper JSON = new ObjectMapper();
  private final CountDownLatch firstCallStarted = new CountDownLatch(1);
  private final CountDownLatch release = new CountDownLatch(1);
  private final List<String> calls = new CopyOnWriteArrayList<>();

  private final Tool slow =
      Tools.of(
          "slow",
          "blocks until released",
          (c, args) -> {
            calls.add(c.requestId());
            firstCallStarted.countDown();
            release.await(30, TimeUnit.SECONDS);
            return "{\"done\":true}";
          });

  @Test
  void aConsumerKilledMidRequestLeadsToARedeliveryAndExactlyOneAcceptedResult() throws Exception {
    Pipeline pipeline = Pipeline.provision("crash-it");
    Topics topics = pipeline.topics();
    List<ThreadEvent> events = new CopyOnWriteArrayList<>();
    var readingEvents = new java.util.concurrent.atomic.AtomicBoolean(true);
    Thread reader =
        Thread.ofPlatform().daemon().start(() -> readEvents(topics, events, readingEvents));
    ExecutorSettings executorSettings =
        ExecutorSettings.from(
            Map.of("threadline.executor.group.id", "crash-it-executor"), Map.of());
    try (KafkaStreams streams = pipeline.stepProcessor();
        var producer = cluster.rawProducer()) {
      pipeline.start(streams, producer);
      Executor first = executor(topics, executorSettings).start();
      startThread(producer, topics, "t-crash");

      assertThat(firstCallStarted.await(60, TimeUnit.SECONDS)).as("the tool call started").isTrue();
      first.crash();
      Executor second = executor(topics, executorSettings).start();
      release.countDown();

      await(
          () ->
              events.stream().anyMatch(e -> e.getPayload() instanceof TurnCompleted) ? true : null,
          "the turn to complete");
      await(() -> calls.size() >= 2 ? true : null, "the redelivered call");
      String requestId = calls.getFirst();
      await(
          () ->
              events.stream()
                      .anyMatch(
                          e ->
                              e.getPayload() instanceof ResultIgnored r
                                  && r.getRequestId().equals(requestId))
                  ? true
                  : null,
          "the second result to be ignored");

      assertThat(calls).containsExactly(requestId, requestId);
      assertThat(events).filteredOn(e -> e.getPayload() instanceof ToolCallCompleted).hasSize(1);
      assertThat(
              ((TurnCompleted)
                      events.stream()
                          .filter(e -> e.getPayload() instanceof TurnCompleted)
                          .findFirst()
                          .orElseThrow()
                          .getPayload())
                  .getReason())
          .isEqualTo("response");
      second.close();
      first.close();
    } finally {
      readingEvents.set(false);
      reader.join(5_000);
    }
  }

  /**
   * A static member closed on purpose (a pod replaced in a rollout) leaves the group, so another
   * instance takes its lanes at once; by default a static member keeps them for its whole session,
   * here a minute.
   */
  @Test
  void anInstanceClosedOnPurposeHandsItsLanesOverWithoutWaitingOutItsSession() throws Exception {
    Pipeline pipeline = Pipeline.provision("leave-it");
    Topics topics = pipeline.topics();
    Map<String, String> common =
        Map.of(
            "threadline.executor.group.id", "leave-it-executor",
            "threadline.executor.session.timeout.ms", "60000");
    Map<String, String> firstSettings = new HashMap<>(common);
    firstSettings.put("threadline.executor.instance.id", "executor-a");
    Map<String, String> secondSettings = new HashMap<>(common);
    secondSettings.put("threadline.executor.instance.id", "executor-b");
    List<ThreadEvent> events = new CopyOnWriteArrayList<>();
    var readingEvents = new java.util.concurrent.atomic.AtomicBoolean(true);
    Thread reader =
        Thread.ofPlatform().daemon().start(() -> readEvents(topics, events, readingEvents));
    release.countDown(); // the slow tool answers at once here
    try (KafkaStreams streams = pipeline.stepProcessor();
        var producer = cluster.rawProducer()) {
      pipeline.start(streams, producer);
      Executor first = executor(topics, ExecutorSettings.from(firstSettings, Map.of())).start();
      startThread(producer, topics, "t-first");
      awaitTurn(events, "t-first", "the first instance's turn");
      first.close();
      long closedAt = System.nanoTime();
      Executor second = executor(topics, ExecutorSettings.from(secondSettings, Map.of())).start();
      startThread(producer, topics, "t-second");

      awaitTurn(events, "t-second", "the turn on the second instance");
      assertThat(Duration.ofNanos(System.nanoTime() - closedAt))
          .as("the lanes were handed over before the closed member's session (60 s) ran out")
          .isLessThan(Duration.ofSeconds(45));
      second.close();
    } finally {
      readingEvents.set(false);
      reader.join(5_000);
    }
  }

  /** Topics of their own, provisioned on the shared cluster, and a step processor for them. */
  private record Pipeline(Map<String, String> settings, SerdeFactory serdes, Topics topics) {
    static Pipeline provision(String name) throws Exception {
      Map<String, String> settings = cluster.pipelineSettings(name, 2);
      SerdeFactory serdes = new SerdeFactory(new HashMap<>(settings));
      Topics topics = new Topics(TopicsConfig.from(settings), serdes);
      cluster.withAdmin(admin -> TopicProvisioner.provision(admin, topics));
      return new Pipeline(settings, serdes, topics);
    }

    KafkaStreams stepProcessor() {
      return new KafkaStreams(
          StepTopology.build(topics, serdes, StepSettings.from(settings)),
          StepProcessorApp.streamsConfig(settings, topics));
    }

    /** Starts {@code streams} and registers the tests' agent. */
    void start(KafkaStreams streams, KafkaProducer<byte[], byte[]> producer) throws Exception {
      streams.start();
      send(
          producer,
          topics.agentDefinitions().name(),
          "acme/crashy",
          topics.agentDefinitions().serialize(agent()));
    }
  }

  /** Creates thread {@code threadId} of the tests' agent and sends it "go". */
  private static void startThread(
      KafkaProducer<byte[], byte[]> producer, Topics topics, String threadId) throws Exception {
    command(
        producer,
        topics,
        threadId,
        "-create",
        CreateThread.newBuilder().setAgentName("crashy").setMetadata(Map.of()).build());
    command(producer, topics, threadId, "-go", UserMessages.text("go"));
  }

  private static void command(
      KafkaProducer<byte[], byte[]> producer,
      Topics topics,
      String threadId,
      String idSuffix,
      Object payload)
      throws Exception {
    ThreadCommand command =
        CommandEnvelope.of(threadId + idSuffix, "acme", threadId, Instant.now(), payload);
    send(
        producer,
        topics.threadCommands().name(),
        threadId,
        topics.threadCommands().serialize(command));
  }

  private static void awaitTurn(List<ThreadEvent> events, String threadId, String what)
      throws InterruptedException {
    await(
        () ->
            events.stream()
                    .anyMatch(
                        e ->
                            e.getThreadId().equals(threadId)
                                && e.getPayload() instanceof TurnCompleted)
                ? true
                : null,
        what);
  }

  private Executor executor(Topics topics, ExecutorSettings s) {
    return new Executor(
        cluster.bootstrapServers(),
        topics,
        s,
        new ModelProviders(List.of(new ScriptedProvider())),
        new ToolRegistry(List.of(slow)),
        Clock.systemUTC());
  }

  private static AgentDefinition agent() {
    return AgentDefinition.newBuilder()
        .setName("crashy")
        .setTenantId("acme")
        .setModel(
            new ModelSpec(
                "scripted",
                null,
                "{\"provider\":\"scripted\",\"script\":[{\"toolCalls\":[{\"name\":\"slow\",\"arguments\":{}}]},{\"text\":\"done\"}]}"))
        .setSystemPrompt("")
        .setTools(new ArrayList<>(List.of(new AgentTool("slow", Permission.ALLOW, null, null))))
        .setSubagents(new ArrayList<>())
        .setStop(new StopConfig(true, null, 10, null))
        .setGroup(ThreadGroup.TASK)
        .setContext(new ContextConfig(null, null))
        .setUpdatedAt(Instant.now())
        .build();
  }

  private static void send(
      KafkaProducer<byte[], byte[]> producer, String topic, String key, byte[] value)
      throws Exception {
    producer.send(new ProducerRecord<>(topic, key.getBytes(StandardCharsets.UTF_8), value)).get();
  }

  private static void readEvents(
      Topics topics, List<ThreadEvent> events, java.util.concurrent.atomic.AtomicBoolean reading) {
    try (var consumer =
        cluster.committedReader(
            "crash-it-events", new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
      consumer.subscribe(List.of(topics.threadEvents().name()));
      while (reading.get()) {
        consumer
            .poll(Duration.ofMillis(50))
            .forEach(r -> events.add(topics.threadEvents().deserialize(r.value())));
      }
    }
  }

  private static <T> T await(java.util.function.Supplier<T> probe, String what)
      throws InterruptedException {
    return Await.value(probe, what, Duration.ofSeconds(60));
  }
}
