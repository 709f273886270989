package dev.threadline.deploy;

import dev.threadline.kafka.StreamsLifecycle;
import dev.threadline.step.CommitPacer;
import dev.threadline.step.StepProcessorApp;
import dev.threadline.topics.SerdeFactory;
import dev.threadline.topics.Topics;
import dev.threadline.topics.TopicsConfig;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;

/**
 * The physical floor of a Threadline step on this broker: two Kafka Streams passthrough hops in a
 * loop, both with the step processor's Streams configuration (exactly-once v2, poll and fetch
 * settings, producer linger) committing every 20 ms, as the step processor does while something
 * waits on its commits. Hop 1 ("decide") reads {@code a} and writes {@code b}; hop 2 ("act") reads
 * {@code b} and writes {@code a}. N keys each carry one record around K times, as N threads of K
 * steps would; a "step" is the time between two outputs of hop 1 for the same key, measured from
 * record timestamps set at processing — the same way the pipeline's step overhead is measured from
 * event timestamps. A first round of the same loops over at least {@code warmUpHops} records
 * ({@link #WARM_UP_HOPS} by default) warms the hops up and is not measured.
 */
final class Floor {
  record Result(Percentiles step, double stepsPerSecond, long steps, double seconds) {}

  /**
   * Records of the unmeasured first round, at the least, by default: enough for the JIT to compile
   * the hops.
   */
  static final long WARM_UP_HOPS = 20_000;

  private Floor() {}

  static Result run(
      String bootstrap,
      String registryUrl,
      int keys,
      int loops,
      long warmUpHops,
      Duration timeout,
      Map<String, String> stepSettings,
      Path stateDir)
      throws Exception {
    String run = UUID.randomUUID().toString().substring(0, 8);
    String a = "bench-floor-" + run + "-a";
    String b = "bench-floor-" + run + "-b";
    // The floor runs with the step processor's own configuration, which needs the registry.
    Map<String, String> settings = new HashMap<>(stepSettings);
    settings.putIfAbsent("schema.registry.url", registryUrl);
    TopicsConfig topicsConfig = TopicsConfig.from(settings);
    int partitions = topicsConfig.partitions();
    try (Admin admin = Admin.create(Map.of("bootstrap.servers", bootstrap))) {
      admin
          .createTopics(
              List.of(
                  new NewTopic(a, partitions, (short) 1), new NewTopic(b, partitions, (short) 1)))
          .all()
          .get();
    }
    Topics topics =
        new Topics(topicsConfig, new SerdeFactory(Map.of("schema.registry.url", registryUrl)));
    List<StreamsLifecycle> apps = new ArrayList<>();
    try {
      apps.add(
          start(
              hop(a, b, true),
              bootstrap,
              topics,
              "bench-floor-" + run + "-decide",
              settings,
              stateDir));
      apps.add(
          start(
              hop(b, a, false),
              bootstrap,
              topics,
              "bench-floor-" + run + "-act",
              settings,
              stateDir));
      for (StreamsLifecycle app : apps) {
        app.awaitRunning(Duration.ofSeconds(60));
      }
      Map<String, Object> consumerConfig = new HashMap<>();
      consumerConfig.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
      consumerConfig.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
      consumerConfig.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
      consumerConfig.put(ConsumerConfig.GROUP_ID_CONFIG, "bench-floor-" + run + "-monitor");
      consumerConfig.put(ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, 10);
      try (var monitor =
              new KafkaConsumer<>(
                  consumerConfig, new StringDeserializer(), new ByteArrayDeserializer());
          var producer =
              new KafkaProducer<>(
                  Map.<String, Object>of("bootstrap.servers", bootstrap, "linger.ms", 0),
                  new StringSerializer(),
                  new ByteArraySerializer())) {
        monitor.subscribe(List.of(b));
        while (monitor.assignment().isEmpty()) {
          monitor.poll(Duration.ofMillis(50));
        }
        // Warm-up round, unmeasured: the same loops over at least warmUpHops records, so the
        // hops run compiled code even when the measured round is small.
        if (warmUpHops > 0) {
          int warmKeys = (int) Math.max(keys, Math.ceilDiv(warmUpHops, loops));
          long warmRecords = (long) warmKeys * loops;
          for (int k = 0; k < warmKeys; k++) {
            producer.send(new ProducerRecord<>(a, "w" + k, remaining(loops)));
          }
          producer.flush();
          long warmed = 0;
          long warmDeadline = System.nanoTime() + timeout.toNanos();
          while (warmed < warmRecords) {
            if (System.nanoTime() > warmDeadline) {
              throw new IllegalStateException(
                  "the floor's warm-up passed "
                      + warmed
                      + " of "
                      + warmRecords
                      + " records in "
                      + timeout);
            }
            warmed += monitor.poll(Duration.ofMillis(50)).count();
          }
        }
        for (int k = 0; k < keys; k++) {
          producer.send(new ProducerRecord<>(a, "k" + k, remaining(loops)));
        }
        producer.flush();
        Map<String, Long> last = new HashMap<>();
        List<Long> steps = new ArrayList<>();
        long expected = (long) keys * loops;
        long seen = 0;
        long first = Long.MAX_VALUE;
        long lastTs = 0;
        long deadline = System.nanoTime() + timeout.toNanos();
        while (seen < expected && System.nanoTime() < deadline) {
          for (var record : monitor.poll(Duration.ofMillis(50))) {
            seen++;
            first = Math.min(first, record.timestamp());
            lastTs = Math.max(lastTs, record.timestamp());
            Long previous = last.put(record.key(), record.timestamp());
            if (previous != null) {
              steps.add(record.timestamp() - previous);
            }
          }
        }
        double seconds = Math.max(1, lastTs - first) / 1000.0;
        return new Result(Percentiles.of(steps), seen / seconds, seen, seconds);
      }
    } finally {
      apps.forEach(StreamsLifecycle::close);
    }
  }

