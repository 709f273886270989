package dev.threadline.ingest;

import dev.threadline.avro.AgentDefinition;
import dev.threadline.avro.DefinitionKind;
import dev.threadline.avro.NamedDefinition;
import dev.threadline.avro.ThreadCommand;
import dev.threadline.config.Limits;
import dev.threadline.config.OutageBackoff;
import dev.threadline.keys.AgentKeys;
import dev.threadline.serde.SchemaRegistryException;
import dev.threadline.topics.SerdeFactory;
import dev.threadline.topics.TopicDescriptor;
import dev.threadline.topics.TopicProvisioner;
import dev.threadline.topics.Topics;
import dev.threadline.topics.TopicsConfig;
import dev.threadline.traces.TraceHeaders;
import io.opentelemetry.context.Context;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * The ingest service's side of Kafka: an idempotent, acks=all producer whose sends are awaited (a
 * 202 means the command is durable; a broker that does not answer in time is a 503 with
 * Retry-After, and nothing is half-written), plus a read-only view of the agent definitions kept up
 * to date by a background reader of their compacted topic.
 *
 * <p>There is deliberately no view of which tenant owns which thread: it could only be complete by
 * reading the whole event log at every start and holding every thread ever created, and an
 * incomplete one answers differently for another tenant's thread (known: refused) than for one that
 * does not exist (unknown: accepted), telling a tenant which of another's thread ids exist. The
 * step processor decides both the same way ("unknown thread").
 */
@ApplicationScoped
public class CommandLog {
  private static final Logger log = Logger.getLogger(CommandLog.class);

  private final KafkaConnection kafka;
  private final Topics topics;
  private final Duration sendTimeout;
  private final KafkaProducer<byte[], byte[]> producer;
  private final NamedView<AgentDefinition> agents;
  private final Map<DefinitionKind, NamedView<NamedDefinition>> definitions =
      new java.util.EnumMap<>(DefinitionKind.class);
  private volatile boolean running = true;
  private Thread agentReader;
  private Thread definitionsReader;
  private Thread countsReader;
  private final TenantThreadCounts threadCounts = new TenantThreadCounts();
  private final DefinitionBytes bytes;
  private final IngestTelemetry telemetry;

