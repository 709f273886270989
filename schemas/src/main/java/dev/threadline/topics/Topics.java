package dev.threadline.topics;

import dev.threadline.avro.AgentDefinition;
import dev.threadline.avro.ContentDelta;
import dev.threadline.avro.McpServerTools;
import dev.threadline.avro.ModelRequest;
import dev.threadline.avro.ModelResult;
import dev.threadline.avro.NamedDefinition;
import dev.threadline.avro.StoreItem;
import dev.threadline.avro.TenantThreads;
import dev.threadline.avro.TenantUsage;
import dev.threadline.avro.ThreadCommand;
import dev.threadline.avro.ThreadDataKey;
import dev.threadline.avro.ThreadEvent;
import dev.threadline.avro.ThreadGroup;
import dev.threadline.avro.ToolRequest;
import dev.threadline.avro.ToolResult;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;

/**
 * The topic contract: every topic Threadline reads or writes, with names from {@link
 * TopicsConfig#prefix()} and serdes from a {@link SerdeFactory}. Build one per service at start;
 * descriptors are immutable.
 *
 * <p>Thread-keyed topics (key = threadId) are co-partitioned: same partition count, default
 * partitioner. {@code agent-definitions} is keyed by {@code tenantId/agentName} and compacted;
 * {@code dead-letters} keeps the original key and value bytes with reason headers.
 */
public final class Topics {
  private final TopicsConfig config;
  private final TopicDescriptor<String, ThreadCommand> threadCommands;
  private final Map<ThreadGroup, TopicDescriptor<String, ModelRequest>> modelRequests =
      new EnumMap<>(ThreadGroup.class);
  private final TopicDescriptor<String, ModelResult> modelResults;
  private final Map<ThreadGroup, TopicDescriptor<String, ToolRequest>> toolRequests =
      new EnumMap<>(ThreadGroup.class);
  private final TopicDescriptor<String, ToolResult> toolResults;
  private final TopicDescriptor<String, ThreadEvent> threadEvents;
  private final TopicDescriptor<String, ContentDelta> threadDeltas;
  private final TopicDescriptor<String, ThreadDataKey> threadDataKeys;
  private final TopicDescriptor<String, AgentDefinition> agentDefinitions;
  private final TopicDescriptor<String, NamedDefinition> definitions;
  private final TopicDescriptor<String, TenantThreads> tenantThreads;
  private final TopicDescriptor<String, TenantUsage> tenantUsage;
  private final TopicDescriptor<String, McpServerTools> mcpServers;
  private final TopicDescriptor<String, StoreItem> storeItems;
  private final TopicDescriptor<byte[], byte[]> deadLetters;

  public Topics(TopicsConfig config, SerdeFactory serdes) {
    this.config = config;
    this.threadCommands =
        threadKeyed(
            "thread-commands", serdes, ThreadCommand.class, config.workRetention().toMillis());
    // A lane per thread group: its model requests and its tool requests.
    for (ThreadGroup lane : ThreadGroup.values()) {
      String group = "." + lane.name().toLowerCase(Locale.ROOT);
      long retention = config.workRetention().toMillis();
      modelRequests.put(
          lane, threadKeyed("model-requests" + group, serdes, ModelRequest.class, retention));
      toolRequests.put(
          lane, threadKeyed("tool-requests" + group, serdes, ToolRequest.class, retention));
    }
    this.modelResults =
        threadKeyed("model-results", serdes, ModelResult.class, config.workRetention().toMillis());
    this.toolResults =
        threadKeyed("tool-results", serdes, ToolResult.class, config.workRetention().toMillis());
    this.threadEvents =
        threadKeyed("thread-events", serdes, ThreadEvent.class, config.eventRetention().toMillis());
    this.threadDeltas =
        threadKeyed(
            "thread-deltas", serdes, ContentDelta.class, config.deltaRetention().toMillis());
    this.threadDataKeys = dataKeys(serdes);
    this.agentDefinitions = compacted("agent-definitions", serdes, AgentDefinition.class);
    this.definitions = compacted("definitions", serdes, NamedDefinition.class);
    this.tenantThreads = compacted("tenant-thread-counts", serdes, TenantThreads.class);
    this.tenantUsage = compacted("tenant-usage", serdes, TenantUsage.class);
    this.mcpServers = compacted("mcp-servers", serdes, McpServerTools.class);
    this.storeItems = compacted("store-items", serdes, StoreItem.class);
    this.deadLetters =
        new TopicDescriptor<>(
            name("dead-letters"),
            Serdes.ByteArray(),
            Serdes.ByteArray(),
            new TopicSpec(
                name("dead-letters"),
                false,
                1,
                Map.of("retention.ms", String.valueOf(config.workRetention().toMillis()))));
  }

