package dev.threadline.step;

import dev.threadline.kafka.TopicProvisioner;
import dev.threadline.testkit.ThreadlineCluster;
import dev.threadline.topics.SerdeFactory;
import dev.threadline.topics.Topics;
import dev.threadline.topics.TopicsConfig;
import java.util.HashMap;
import java.util.Map;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.streams.KafkaStreams;

/**
 * A production step processor on the shared test cluster, with its own topic prefix and application
 * id so integration tests do not see each other's threads.
 */
final class StepApp {
  final Map<String, String> settings = new HashMap<>();
  final SerdeFactory serdes;
  final Topics topics;

  StepApp(String name, int partitions, Map<String, String> overrides) {
    ThreadlineCluster cluster = ThreadlineCluster.shared();
    settings.putAll(cluster.pipelineSettings(name, partitions));
    settings.put("threadline.step.deadline.scan.ms", "100");
    settings.putAll(overrides);
    serdes = new SerdeFactory(new HashMap<>(settings));
    topics = new Topics(TopicsConfig.from(settings), serdes);
    try (Admin admin = Admin.create(cluster.broker().adminConfig())) {
      TopicProvisioner.provision(admin, topics);
    }
  }

  /** The folder of a thread's files, in the folder the instances of this app use. */
  java.nio.file.Path folder(String tenant, String threadId) {
    return new dev.threadline.files.FolderThreadFiles(
            java.nio.file.Path.of(settings.get("threadline.blobs.dir")))
        .folder(tenant, threadId);
  }

  /** The attachment store the instances of this app use. */
  BlobStore blobs() {
    return BlobStore.local(java.nio.file.Path.of(settings.get("threadline.blobs.dir")));
  }

  /** Starts an instance, supervised as in production, and waits until it runs. */
  KafkaStreams start() {
    KafkaStreams streams =
        new KafkaStreams(
            StepTopology.build(topics, serdes, StepSettings.from(settings)),
            StepProcessorApp.streamsConfig(settings, topics));
    dev.threadline.kafka.StreamsLifecycle.supervise(streams, settings.get(TopicsConfig.PREFIX));
    streams.start();
    ClusterProbe.await(
        () -> streams.state() == KafkaStreams.State.RUNNING ? true : null,
        "the step processor to run");
    return streams;
  }
}
