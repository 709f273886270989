package dev.threadline.projector;

import dev.threadline.config.Settings;
import dev.threadline.kafka.StreamsLifecycle;
import dev.threadline.kafka.TopicProvisioner;
import dev.threadline.ops.OpsServer;
import dev.threadline.topics.SerdeFactory;
import dev.threadline.topics.Topics;
import dev.threadline.topics.TopicsConfig;
import java.util.Map;
import java.util.Optional;
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
        new Topics(
            TopicsConfig.from(settings), new SerdeFactory(StreamsLifecycle.serdeConfig(settings)));
    TopicProvisioner.prepare(settings, topics, false);
    Projector projector = Projector.start(settings);
    Optional<OpsServer> ops =
        OpsServer.start(
                settings,
                "projector",
                () -> projector.streams().state() == KafkaStreams.State.RUNNING)
            .map(o -> o.bind(projector.streams()));
    // A planned stop leaves the group, so a restarted instance takes over at once.
    Runtime.getRuntime().addShutdownHook(new Thread(projector::close, "projector-shutdown"));
    projector.awaitTermination();
    ops.ifPresent(OpsServer::close);
  }
}
