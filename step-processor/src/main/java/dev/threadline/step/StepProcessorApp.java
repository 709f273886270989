package dev.threadline.step;

import dev.threadline.config.Settings;
import dev.threadline.kafka.DeadLetterProcessingHandler;
import dev.threadline.kafka.StreamsLifecycle;
import dev.threadline.kafka.StreamsSettings;
import dev.threadline.kafka.TopicProvisioner;
import dev.threadline.ops.OpsServer;
import dev.threadline.topics.SerdeFactory;
import dev.threadline.topics.Topics;
import dev.threadline.topics.TopicsConfig;
import dev.threadline.traces.Tracing;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StreamsConfig;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the step processor: checks (and, when allowed, provisions) the topics, refuses to start if
 * thread-keyed topics are not co-partitioned, then runs {@link StepTopology} with exactly-once
 * processing until stopped.
 */
public final class StepProcessorApp {
  private static final Logger log = LoggerFactory.getLogger(StepProcessorApp.class);

  private StepProcessorApp() {}

  public static void main(String[] args) throws InterruptedException {
    Map<String, String> settings = Settings.load(args, Map.of());
    Topics topics =
        new Topics(
            TopicsConfig.from(settings), new SerdeFactory(StreamsLifecycle.serdeConfig(settings)));
    TopicProvisioner.prepare(
        settings,
        topics,
        Boolean.parseBoolean(settings.getOrDefault("threadline.provision.topics", "true")));
    Properties config = streamsConfig(settings, topics);
    KafkaStreams streams =
        new KafkaStreams(
            StepTopology.build(
                topics,
                new SerdeFactory(StreamsLifecycle.serdeConfig(settings)),
                StepSettings.from(settings),
                Tracing.start("threadline-step-processor")),
            config);
    StreamsLifecycle lifecycle = StreamsLifecycle.supervise(streams, "step processor");
    Optional<OpsServer> ops =
        OpsServer.start(
                settings, "step-processor", () -> streams.state() == KafkaStreams.State.RUNNING)
            .map(o -> o.bind(streams));
    Runtime.getRuntime().addShutdownHook(new Thread(lifecycle::close, "step-processor-shutdown"));
    lifecycle.start(config);
    lifecycle.awaitStopped();
    ops.ifPresent(OpsServer::close);
  }

  /** The Kafka Streams configuration: the shared base plus the step processor's own lines. */
  public static Properties streamsConfig(Map<String, String> settings, Topics topics) {
    // Executors act on model requests and read-only tools' as soon as they are sent, before
    // their commit (threadline.executor.speculate): a request's linger is on the step's path, and
    // 2 ms against 10 took an unloaded step from 32 to 19 ms p50 without costing saturated
    // throughput (docs/benchmarks.md).
    // The same reason puts the commit interval at 100 ms: most requests no longer wait for their
    // commit, and what does wait asks for one sooner (CommitPacer, at most every 20 ms, the former
    // interval). Fewer transactions took an unloaded step from 13-16 to 10 ms p50.
    Properties p =
        StreamsSettings.base(settings, topics, "step", "threadline-step-processor", "100", "2");
    p.put(
        StreamsConfig.NUM_STANDBY_REPLICAS_CONFIG,
        settings.getOrDefault("threadline.step.standby.replicas", "0"));
    p.put(StreamsConfig.ROCKSDB_CONFIG_SETTER_CLASS_CONFIG, BoundedRocksDbConfig.class);
    // A record the processor fails on is reported to its thread's readers too, as it reports an
    // input it refuses: with an event outside the thread's log.
    p.put(DeadLetterProcessingHandler.EVENTS_TOPIC_CONFIG, topics.threadEvents().name());
    StreamsLifecycle.serdeConfig(settings).forEach(p::putIfAbsent);
    p.put(
        BoundedRocksDbConfig.TOTAL_BYTES,
        settings.getOrDefault(
            BoundedRocksDbConfig.TOTAL_BYTES, String.valueOf(128L * 1024 * 1024)));
    return p;
  }
}
