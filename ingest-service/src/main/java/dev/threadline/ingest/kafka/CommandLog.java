package dev.threadline.ingest.kafka;

import dev.threadline.avro.AgentDefinition;
import dev.threadline.avro.DefinitionKind;
import dev.threadline.avro.McpServerTools;
import dev.threadline.avro.NamedDefinition;
import dev.threadline.avro.ThreadCommand;
import dev.threadline.config.Limits;
import dev.threadline.ingest.IngestTelemetry;
import dev.threadline.kafka.TopicProvisioner;
import dev.threadline.keys.AgentKeys;
import dev.threadline.topics.SerdeFactory;
import dev.threadline.topics.Topics;
import dev.threadline.topics.TopicsConfig;
import io.opentelemetry.context.Context;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentSkipListMap;
import org.apache.kafka.clients.admin.Admin;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The ingest service's side of Kafka: commands and definitions published through one awaited
 * producer ({@link RecordSender}: a 202 means durable), and read-only views of the agent and named
 * definitions and of each tenant's thread counts, kept up to date by following their compacted
 * topics ({@link TopicFollower}).
 *
 * <p>There is deliberately no view of which tenant owns which thread: it could only be complete by
 * reading the whole event log at every start and holding every thread ever created, and an
 * incomplete one answers differently for another tenant's thread (known: refused) than for one that
 * does not exist (unknown: accepted), telling a tenant which of another's thread ids exist. The
 * step processor decides both the same way ("unknown thread").
 */
@ApplicationScoped
public class CommandLog {

  private final KafkaConnection kafka;
  private final Topics topics;
  private final RecordSender sender;
  private final TopicFollower follower;
  private final NamedView<AgentDefinition> agents;
  private final Map<DefinitionKind, NamedView<NamedDefinition>> definitions =
      new java.util.EnumMap<>(DefinitionKind.class);
  private final TenantThreadCounts threadCounts = new TenantThreadCounts();
  private final Map<String, McpServerTools> mcpServers = new ConcurrentSkipListMap<>();
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
    this.sender = new RecordSender(kafka, sendTimeoutMs);
    this.follower = new TopicFollower(kafka);
  }

  void start(@Observes StartupEvent event) {
    try (Admin admin = Admin.create(kafka.settings())) {
      TopicProvisioner.verifyCoPartitioned(admin, topics);
    }
    follower.follow("agent-definitions-reader", topics.agentDefinitions().name(), this::onAgent);
    follower.follow("definitions-reader", topics.definitions().name(), this::onDefinition);
    follower.follow(
        "tenant-thread-counts-reader",
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
                        .deserialize(topics.tenantThreads().name(), bytes)));

    follower.follow("mcp-servers-reader", topics.mcpServers().name(), this::onMcpServer);
  }

  void stop(@Observes ShutdownEvent event) {
    follower.stop();
    sender.close();
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
        command,
        topics.threadCommands().name(),
        caller,
        () -> sender.send(topics.threadCommands(), command.getThreadId(), command));
  }

  public void publishAgent(AgentDefinition definition) {
    String key = AgentKeys.of(definition.getTenantId(), definition.getName());
    int bytes = sender.send(topics.agentDefinitions(), key, definition);
    agents.put(definition, bytes);
  }

  /** Writes an item of a tenant's store: durable once this returns. */
  public void publishStoreItem(dev.threadline.avro.StoreItem item) {
    sender.send(
        topics.storeItems(),
        dev.threadline.topics.StoreKeys.key(item.getTenantId(), item.getNamespace(), item.getKey()),
        item);
  }

  /** Deletes an item of a tenant's store: a tombstone for its key on the compacted topic. */
  public void deleteStoreItem(String tenant, List<String> namespace, String key) {
    sender.tombstone(
        topics.storeItems().name(), dev.threadline.topics.StoreKeys.key(tenant, namespace, key));
  }

  /** Deletes an agent: a tombstone for its key on the compacted topic. */
  public void deleteAgent(String tenant, String name) {
    sender.tombstone(topics.agentDefinitions().name(), AgentKeys.of(tenant, name));
    agents.remove(tenant, name);
  }

  /** The tenant's agents, and whether a name would be one too many. */
  public NamedView<AgentDefinition> agents() {
    return agents;
  }

  /** The tenant's agents, by name. */
  public java.util.List<AgentDefinition> agents(String tenant) {
    return agents.list(tenant);
  }

  /** The tenant's models or prompts. */
  public NamedView<NamedDefinition> definitions(DefinitionKind kind) {
    return definitions.get(kind);
  }

  public void publishDefinition(NamedDefinition definition) {
    int bytes =
        sender.send(
            topics.definitions(),
            AgentKeys.definition(
                definition.getTenantId(), definition.getKind().name(), definition.getName()),
            definition);
    definitions.get(definition.getKind()).put(definition, bytes);
  }

  public void deleteDefinition(String tenant, DefinitionKind kind, String name) {
    sender.tombstone(topics.definitions().name(), AgentKeys.definition(tenant, kind.name(), name));
    definitions.get(kind).remove(tenant, name);
  }

  /**
   * Refuses (413 naming the quota) a definition and the agents it changes when, as stored, they
   * would take the tenant's definitions past {@code definitions.bytes.per.tenant}.
   */
  public void checkRoom(String tenant, NamedDefinition definition, List<AgentDefinition> changed) {
    Map<String, Integer> sizes = new HashMap<>();
    if (definition != null) {
      sizes.put(
          definitions.get(definition.getKind()).key(definition.getName()),
          sender.encode(topics.definitions(), definition).length);
    }
    for (AgentDefinition agent : changed) {
      sizes.put(
          agents.key(agent.getName()), sender.encode(topics.agentDefinitions(), agent).length);
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

  /** The MCP server registered as {@code name}, as the tool executor last listed it. */
  public Optional<McpServerTools> mcpServer(String name) {
    return Optional.ofNullable(mcpServers.get(name));
  }

  /** Every registered MCP server, by name. */
  public List<McpServerTools> mcpServers() {
    return List.copyOf(mcpServers.values());
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

  private void onMcpServer(String key, byte[] value) {
    if (value == null) {
      mcpServers.remove(key);
    } else {
      mcpServers.put(
          key,
          topics
              .mcpServers()
              .valueSerde()
              .deserializer()
              .deserialize(topics.mcpServers().name(), value));
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
}