  private static byte[] remaining(long n) {
    return ByteBuffer.allocate(8).putLong(n).array();
  }

  private static Topology hop(String from, String to, boolean countsDown) {
    Topology topology = new Topology();
    topology.addSource(
        "in", Serdes.String().deserializer(), Serdes.ByteArray().deserializer(), from);
    topology.addProcessor("hop", () -> new Hop(countsDown), "in");
    topology.addSink(
        "out", to, Serdes.String().serializer(), Serdes.ByteArray().serializer(), "hop");
    return topology;
  }

  private static StreamsLifecycle start(
      Topology topology,
      String bootstrap,
      Topics topics,
      String id,
      Map<String, String> stepSettings,
      Path stateDir)
      throws Exception {
    Map<String, String> settings = new HashMap<>(stepSettings);
    // Every output of a hop is waited on by the next, as every request was before executors read
    // them early: the floor commits at the cadence the step processor keeps when something waits
    // on its commit (its early commits' least gap), not at its longer interval.
    settings.putIfAbsent(
        "threadline.step.commit.interval.ms", String.valueOf(CommitPacer.MIN_GAP_MS));
    settings.put("bootstrap.servers", bootstrap);
    settings.put("threadline.step.application.id", id);
    settings.put("threadline.step.state.dir", stateDir.resolve(id).toString());
    Properties config = StepProcessorApp.streamsConfig(settings, topics);
    config.put(StreamsConfig.ENSURE_EXPLICIT_INTERNAL_RESOURCE_NAMING_CONFIG, false);
    KafkaStreams streams = new KafkaStreams(topology, config);
    StreamsLifecycle lifecycle = StreamsLifecycle.supervise(streams, id);
    streams.start();
    return lifecycle;
  }

  /** Passes a record on, stamped with the processing time; hop 1 counts the loops down. */
  private static final class Hop implements Processor<String, byte[], String, byte[]> {
    private final boolean countsDown;
    private ProcessorContext<String, byte[]> context;

    Hop(boolean countsDown) {
      this.countsDown = countsDown;
    }

    @Override
    public void init(ProcessorContext<String, byte[]> context) {
      this.context = context;
    }

    @Override
    public void process(Record<String, byte[]> record) {
      long left = ByteBuffer.wrap(record.value()).getLong();
      if (countsDown) {
        if (left <= 0) {
          return;
        }
        left--;
      }
      context.forward(record.withValue(remaining(left)).withTimestamp(System.currentTimeMillis()));
    }
  }
}
