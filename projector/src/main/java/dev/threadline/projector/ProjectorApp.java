package dev.threadline.projector;

import dev.threadline.config.Settings;
import dev.threadline.topics.SerdeFactory;
import dev.threadline.topics.TopicProvisioner;
import dev.threadline.topics.Topics;
import dev.threadline.topics.TopicsConfig;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.streams.KafkaStreams;

/**
 * Runs a projector instance until stopped: checks that the thread-keyed topics are co-partitioned,
 * then serves the read models over HTTP ({@code threadline.projector.port}, 8081).
 */
public final class ProjectorApp {
  private ProjectorApp() {}

  public static void main(String[] args) throws Exception {
    Map<String, String> settings = Settings.load(args, Map.of());
    Topics topics =
        new Topics(TopicsConfig.from(settings), new SerdeFactory(Projector.serdeConfig(settings)));
    try (Admin admin =
        Admin.create(
            Map.of(
                AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG,
                Settings.required(settings, "bootstrap.servers")))) {
      TopicProvisioner.verifyCoPartitioned(admin, topics);
    }
    Projector projector = Projector.start(settings);
    CountDownLatch stopped = new CountDownLatch(1);
    projector
        .streams()
        .setStateListener(
            (next, previous) -> {
              if (next == KafkaStreams.State.NOT_RUNNING || next == KafkaStreams.State.ERROR) {
                stopped.countDown();
              }
            });
    Runtime.getRuntime().addShutdownHook(new Thread(projector::close, "projector-shutdown"));
    stopped.await();
  }
}
