package dev.threadline.projector;

import dev.threadline.kafka.TopicProvisioner;
import dev.threadline.testkit.ThreadlineCluster;
import dev.threadline.topics.SerdeFactory;
import dev.threadline.topics.Topics;
import dev.threadline.topics.TopicsConfig;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.admin.Admin;

/**
 * A projector test's own corner of the shared cluster: a fresh topic prefix (topics provisioned),
 * an application id of its own and the settings to start projector instances with.
 */
record ProjectorFixture(Map<String, String> settings, Topics topics) {

  static ProjectorFixture create(String name, int partitions, Map<String, String> extra) {
    ThreadlineCluster cluster = ThreadlineCluster.shared();
    String prefix = name + "-" + UUID.randomUUID().toString().substring(0, 8) + ".";
    Map<String, String> settings = new HashMap<>(extra);
    settings.put("bootstrap.servers", cluster.bootstrapServers());
    settings.put("schema.registry.url", cluster.registryUrl());
    settings.put(TopicsConfig.PREFIX, prefix);
    settings.put(TopicsConfig.PARTITIONS, String.valueOf(partitions));
    settings.put("threadline.projector.application.id", prefix + "projector");
    settings.put("threadline.projector.port", "0");
    Topics topics =
        new Topics(
            TopicsConfig.from(settings),
            new SerdeFactory(Map.of("schema.registry.url", cluster.registryUrl())));
    try (Admin admin = Admin.create(Map.of("bootstrap.servers", cluster.bootstrapServers()))) {
      TopicProvisioner.provision(admin, topics);
    }
    return new ProjectorFixture(settings, topics);
  }
}
