package dev.threadline.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.avro.CreateThread;
import dev.threadline.avro.ModelCallFailed;
import dev.threadline.avro.ModelError;
import dev.threadline.avro.ModelRequest;
import dev.threadline.avro.ModelResult;
import dev.threadline.avro.ThreadCommand;
import dev.threadline.avro.ThreadEvent;
import dev.threadline.avro.TurnCompleted;
import dev.threadline.executor.Executor;
import dev.threadline.executor.ExecutorSettings;
import dev.threadline.executor.model.DeltaSink;
import dev.threadline.executor.model.ModelOutcome;
import dev.threadline.executor.model.ModelProvider;
import dev.threadline.executor.model.ModelProviders;
import dev.threadline.executor.model.ScriptedProvider;
import dev.threadline.executor.tools.ToolRegistry;
import dev.threadline.executor.tools.builtin.EchoTool;
import dev.threadline.step.StepProcessorApp;
import dev.threadline.step.StepSettings;
import dev.threadline.step.StepTopology;
import dev.threadline.testkit.ThreadlineCluster;
import dev.threadline.topics.CommandEnvelope;
import dev.threadline.topics.ContextDigest;
import dev.threadline.topics.SerdeFactory;
import dev.threadline.topics.TopicProvisioner;
import dev.threadline.topics.Topics;
import dev.threadline.topics.TopicsConfig;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Supplier;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.streams.KafkaStreams;
import org.junit.jupiter.api.Test;

/**
 * Incremental model requests through the real step processor and executor on a real broker: a
 * thread of {@value #STEPS} steps whose executor is replaced by a fresh one (an empty context
 * cache) half-way. The new executor cannot serve the next request's reuse, answers {@code
 * context_missing}, gets that request whole and the thread finishes; the model saw every message of
 * the context at every step, and no model error reached the thread.
 */
class IncrementalRequestsIT {
  private static final ThreadlineCluster cluster = ThreadlineCluster.shared();
  private static final int STEPS = 30;

  /** Context sizes the model saw, by model call of the turn. */
  private final Map<Integer, Integer> contextSizes = new ConcurrentHashMap<>();

  private final List<ThreadEvent> events = new CopyOnWriteArrayList<>();
  private final List<ModelResult> results = new CopyOnWriteArrayList<>();
  private volatile boolean reading = true;

  @Test
  void aThreadWhoseExecutorRestartsMidwayFinishesOnWholeContexts() throws Exception {
    Map<String, String> settings = cluster.pipelineSettings("incr-it", 2);
    SerdeFactory serdes = new SerdeFactory(new HashMap<>(settings));
    Topics topics = new Topics(TopicsConfig.from(settings), serdes);
    cluster.withAdmin(admin -> TopicProvisioner.provision(admin, topics));
    Thread reader = Thread.ofPlatform().daemon().start(() -> read(topics));
    KafkaStreams steps =
        new KafkaStreams(
            StepTopology.build(topics, serdes, StepSettings.from(settings)),
            StepProcessorApp.streamsConfig(settings, topics));
    Executor executor = executor(topics, settings).start();
    try (var producer = producer()) {
      steps.start();
      await(() -> steps.state() == KafkaStreams.State.RUNNING, "the step processor to run");
      send(
          producer,
          topics.agentDefinitions().name(),
          "acme/long",
          ScriptedAgents.agent(topics, "long", script(), STEPS + 10, true));
      send(
          producer,
          topics,
          command(
              "c-1", CreateThread.newBuilder().setAgentName("long").setMetadata(Map.of()).build()));
      send(producer, topics, command("c-2", ScriptedAgents.message("work through it")));

      await(() -> contextSizes.size() >= STEPS / 2, "half of the steps");
      executor.close();
      executor = executor(topics, settings).start();

      await(() -> turnCompleted() != null, "the turn to complete");
    } finally {
      executor.close();
      steps.close(Duration.ofSeconds(10));
      reading = false;
      reader.join(5_000);
    }

    assertThat(turnCompleted().getSteps()).isEqualTo(STEPS);
    assertThat(events).noneMatch(e -> e.getPayload() instanceof ModelCallFailed);
    assertThat(results)
        .filteredOn(
            r ->
                r.getOutcome() instanceof ModelError e && e.getCode().equals(ContextDigest.MISSING))
        .as("the fresh executor did not hold the context its first request reused")
        .isNotEmpty();
    // The user's message, then per step the assistant's call and the tool's result; from the
    // second call on also a working-set summary: the model saw the whole context every time.
    assertThat(contextSizes).containsEntry(1, 1);
    for (int call = 2; call <= STEPS; call++) {
      assertThat(contextSizes).containsEntry(call, 2 + 2 * (call - 1));
    }
  }

  private TurnCompleted turnCompleted() {
    return events.stream()
        .filter(e -> e.getPayload() instanceof TurnCompleted)
        .map(e -> (TurnCompleted) e.getPayload())
        .findFirst()
        .orElse(null);
  }

  private Executor executor(Topics topics, Map<String, String> settings) {
    ModelProvider scripted = new ScriptedProvider();
    ModelProvider recording =
        new ModelProvider() {
          @Override
          public String name() {
            return "scripted";
          }

          @Override
          public ModelOutcome complete(ModelRequest request, DeltaSink deltas) {
            contextSizes.put(request.getTurnCall(), request.getMessages().size());
            return scripted.complete(request, deltas);
          }
        };
    return new Executor(
        cluster.bootstrapServers(),
        topics,
        ExecutorSettings.from(settings, Map.of()),
        new ModelProviders(List.of(recording)),
        new ToolRegistry(List.of(new EchoTool())),
        Clock.systemUTC());
  }

  private static String script() {
    StringBuilder script = new StringBuilder("{\"provider\":\"scripted\",\"script\":[");
    for (int i = 1; i < STEPS; i++) {
      script.append("{\"toolCalls\":[{\"name\":\"echo\",\"arguments\":{\"n\":").append(i);
      script.append("}}]},");
    }
    script.append("{\"text\":\"done\"}]}");
    return script.toString();
  }

  private static ThreadCommand command(String id, Object payload) {
    return CommandEnvelope.of(id, "acme", "t-long", Instant.now(), payload);
  }

  private void read(Topics topics) {
    try (var consumer =
        cluster.committedReader(
            "incr-it-reader", new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
      consumer.subscribe(List.of(topics.threadEvents().name(), topics.modelResults().name()));
      while (reading) {
        for (var r : consumer.poll(Duration.ofMillis(50))) {
          if (r.topic().equals(topics.threadEvents().name())) {
            events.add(topics.threadEvents().deserialize(r.value()));
          } else {
            results.add(topics.modelResults().deserialize(r.value()));
          }
        }
      }
    }
  }

  private static KafkaProducer<byte[], byte[]> producer() {
    return cluster.rawProducer();
  }

  private static void send(KafkaProducer<byte[], byte[]> producer, Topics topics, ThreadCommand c)
      throws Exception {
    String topic = topics.threadCommands().name();
    send(producer, topic, c.getThreadId(), topics.threadCommands().serialize(c));
  }

  private static void send(
      KafkaProducer<byte[], byte[]> producer, String topic, String key, byte[] value)
      throws Exception {
    producer.send(new ProducerRecord<>(topic, key.getBytes(StandardCharsets.UTF_8), value)).get();
  }

  private static void await(Supplier<Boolean> condition, String what) throws InterruptedException {
    long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
    while (System.nanoTime() < deadline) {
      if (condition.get()) {
        return;
      }
      Thread.sleep(20);
    }
    throw new AssertionError("timed out waiting for " + what);
  }
}
