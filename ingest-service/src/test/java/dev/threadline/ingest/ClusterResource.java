package dev.threadline.ingest;

import dev.threadline.kafka.TopicProvisioner;
import dev.threadline.testkit.ThreadlineCluster;
import dev.threadline.topics.SerdeFactory;
import dev.threadline.topics.Topics;
import dev.threadline.topics.TopicsConfig;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.util.Map;
import org.apache.kafka.clients.admin.Admin;

/**
 * Boots the shared real broker and registry for {@code @QuarkusTest}s and provisions the topics.
 */
public class ClusterResource implements QuarkusTestResourceLifecycleManager {
  static final String PREFIX = "ingest-it.";

  /** The shared files folder of the tests' ingest. */
  static final java.nio.file.Path FILES =
      dev.threadline.testkit.ScratchDirs.create("ingest-files-");

  /** The operator's secrets key of the tests' ingest. */
  static final String SECRETS_KEY = "q83vEjRWeJq8ze8SNFZ4mrzN7xI0VniavM3vEjRWeJo=";

  static Topics topics() {
    return new Topics(
        TopicsConfig.from(Map.of(TopicsConfig.PREFIX, PREFIX, TopicsConfig.PARTITIONS, "3")),
        new SerdeFactory(ThreadlineCluster.shared().clientConfig()));
  }

  @Override
  public Map<String, String> start() {
    ThreadlineCluster cluster = ThreadlineCluster.shared();
    try (Admin admin = Admin.create(cluster.broker().adminConfig())) {
      TopicProvisioner.provision(admin, topics());
    }
    Map<String, String> config =
        new java.util.HashMap<>(
            Map.of(
                "kafka.bootstrap.servers",
                cluster.bootstrapServers(),
                "threadline.schema.registry.url",
                cluster.registryUrl(),
                "threadline.topic.prefix",
                PREFIX,
                "threadline.api-keys",
                "key-a:tenant-a,key-ro:tenant-a:read,key-support:tenant-a:agents=support,key-b:tenant-b,key-q1:tenant-q1,key-q2:tenant-q2,key-q3:tenant-q3,key-f1:tenant-f1,key-f2:tenant-f2,key-d1:tenant-d1,key-r1:tenant-r1,key-r2:tenant-r2,key-l1:tenant-l1,key-b1:tenant-b1",
                "threadline.send.timeout.ms",
                "2000",
                "threadline.model.endpoints",
                "default,fast,echo,claude",
                "threadline.model.tenant.tenant-b.models",
                "cheap-*",
                "threadline.secrets.key",
                SECRETS_KEY,
                "threadline.blobs.dir",
                FILES.toString(),
                "threadline.files.max.bytes",
                "100000"));
    // A provider of the operator's own, its jar on the executor's classpath.
    config.put("threadline.model.providers", "openai,anthropic,scripted,echo-model");
    config.put("threadline.model.endpoint.echo.provider", "echo-model");
    config.put("threadline.model.endpoint.claude.provider", "anthropic");
    return config;
  }

  @Override
  public void stop() {
    // The cluster is shared by the test JVM and stops with it.
  }
}