  private <V extends SpecificRecord> TopicDescriptor<String, V> threadKeyed(
      String base, SerdeFactory serdes, Class<V> type, long retentionMs) {
    String name = name(base);
    Serde<V> valueSerde = serdes.valueSerde(type);
    return new TopicDescriptor<>(
        name,
        Serdes.String(),
        valueSerde,
        new TopicSpec(
            name,
            true,
            config.partitions(),
            Map.of("retention.ms", String.valueOf(retentionMs), "cleanup.policy", "delete")));
  }

  /**
   * Thread-keyed and compacted, and compacted soon ({@link TopicsConfig#erasingCompaction()}): a
   * deleted thread's key must leave the brokers' disks, or its sealed events could still be opened.
   */
  private TopicDescriptor<String, ThreadDataKey> dataKeys(SerdeFactory serdes) {
    String name = name("thread-data-keys");
    Map<String, String> configs = new HashMap<>(config.erasingCompaction());
    configs.put("cleanup.policy", "compact");
    return new TopicDescriptor<>(
        name,
        Serdes.String(),
        serdes.valueSerde(ThreadDataKey.class),
        new TopicSpec(name, true, config.partitions(), configs));
  }

  /** A single-partition table of the latest value per key, for every service to read whole. */
  private <V extends SpecificRecord> TopicDescriptor<String, V> compacted(
      String base, SerdeFactory serdes, Class<V> type) {
    String name = name(base);
    return new TopicDescriptor<>(
        name,
        Serdes.String(),
        serdes.valueSerde(type),
        new TopicSpec(
            name, false, 1, Map.of("cleanup.policy", "compact", "min.compaction.lag.ms", "0")));
  }

  private String name(String base) {
    return config.prefix() + base;
  }

  public TopicsConfig config() {
    return config;
  }

  /** A tenant's models and prompts by name, keyed {@code tenantId/kind/name}, compacted. */
  public TopicDescriptor<String, NamedDefinition> definitions() {
    return definitions;
  }

  public TopicDescriptor<String, ThreadCommand> threadCommands() {
    return threadCommands;
  }

  public TopicDescriptor<String, ModelRequest> modelRequests(ThreadGroup lane) {
    return modelRequests.get(lane);
  }

  public TopicDescriptor<String, ModelResult> modelResults() {
    return modelResults;
  }

  /**
   * The tool requests of turns of thread group {@code lane}: each group is a lane of its own, so an
   * executor serves chat's tools however many of a chore's wait (seed 003: budgets per thread
   * group).
   */
  public TopicDescriptor<String, ToolRequest> toolRequests(ThreadGroup lane) {
    return toolRequests.get(lane);
  }

  public TopicDescriptor<String, ToolResult> toolResults() {
    return toolResults;
  }

  public TopicDescriptor<String, ThreadEvent> threadEvents() {
    return threadEvents;
  }

  public TopicDescriptor<String, ContentDelta> threadDeltas() {
    return threadDeltas;
  }

  /** Each thread's data key, when events are sealed ({@code threadline.events.key}). */
  public TopicDescriptor<String, ThreadDataKey> threadDataKeys() {
    return threadDataKeys;
  }

  public TopicDescriptor<String, AgentDefinition> agentDefinitions() {
    return agentDefinitions;
  }

  /** Live threads per tenant and partition of thread-events ({@code tenant/partition}). */
  public TopicDescriptor<String, TenantThreads> tenantThreads() {
    return tenantThreads;
  }

  /**
   * What each tenant's model calls used this hour and day, per partition of thread-events ({@code
   * tenant/partition}): the step processor holds tenants to their token and spend budgets with it.
   */
  public TopicDescriptor<String, TenantUsage> tenantUsage() {
    return tenantUsage;
  }

  /**
   * The MCP servers the operator registered with the tool executor and their tools, keyed by server
   * name: the executor writes it, the ingest reads it.
   */
  public TopicDescriptor<String, McpServerTools> mcpServers() {
    return mcpServers;
  }

  /**
   * The items of the tenants' stores, keyed by {@link StoreKeys#key}: the ingest and the tool
   * executor write them, the projector reads them (and deletes the expired).
   */
  public TopicDescriptor<String, StoreItem> storeItems() {
    return storeItems;
  }

  public TopicDescriptor<byte[], byte[]> deadLetters() {
    return deadLetters;
  }

  /** Every topic, thread-keyed ones first. */
  public List<TopicDescriptor<?, ?>> all() {
    List<TopicDescriptor<?, ?>> all = new ArrayList<>();
    all.add(threadCommands);
    all.addAll(modelRequests.values());
    all.add(modelResults);
    all.addAll(toolRequests.values());
    all.addAll(List.of(toolResults, threadEvents, threadDeltas, threadDataKeys));
    all.add(agentDefinitions);
    all.add(definitions);
    all.add(tenantThreads);
    all.add(tenantUsage);
    all.add(mcpServers);
    all.add(storeItems);
    all.add(deadLetters);
    return all;
  }

  /** Names of the topics that must share one partition count. */
  public List<String> threadKeyedTopicNames() {
    return all().stream().filter(t -> t.spec().threadKeyed()).map(TopicDescriptor::name).toList();
  }
}
