package dev.threadline.executor;

import dev.threadline.kafka.TopicProvisioner;
import dev.threadline.testkit.ThreadlineCluster;
import dev.threadline.topics.SerdeFactory;
import dev.threadline.topics.Topics;
import dev.threadline.topics.TopicsConfig;
import java.util.Map;

/** The contract's topics created on a test cluster, as the executor ITs use them. */
final class ProvisionedTopics {
  private ProvisionedTopics() {}

  /** Every topic, named {@code prefix}…, with {@code partitions} partitions each. */
  static Topics on(ThreadlineCluster cluster, String prefix, int partitions) throws Exception {
    Map<String, String> settings =
        Map.of(TopicsConfig.PREFIX, prefix, TopicsConfig.PARTITIONS, String.valueOf(partitions));
    Topics topics =
        new Topics(TopicsConfig.from(settings), new SerdeFactory(cluster.clientConfig()));
    cluster.withAdmin(admin -> TopicProvisioner.provision(admin, topics));
    return topics;
  }
}
