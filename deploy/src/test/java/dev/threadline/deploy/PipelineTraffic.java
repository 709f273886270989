package dev.threadline.deploy;

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
import dev.threadline.executor.tools.Tool;
import dev.threadline.executor.tools.ToolRegistry;
import dev.threadline.kafka.TopicProvisioner;
import dev.threadline.testkit.ThreadlineCluster;
import dev.threadline.topics.CommandEnvelope;
import dev.threadline.topics.SerdeFactory;
import dev.threadline.topics.Topics;
import dev.threadline.topics.TopicsConfig;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/**
 * What the in-process pipeline tests do around the services they run on the shared cluster: the
 * topics provisioned, agents and commands written as the ingest would (tenant acme), and what
 * transactions committed to the events and model results read back on a background thread.
 */
final class PipelineTraffic implements AutoCloseable {
  static final ThreadlineCluster cluster = ThreadlineCluster.shared();

  final Map<String, String> settings;
  final SerdeFactory serdes;
  final Topics topics;
  final List<ThreadEvent> events = new CopyOnWriteArrayList<>();
  final List<ModelResult> modelResults = new CopyOnWriteArrayList<>();

  private final KafkaProducer<byte[], byte[]> producer = cluster.rawProducer();
  private volatile boolean reading = true;
  private Thread reader;

  /**
   * {@code settings} ({@link ThreadlineCluster#pipelineSettings}) with their topics provisioned.
   */
  PipelineTraffic(Map<String, String> settings) throws Exception {
    this.settings = settings;
    this.serdes = new SerdeFactory(new HashMap<>(settings));
    this.topics = new Topics(TopicsConfig.from(settings), serdes);
    cluster.withAdmin(admin -> TopicProvisioner.provision(admin, topics));
  }

  /** Starts reading the committed events and model results, in consumer group {@code group}. */
  PipelineTraffic read(String group) {
    reader = Thread.ofPlatform().daemon().start(() -> readCommitted(group));
    return this;
  }

  /** Writes agent {@code name}'s {@code definition} (its serialized Avro) for tenant acme. */
  void agent(String name, byte[] definition) throws Exception {
    send(topics.agentDefinitions().name(), "acme/" + name, definition);
  }

  /** Writes command {@code payload} of thread {@code threadId}, tenant acme. */
  void command(String commandId, String threadId, Object payload) throws Exception {
    ThreadCommand c = CommandEnvelope.of(commandId, "acme", threadId, Instant.now(), payload);
    send(topics.threadCommands().name(), threadId, topics.threadCommands().serialize(c));
  }

  /**
   * An executor with the scripted model, which tells {@code seen} of each request it is asked, and
   * {@code tools}; not started.
   */
  Executor executor(Consumer<ModelRequest> seen, Tool... tools) {
    ModelProvider scripted = new ScriptedProvider();
    ModelProvider recording =
        new ModelProvider() {
          @Override
          public String name() {
            return "scripted";
          }

          @Override
          public ModelOutcome complete(ModelRequest request, DeltaSink deltas) {
            seen.accept(request);
            return scripted.complete(request, deltas);
          }
        };
    return new Executor(
        cluster.bootstrapServers(),
        topics,
        ExecutorSettings.from(settings, Map.of()),
        new ModelProviders(List.of(recording)),
        new ToolRegistry(List.of(tools)),
        Clock.systemUTC());
  }

  /** The first turn's end, or null before it. */
  TurnCompleted turnCompleted() {
    return events.stream()
        .filter(e -> e.getPayload() instanceof TurnCompleted)
        .map(e -> (TurnCompleted) e.getPayload())
        .findFirst()
        .orElse(null);
  }

  /** Waits until {@code condition} holds; fails naming {@code what} after {@code timeout}. */
  static void await(Supplier<Boolean> condition, String what, Duration timeout)
      throws InterruptedException {
    dev.threadline.testkit.Await.until(condition::get, what, timeout);
  }

  private void send(String topic, String key, byte[] value) throws Exception {
    producer.send(new ProducerRecord<>(topic, key.getBytes(StandardCharsets.UTF_8), value)).get();
  }

  private void readCommitted(String group) {
    try (var consumer =
        cluster.committedReader(group, new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
      consumer.subscribe(List.of(topics.threadEvents().name(), topics.modelResults().name()));
      while (reading) {
        for (var r : consumer.poll(Duration.ofMillis(50))) {
          if (r.topic().equals(topics.threadEvents().name())) {
            events.add(topics.threadEvents().deserialize(r.value()));
          } else {
            modelResults.add(topics.modelResults().deserialize(r.value()));
          }
        }
      }
    }
  }

  @Override
  public void close() {
    reading = false;
    if (reader != null) {
      try {
        reader.join(5_000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    producer.close();
  }
}
