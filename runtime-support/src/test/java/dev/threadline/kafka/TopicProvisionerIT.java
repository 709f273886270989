package dev.threadline.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.threadline.testkit.ThreadlineCluster;
import dev.threadline.topics.CoPartitioningException;
import dev.threadline.topics.SerdeFactory;
import dev.threadline.topics.Topics;
import dev.threadline.topics.TopicsConfig;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.config.ConfigResource;
import org.junit.jupiter.api.Test;

class TopicProvisionerIT {
  private static final ThreadlineCluster cluster = ThreadlineCluster.shared();

  private static Topics topics(String prefix, int partitions) {
    return new Topics(
        TopicsConfig.from(Map.of(TopicsConfig.PREFIX, prefix, TopicsConfig.PARTITIONS, partitions)),
        new SerdeFactory(cluster.clientConfig()));
  }

  @Test
  void shouldCreateEveryTopicWithItsPartitionsAndConfigsAndBeIdempotent() throws Exception {
    Topics topics = topics("prov-ok.", 3);
    try (Admin admin = Admin.create(cluster.broker().adminConfig())) {
      List<String> created = TopicProvisioner.provision(admin, topics);
      assertThat(created).hasSize(topics.all().size());
      assertThat(TopicProvisioner.provision(admin, topics)).isEmpty();

      Set<String> names = admin.listTopics().names().get(30, TimeUnit.SECONDS);
      assertThat(names)
          .contains(
              "prov-ok.thread-commands",
              "prov-ok.model-requests.chat",
              "prov-ok.model-requests.will",
              "prov-ok.model-results",
              "prov-ok.tool-requests.chat",
              "prov-ok.tool-requests.will",
              "prov-ok.tool-results",
              "prov-ok.thread-events",
              "prov-ok.thread-deltas",
              "prov-ok.agent-definitions",
              "prov-ok.dead-letters");
      var partitions =
          admin
              .describeTopics(topics.threadKeyedTopicNames())
              .allTopicNames()
              .get(30, TimeUnit.SECONDS);
      assertThat(partitions.values()).allSatisfy(d -> assertThat(d.partitions()).hasSize(3));

      assertThat(config(admin, "prov-ok.agent-definitions").get("cleanup.policy").value())
          .isEqualTo("compact");
      assertThat(config(admin, "prov-ok.thread-deltas").get("retention.ms").value())
          .isEqualTo("3600000");
      assertThat(config(admin, "prov-ok.thread-events").get("retention.ms").value())
          .isEqualTo("-1");
    }
  }

  @Test
  void shouldRefuseToStartWhenThreadKeyedTopicsDifferInPartitionCount() throws Exception {
    Topics topics = topics("prov-mismatch.", 4);
    try (Admin admin = Admin.create(cluster.broker().adminConfig())) {
      admin
          .createTopics(List.of(new NewTopic("prov-mismatch.tool-results", 2, (short) 1)))
          .all()
          .get(30, TimeUnit.SECONDS);

      assertThatThrownBy(() -> TopicProvisioner.provision(admin, topics))
          .isInstanceOf(CoPartitioningException.class)
          .hasMessageContaining("prov-mismatch.tool-results: 2")
          .hasMessageContaining("prov-mismatch.thread-commands: 4");
    }
  }

  private static Config config(Admin admin, String topic) throws Exception {
    ConfigResource resource = new ConfigResource(ConfigResource.Type.TOPIC, topic);
    return admin.describeConfigs(List.of(resource)).all().get(30, TimeUnit.SECONDS).get(resource);
  }
}
