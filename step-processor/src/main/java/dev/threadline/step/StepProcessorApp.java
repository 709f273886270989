package dev.threadline.step;

import dev.threadline.config.Settings;
import dev.threadline.topics.DeadLetterDeserializationHandler;
import dev.threadline.topics.SerdeFactory;
import dev.threadline.topics.TopicProvisioner;
import dev.threadline.topics.Topics;
import dev.threadline.topics.TopicsConfig;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.streams.CloseOptions;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.errors.StreamsUncaughtExceptionHandler;
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
        new Topics(TopicsConfig.from(settings), new SerdeFactory(serdeConfig(settings)));
    try (Admin admin =
        Admin.create(
            Map.of(
                AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG,
                Settings.required(settings, "bootstrap.servers")))) {
      if (Boolean.parseBoolean(settings.getOrDefault("threadline.provision.topics", "true"))) {
        TopicProvisioner.provision(admin, topics);
      } else {
        TopicProvisioner.verifyCoPartitioned(admin, topics);
      }
    }
    KafkaStreams streams =
        new KafkaStreams(
            StepTopology.build(
                topics, new SerdeFactory(serdeConfig(settings)), StepSettings.from(settings)),
            streamsConfig(settings, topics));
    CountDownLatch stopped = new CountDownLatch(1);
    streams.setStateListener(
        (next, previous) -> {
          log.info("step processor state {} -> {}", previous, next);
          if (next == KafkaStreams.State.NOT_RUNNING || next == KafkaStreams.State.ERROR) {
            stopped.countDown();
          }
        });
    streams.setUncaughtExceptionHandler(
        e -> {
          log.error("stream thread failed; replacing it", e);
          return StreamsUncaughtExceptionHandler.StreamThreadExceptionResponse.REPLACE_THREAD;
        });
    // A planned stop leaves the group so a restarted or surviving instance takes over at once
    // instead of after the session timeout.
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () ->
                    streams.close(
                        CloseOptions.groupMembershipOperation(
                                CloseOptions.GroupMembershipOperation.LEAVE_GROUP)
                            .withTimeout(Duration.ofSeconds(30))),
                "step-processor-shutdown"));
    streams.start();
    stopped.await();
  }

  static Map<String, Object> serdeConfig(Map<String, String> settings) {
    Map<String, Object> serde = new HashMap<>(settings);
    serde.put("schema.registry.url", Settings.required(settings, "schema.registry.url"));
    return serde;
  }

  /** The Kafka Streams configuration; each non-default line says why. */
  public static Properties streamsConfig(Map<String, String> settings, Topics topics) {
    Properties p = new Properties();
    p.put(
        StreamsConfig.APPLICATION_ID_CONFIG,
        settings.getOrDefault("threadline.step.application.id", "threadline-step-processor"));
    p.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, Settings.required(settings, "bootstrap.servers"));
    // Principle 3: state, events and requests commit atomically.
    p.put(StreamsConfig.PROCESSING_GUARANTEE_CONFIG, StreamsConfig.EXACTLY_ONCE_V2);
    // Each commit ends a transaction, and downstream read_committed consumers see output only then:
    // the commit interval is the floor of per-hop latency (see docs/step-processor.md).
    p.put(
        StreamsConfig.COMMIT_INTERVAL_MS_CONFIG,
        settings.getOrDefault("threadline.step.commit.interval.ms", "20"));
    // An idle stream thread blocks in poll() up to poll.ms before it gets to commit what it has
    // processed; with the default 100 ms that wait, not the commit interval, bounds latency.
    p.put(StreamsConfig.POLL_MS_CONFIG, settings.getOrDefault("threadline.step.poll.ms", "5"));
    // A read_committed fetch parked at the broker is not woken when a transaction commits, so the
    // consumer can sit out the whole fetch.max.wait.ms (500 ms by default) after the data is
    // committed: keep it short (see docs/step-processor.md for the measurement).
    p.put(
        StreamsConfig.mainConsumerPrefix(ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG),
        settings.getOrDefault("threadline.step.fetch.max.wait.ms", "10"));
    // A task reads three co-partitioned topics; Streams would otherwise hold records back until it
    // knows every input partition's lag, to interleave them by timestamp. The machine needs no
    // cross-topic time order (each input is decided on its own), so process what is there.
    p.put(
        StreamsConfig.MAX_TASK_IDLE_MS_CONFIG,
        settings.getOrDefault("threadline.step.max.task.idle.ms", "-1"));
    // Streams' producer defaults to linger.ms=100, which would dominate a step's latency.
    p.put(
        StreamsConfig.producerPrefix(ProducerConfig.LINGER_MS_CONFIG),
        settings.getOrDefault("threadline.step.producer.linger.ms", "0"));
    p.put(
        StreamsConfig.NUM_STREAM_THREADS_CONFIG,
        settings.getOrDefault("threadline.step.stream.threads", "1"));
    p.put(
        StreamsConfig.NUM_STANDBY_REPLICAS_CONFIG,
        settings.getOrDefault("threadline.step.standby.replicas", "0"));
    p.put(
        StreamsConfig.REPLICATION_FACTOR_CONFIG,
        settings.getOrDefault("threadline.topic.replication.factor", "1"));
    p.put(
        StreamsConfig.STATE_DIR_CONFIG,
        settings.getOrDefault(
            "threadline.step.state.dir",
            System.getProperty("java.io.tmpdir") + "/threadline-step"));
    // Renaming an unnamed store or topic would silently lose state: require explicit names.
    p.put(StreamsConfig.ENSURE_EXPLICIT_INTERNAL_RESOURCE_NAMING_CONFIG, true);
    // Poison pills go to the dead-letter topic; processing continues (principle 6).
    p.put(
        StreamsConfig.DESERIALIZATION_EXCEPTION_HANDLER_CLASS_CONFIG,
        DeadLetterDeserializationHandler.class);
    p.put(DeadLetterDeserializationHandler.TOPIC_CONFIG, topics.deadLetters().name());
    // Same error handling for the global agent store as for the tasks (the default from Kafka 5.0).
    p.put("processing.exception.handler.global.enabled", true);
    p.put(StreamsConfig.ROCKSDB_CONFIG_SETTER_CLASS_CONFIG, BoundedRocksDbConfig.class);
    p.put(
        BoundedRocksDbConfig.TOTAL_BYTES,
        settings.getOrDefault(
            BoundedRocksDbConfig.TOTAL_BYTES, String.valueOf(128L * 1024 * 1024)));
    return p;
  }
}
