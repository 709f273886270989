package dev.threadline.executor.mcp;

import dev.threadline.avro.McpServerTool;
import dev.threadline.avro.McpServerTools;
import dev.threadline.executor.tools.ToolGrants;
import dev.threadline.topics.TopicDescriptor;
import dev.threadline.topics.Topics;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the executor tells the door of its MCP servers, on the compacted {@code mcp-servers} topic:
 * each registered server's tools as listed, with the tenants granted each restricted one, and a
 * tombstone for each server the topic holds that is no longer registered — so the door offers a
 * tenant exactly the tools this executor would run for it.
 */
public final class McpCatalog {
  private static final Logger LOG = LoggerFactory.getLogger(McpCatalog.class);
  private static final Duration WAIT = Duration.ofSeconds(60);

  private McpCatalog() {}

  /** The records for {@code listings}, listed at {@code now}. */
  static List<McpServerTools> records(List<McpListing> listings, ToolGrants grants, Instant now) {
    return listings.stream()
        .map(
            l ->
                new McpServerTools(
                    l.server().name(),
                    l.server().trusted(),
                    l.tools().stream().map(t -> entry(t, grants)).toList(),
                    l.unreachable().orElse(null),
                    now))
        .toList();
  }

  private static McpServerTool entry(McpTool tool, ToolGrants grants) {
    return new McpServerTool(
        tool.serverName(),
        tool.description().isEmpty() ? null : tool.description(),
        tool.parametersSchema().toString(),
        tool.readOnly(),
        grants.grantees(tool.name()).orElse(null));
  }

  /** Publishes {@code listings} and tombstones every server on the topic not among them. */
  public static void publish(
      Map<String, Object> connection,
      Topics topics,
      List<McpListing> listings,
      ToolGrants grants,
      Instant now) {
    TopicDescriptor<String, McpServerTools> topic = topics.mcpServers();
    Set<String> stale = serversOn(connection, topic.name());
    if (listings.isEmpty() && stale.isEmpty()) {
      return; // no server registered, none to remove: no producer for nothing
    }
    try (var producer = producer(connection, topic)) {
      for (McpServerTools server : records(listings, grants, now)) {
        stale.remove(server.getServer());
        await(producer.send(new ProducerRecord<>(topic.name(), server.getServer(), server)));
      }
      for (String server : stale) {
        await(producer.send(new ProducerRecord<>(topic.name(), server, null)));
        LOG.info("MCP server '{}' is no longer registered: removed from {}", server, topic.name());
      }
    }
  }

  /**
   * Publishes each server's list again whenever it changes, off the SDK's thread; always the
   * server's latest, one at a time, so two changes in a row cannot land in the wrong order.
   */
  public static void follow(
      Map<String, Object> connection,
      Topics topics,
      List<ListedMcpServer> servers,
      ToolGrants grants,
      java.time.Clock clock) {
    Object oneAtATime = new Object();
    for (ListedMcpServer server : servers) {
      server.follow(
          changed ->
              Thread.ofVirtual()
                  .name("mcp-catalog-" + changed.server().name())
                  .start(
                      () -> {
                        synchronized (oneAtATime) {
                          try {
                            update(connection, topics, server.listing(), grants, clock.instant());
                          } catch (RuntimeException e) {
                            LOG.error(
                                "MCP server '{}' changed its tools; the catalog could not be told: {}",
                                changed.server().name(),
                                e.getMessage());
                          }
                        }
                      }));
    }
  }

  /** Publishes one server's list. */
  static void update(
      Map<String, Object> connection,
      Topics topics,
      McpListing listing,
      ToolGrants grants,
      Instant now) {
    TopicDescriptor<String, McpServerTools> topic = topics.mcpServers();
    try (var producer = producer(connection, topic)) {
      McpServerTools server = records(List.of(listing), grants, now).getFirst();
      await(producer.send(new ProducerRecord<>(topic.name(), server.getServer(), server)));
    }
  }

  private static KafkaProducer<String, McpServerTools> producer(
      Map<String, Object> connection, TopicDescriptor<String, McpServerTools> topic) {
    Map<String, Object> config = new HashMap<>(connection);
    config.put(ProducerConfig.ACKS_CONFIG, "all");
    return new KafkaProducer<>(config, new StringSerializer(), topic.valueSerde().serializer());
  }

  /** The servers the topic holds now (its one partition read to its end). */
  private static Set<String> serversOn(Map<String, Object> connection, String topic) {
    Map<String, Object> config = new HashMap<>(connection);
    config.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
    config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
    Set<String> servers = new HashSet<>();
    try (var consumer =
        new KafkaConsumer<>(config, new StringDeserializer(), new ByteArrayDeserializer())) {
      List<TopicPartition> partitions =
          consumer.partitionsFor(topic, WAIT).stream()
              .map(p -> new TopicPartition(topic, p.partition()))
              .toList();
      consumer.assign(partitions);
      consumer.seekToBeginning(partitions);
      Map<TopicPartition, Long> ends = consumer.endOffsets(partitions, WAIT);
      long deadline = System.nanoTime() + WAIT.toNanos();
      while (partitions.stream().anyMatch(p -> consumer.position(p) < ends.get(p))) {
        if (System.nanoTime() > deadline) {
          throw new IllegalStateException(topic + " could not be read to its end in " + WAIT);
        }
        for (var record : consumer.poll(Duration.ofMillis(200))) {
          if (record.value() == null) {
            servers.remove(record.key());
          } else {
            servers.add(record.key());
          }
        }
      }
    }
    return servers;
  }

  private static void await(java.util.concurrent.Future<?> sent) {
    try {
      sent.get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted publishing the MCP servers", e);
    } catch (ExecutionException | TimeoutException e) {
      throw new IllegalStateException("the MCP servers could not be published: " + e, e);
    }
  }
}
