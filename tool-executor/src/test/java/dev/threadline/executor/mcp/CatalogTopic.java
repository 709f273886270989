package dev.threadline.executor.mcp;

import dev.threadline.avro.McpServerTools;
import dev.threadline.testkit.Await;
import dev.threadline.testkit.ThreadlineCluster;
import dev.threadline.topics.Topics;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.apache.kafka.common.serialization.StringDeserializer;

/** The door's side of {@code mcp-servers} in a test: the latest record per server, read until. */
final class CatalogTopic {
  private CatalogTopic() {}

  /** The contract's topics under {@code prefix}, made on the shared cluster. */
  static Topics provisioned(String prefix) throws Exception {
    var cluster = ThreadlineCluster.shared();
    Topics topics =
        new Topics(
            dev.threadline.topics.TopicsConfig.from(
                java.util.Map.of(dev.threadline.topics.TopicsConfig.PREFIX, prefix)),
            new dev.threadline.topics.SerdeFactory(cluster.clientConfig()));
    cluster.withAdmin(admin -> dev.threadline.kafka.TopicProvisioner.provision(admin, topics));
    return topics;
  }

  /**
   * The latest record of each server (null for a tombstone), read as a consumer group of {@code
   * group} until {@code done} holds of them.
   */
  static Map<String, McpServerTools> readUntil(
      Topics topics, String group, Predicate<Map<String, McpServerTools>> done, String what)
      throws InterruptedException {
    var topic = topics.mcpServers();
    Map<String, McpServerTools> latest = new HashMap<>();
    try (var reader =
        ThreadlineCluster.shared()
            .committedReader(group, new StringDeserializer(), topic.valueSerde().deserializer())) {
      reader.subscribe(List.of(topic.name()));
      Await.until(
          () -> {
            reader.poll(Duration.ofMillis(200)).forEach(r -> latest.put(r.key(), r.value()));
            return done.test(latest);
          },
          what,
          Duration.ofSeconds(60));
    }
    return latest;
  }
}