  public CommandLog(
      KafkaConnection kafka,
      RegistryConnection registry,
      @ConfigProperty(name = "threadline.topic.prefix", defaultValue = "threadline.") String prefix,
      @ConfigProperty(name = "threadline.send.timeout.ms", defaultValue = "5000")
          long sendTimeoutMs,
      Limits limits,
      IngestTelemetry telemetry) {
    this.telemetry = telemetry;
    this.bytes = new DefinitionBytes(limits);
    this.agents =
        new NamedView<>(
            "agent", limits, bytes, AgentDefinition::getTenantId, AgentDefinition::getName);
    for (DefinitionKind kind : DefinitionKind.values()) {
      definitions.put(
          kind,
          new NamedView<>(
              kind.name().toLowerCase(Locale.ROOT),
              limits,
              bytes,
              NamedDefinition::getTenantId,
              NamedDefinition::getName));
    }
    this.kafka = kafka;
    this.topics =
        new Topics(TopicsConfig.withPrefix(prefix), new SerdeFactory(registry.serdeConfig()));
    this.sendTimeout = Duration.ofMillis(sendTimeoutMs);
    Map<String, Object> config = kafka.settings();
    // 202 Accepted means durable: all in-sync replicas have it, written exactly once per send.
    config.put(ProducerConfig.ACKS_CONFIG, "all");
    config.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
    config.put(ProducerConfig.LINGER_MS_CONFIG, 0);
    // Bound every wait so an unreachable broker turns into a prompt 503, not a hung request.
    config.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, sendTimeoutMs);
    config.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, (int) sendTimeoutMs);
    config.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, (int) sendTimeoutMs * 2);
    this.producer =
        new KafkaProducer<>(config, new ByteArraySerializer(), new ByteArraySerializer());
  }

  void start(@Observes StartupEvent event) {
    try (Admin admin = Admin.create(kafka.settings())) {
      TopicProvisioner.verifyCoPartitioned(admin, topics);
    }
    agentReader =
        Thread.ofPlatform()
            .daemon()
            .name("agent-definitions-reader")
            .start(() -> read(topics.agentDefinitions().name(), this::onAgent));
    definitionsReader =
        Thread.ofPlatform()
            .daemon()
            .name("definitions-reader")
            .start(() -> read(topics.definitions().name(), this::onDefinition));
    countsReader =
        Thread.ofPlatform()
            .daemon()
            .name("tenant-thread-counts-reader")
            .start(
                () ->
                    read(
                        topics.tenantThreads().name(),
                        (key, value) ->
                            threadCounts.apply(
                                key,
                                value,
                                (k, bytes) ->
                                    topics
                                        .tenantThreads()
                                        .valueSerde()
                                        .deserializer()
                                        .deserialize(topics.tenantThreads().name(), bytes))));
  }

  void stop(@Observes ShutdownEvent event) {
    running = false;
    producer.close(Duration.ofSeconds(5));
  }

  public Topics topics() {
    return topics;
  }

  /**
   * Publishes a command ({@code caller}: the trace the request carried) and returns once the broker
   * has it; otherwise a problem that says what is known of its fate ({@link SendFailures}).
   */
  public void publish(ThreadCommand command, Context caller) {
    telemetry.publishing(
        command, caller, () -> send(topics.threadCommands(), command.getThreadId(), command));
  }

  public void publishAgent(AgentDefinition definition) {
    String key = AgentKeys.of(definition.getTenantId(), definition.getName());
    int bytes = send(topics.agentDefinitions(), key, definition);
    agents.put(definition, bytes);
  }

  /** Deletes an agent: a tombstone for its key on the compacted topic. */
  public void deleteAgent(String tenant, String name) {
    tombstone(topics.agentDefinitions().name(), AgentKeys.of(tenant, name));
    agents.remove(tenant, name);
  }

  /** The tenant's agents, and whether a name would be one too many. */
  NamedView<AgentDefinition> agents() {
    return agents;
  }

  /** The tenant's agents, by name. */
  public java.util.List<AgentDefinition> agents(String tenant) {
    return agents.list(tenant);
  }

  /** The tenant's models or prompts. */
  NamedView<NamedDefinition> definitions(DefinitionKind kind) {
    return definitions.get(kind);
  }

  public void publishDefinition(NamedDefinition definition) {
    int bytes =
        send(
            topics.definitions(),
            AgentKeys.definition(
                definition.getTenantId(), definition.getKind().name(), definition.getName()),
            definition);
    definitions.get(definition.getKind()).put(definition, bytes);
  }

  public void deleteDefinition(String tenant, DefinitionKind kind, String name) {
    tombstone(topics.definitions().name(), AgentKeys.definition(tenant, kind.name(), name));
    definitions.get(kind).remove(tenant, name);
  }

  private void tombstone(String topic, String key) {
    try {
      producer
          .send(new ProducerRecord<>(topic, key.getBytes(StandardCharsets.UTF_8), null))
          .get(sendTimeout.toMillis() * 2, TimeUnit.MILLISECONDS);
    } catch (ExecutionException | TimeoutException | KafkaException e) {
      throw SendFailures.sending(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw Problem.unavailable(SendFailures.UNKNOWN_OUTCOME);
    }
  }

  /** Sends {@code value}; returns its encoded size. */
  private <T> byte[] encode(TopicDescriptor<String, T> topic, T value) {
    try {
      return topic.serialize(value);
    } catch (RuntimeException e) {
      log.warnf("could not encode a record for %s: %s", topic.name(), e.getMessage());
      throw SendFailures.encoding(e);
    }
  }

  private <T> int send(TopicDescriptor<String, T> topic, String key, T value) {
    byte[] bytes = encode(topic, value);
    try {
      producer
          .send(
              new ProducerRecord<>(
                  topic.name(),
                  null,
                  key.getBytes(StandardCharsets.UTF_8),
                  bytes,
                  TraceHeaders.current()))
          .get(sendTimeout.toMillis() * 2, TimeUnit.MILLISECONDS);
    } catch (ExecutionException | TimeoutException | KafkaException e) {
      log.warnf("could not publish to %s: %s", topic.name(), e.getMessage());
      throw SendFailures.sending(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw Problem.unavailable(SendFailures.UNKNOWN_OUTCOME);
    }
    return bytes.length;
  }

  /**
   * Refuses (413 naming the quota) a definition and the agents it changes when, as stored, they
   * would take the tenant's definitions past {@code definitions.bytes.per.tenant}.
   */
  void checkRoom(String tenant, NamedDefinition definition, List<AgentDefinition> changed) {
    Map<String, Integer> sizes = new HashMap<>();
    if (definition != null) {
      sizes.put(
          definitions.get(definition.getKind()).key(definition.getName()),
          encode(topics.definitions(), definition).length);
    }
    for (AgentDefinition agent : changed) {
      sizes.put(agents.key(agent.getName()), encode(topics.agentDefinitions(), agent).length);
    }
    if (!bytes.fits(tenant, sizes)) {
      throw bytes.over(tenant, sizes);
    }
  }

  /** The tenant's running threads, as the projector last counted them. */
  public long runningThreads(String tenant) {
    return threadCounts.running(tenant);
  }

  /** The tenant's threads not deleted, whatever their status, as the projector last counted. */
  public long storedThreads(String tenant) {
    return threadCounts.stored(tenant);
  }

  /** The bytes of the tenant's threads' events, as the projector last counted them. */
  public long storedBytes(String tenant) {
    return threadCounts.storedBytes(tenant);
  }

  public Optional<AgentDefinition> agent(String tenant, String name) {
    return agents.get(tenant, name);
  }

  private void onAgent(String key, byte[] value) {
    if (value == null) {
      int slash = key.indexOf('/');
      if (slash > 0) {
        agents.remove(key.substring(0, slash), key.substring(slash + 1));
      }
    } else {
      agents.put(
          topics
              .agentDefinitions()
              .valueSerde()
              .deserializer()
              .deserialize(topics.agentDefinitions().name(), value),
          value.length);
    }
  }

  private void onDefinition(String key, byte[] value) {
    if (value == null) {
      String[] parts = key.split("/", -1);
      if (parts.length == 3) {
        Arrays.stream(DefinitionKind.values())
            .filter(k -> k.name().equals(parts[1]))
            .forEach(k -> definitions.get(k).remove(parts[0], parts[2]));
      }
      return;
    }
    NamedDefinition definition =
        topics
            .definitions()
            .valueSerde()
            .deserializer()
            .deserialize(topics.definitions().name(), value);
    definitions.get(definition.getKind()).put(definition, value.length);
  }

  /** Reads a whole topic from the beginning and then follows it (no consumer group). */
  private void read(String topic, java.util.function.BiConsumer<String, byte[]> handler) {
    Map<String, Object> config = kafka.settings();
    config.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
    config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
    while (running) {
      try (var consumer =
          new KafkaConsumer<>(config, new StringDeserializer(), new ByteArrayDeserializer())) {
        List<TopicPartition> partitions =
            consumer.partitionsFor(topic, Duration.ofSeconds(10)).stream()
                .map(p -> new TopicPartition(topic, p.partition()))
                .toList();
        consumer.assign(partitions);
        consumer.seekToBeginning(partitions);
        while (running) {
          for (var record : consumer.poll(Duration.ofMillis(200))) {
            apply(handler, record);
          }
        }
      } catch (RuntimeException e) {
        if (running) {
          log.warnf("reader of %s failed (%s); retrying", topic, e.getMessage());
          sleep();
        }
      }
    }
  }

  /**
   * Applies one record; an undecodable one is skipped (and said), but while the registry is out of
   * reach the same record is tried again, so no agent goes missing from the view for an outage.
   */
  private void apply(
      java.util.function.BiConsumer<String, byte[]> handler,
      org.apache.kafka.clients.consumer.ConsumerRecord<String, byte[]> record) {
    OutageBackoff backoff = new OutageBackoff();
    while (running) {
      try {
        handler.accept(record.key(), record.value());
        return;
      } catch (RuntimeException e) {
        if (!SchemaRegistryException.isOutage(e)) {
          log.warnf(
              "skipping an unreadable record %s-%d@%d: %s",
              record.topic(), record.partition(), record.offset(), e.getMessage());
          return;
        }
        log.warnf("schema registry out of reach (%s); trying the record again", e.getMessage());
        pause(backoff.pause(System.nanoTime()));
      }
    }
  }

  private static void pause(Duration pause) {
    try {
      Thread.sleep(pause);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static void sleep() {
    try {
      Thread.sleep(1_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
