package dev.threadline.step;

import static dev.threadline.step.Fixtures.call;

import dev.threadline.avro.ModelCallRequested;
import dev.threadline.avro.ModelRequest;
import dev.threadline.avro.ThreadGroup;
import dev.threadline.avro.ToolRequest;
import dev.threadline.avro.TurnCompleted;
import dev.threadline.kafka.TopicProvisioner;
import dev.threadline.testkit.ScratchDirs;
import dev.threadline.testkit.ThreadlineCluster;
import dev.threadline.topics.SerdeFactory;
import dev.threadline.topics.Topics;
import dev.threadline.topics.TopicsConfig;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.streams.KafkaStreams;
import org.junit.jupiter.api.Test;

/**
 * Per-step latency of the step processor by commit interval, on the real broker. Not part of the
 * test suite (the class name matches neither Surefire's nor Failsafe's patterns); run it with
 * {@code ./threadline bench-step}. Prints, per commit interval: steps/s, per-step overhead p50 /
 * p99 (ModelCallRequested of step s to that of step s+1, from the canonical event timestamps; a
 * step is two round trips through an in-process echo executor) and the one-hop latency from a
 * ModelCallRequested event to the executor receiving the request.
 */
class StepLatencyBenchmark {
  private static final int THREADS = Integer.getInteger("bench.threads", 20);
  private static final int STEPS = Integer.getInteger("bench.steps", 10);

  @Test
  void printLatencyByCommitInterval() throws Exception {
    ThreadlineCluster cluster = ThreadlineCluster.shared();
    System.out.printf(
        "step processor latency, %d threads x %d steps, exactly_once_v2, linger 0, %d cores%n",
        THREADS, STEPS, Runtime.getRuntime().availableProcessors());
    System.out.println(
        "| commit.interval.ms | steps/s | step p50 ms | step p99 ms | hop p50 ms | hop p99 ms |");
    System.out.println("|---|---|---|---|---|---|");
    for (String interval : System.getProperty("bench.intervals", "10,20,50,100").split(",")) {
      run(cluster, Integer.parseInt(interval.trim()));
    }
  }

  private void run(ThreadlineCluster cluster, int commitInterval) throws Exception {
    String prefix = "bench-" + commitInterval + "-" + System.nanoTime() % 100_000 + ".";
    Map<String, String> settings = new HashMap<>();
    settings.put("bootstrap.servers", cluster.bootstrapServers());
    settings.put("schema.registry.url", cluster.registryUrl());
    settings.put(TopicsConfig.PREFIX, prefix);
    settings.put(TopicsConfig.PARTITIONS, "2");
    settings.put("threadline.step.application.id", prefix + "step");
    settings.put("threadline.step.state.dir", ScratchDirs.create("bench-").toString());
    settings.put("threadline.step.commit.interval.ms", String.valueOf(commitInterval));
    SerdeFactory serdes = new SerdeFactory(new HashMap<>(settings));
    Topics topics = new Topics(TopicsConfig.from(settings), serdes);
    cluster.withAdmin(admin -> TopicProvisioner.provision(admin, topics));
    KafkaStreams streams =
        new KafkaStreams(
            StepTopology.build(topics, serdes, StepSettings.from(settings)),
            StepProcessorApp.streamsConfig(settings, topics));
    streams.start();
    ClusterProbe.await(
        () -> streams.state() == KafkaStreams.State.RUNNING ? true : null, "running");

    List<Long> hops = java.util.Collections.synchronizedList(new ArrayList<>());
    AtomicBoolean running = new AtomicBoolean(true);
    Thread executor = Thread.ofPlatform().start(() -> execute(cluster, topics, running, hops));
    var probe = new ClusterProbe(cluster.bootstrapServers(), topics);
    try (var producer = cluster.producer(new ByteArraySerializer())) {
      var agent = Fixtures.agent("bench", STEPS + 1);
      producer
          .send(
              new ProducerRecord<>(
                  topics.agentDefinitions().name(),
                  "acme/bench",
                  topics.agentDefinitions().serialize(agent)))
          .get();
      Thread.sleep(500); // the global store catches up
      var commands = topics.threadCommands();
      long start = System.nanoTime();
      for (int i = 0; i < THREADS; i++) {
        String id = "bench-" + i;
        producer.send(
            new ProducerRecord<>(
                commands.name(), id, commands.serialize(Fixtures.create(id + "-c", id, "bench"))));
        producer.send(
            new ProducerRecord<>(
                commands.name(), id, commands.serialize(Fixtures.message(id + "-m", id, "go"))));
      }
      producer.flush();
      try {
        ClusterProbe.await(
            () ->
                probe.events.stream().filter(e -> e.getPayload() instanceof TurnCompleted).count()
                        >= THREADS
                    ? true
                    : null,
            "all turns to complete");
      } catch (AssertionError e) {
        var counts = new java.util.TreeMap<String, Long>();
        probe.events.forEach(
            ev -> counts.merge(ev.getPayload().getClass().getSimpleName(), 1L, Long::sum));
        throw new AssertionError(
            e.getMessage() + "; events so far " + counts + ", hops " + hops.size());
      }
      double seconds = (System.nanoTime() - start) / 1e9;
      List<Long> stepGaps = new ArrayList<>();
      for (int i = 0; i < THREADS; i++) {
        List<Long> requested =
            probe.events("bench-" + i).stream()
                .filter(e -> e.getPayload() instanceof ModelCallRequested)
                .map(e -> e.getTimestamp().toEpochMilli())
                .toList();
        for (int s = 1; s < requested.size(); s++) {
          stepGaps.add(requested.get(s) - requested.get(s - 1));
        }
      }
      System.out.printf(
          "| %d | %.0f | %d | %d | %d | %d |%n",
          commitInterval,
          THREADS * STEPS / seconds,
          percentile(stepGaps, 50),
          percentile(stepGaps, 99),
          percentile(hops, 50),
          percentile(hops, 99));
    } finally {
      running.set(false);
      executor.join();
      probe.close();
      streams.close(Duration.ofSeconds(10));
    }
  }

  /** Answers model requests with one echo call until the last step, and echo calls at once. */
  private static void execute(
      ThreadlineCluster cluster, Topics topics, AtomicBoolean running, List<Long> hops) {
    Map<String, Object> consumerConfig =
        Map.of(
            ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
            cluster.bootstrapServers(),
            ConsumerConfig.GROUP_ID_CONFIG,
            topics.config().prefix() + "executor",
            ConsumerConfig.AUTO_OFFSET_RESET_CONFIG,
            "earliest",
            ConsumerConfig.ISOLATION_LEVEL_CONFIG,
            "read_committed",
            ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG,
            Integer.getInteger("bench.fetch.wait", 10));
    var modelTopic = topics.modelRequests(ThreadGroup.TASK);
    // Any failure here must be loud: a silent executor death would look like a stall.
    Thread.currentThread().setUncaughtExceptionHandler((t, e) -> e.printStackTrace());
    try (var consumer =
            new KafkaConsumer<>(
                consumerConfig, new StringDeserializer(), new ByteArrayDeserializer());
        var producer = cluster.producer(new ByteArraySerializer())) {
      consumer.subscribe(List.of(modelTopic.name(), topics.toolRequests(ThreadGroup.TASK).name()));
      while (running.get()) {
        for (var r : consumer.poll(Duration.ofMillis(20))) {
          long now = System.currentTimeMillis();
          if (r.topic().equals(modelTopic.name())) {
            ModelRequest req =
                modelTopic.valueSerde().deserializer().deserialize(r.topic(), r.value());
            hops.add(now - req.getIssuedAt().toEpochMilli());
            var result =
                req.getStep() < STEPS
                    ? Fixtures.reply(
                        req.getThreadId(),
                        req.getRequestId(),
                        req.getEpoch(),
                        null,
                        call("c" + req.getStep(), "echo", "{}"))
                    : Fixtures.reply(req.getThreadId(), req.getRequestId(), req.getEpoch(), "done");
            producer.send(
                new ProducerRecord<>(
                    topics.modelResults().name(),
                    r.key(),
                    topics.modelResults().serialize(result)));
          } else {
            ToolRequest req =
                topics
                    .toolRequests(ThreadGroup.TASK)
                    .valueSerde()
                    .deserializer()
                    .deserialize(r.topic(), r.value());
            var result =
                Fixtures.toolResult(
                    req.getThreadId(), req.getRequestId(), req.getEpoch(), req.getCallId(), "{}");
            producer.send(
                new ProducerRecord<>(
                    topics.toolResults().name(), r.key(), topics.toolResults().serialize(result)));
          }
        }
      }
    }
  }

  private static long percentile(List<Long> values, int p) {
    List<Long> sorted = new ArrayList<>(values);
    if (sorted.isEmpty()) {
      return -1;
    }
    sorted.sort(null);
    return sorted.get(Math.min(sorted.size() - 1, (int) Math.ceil(p / 100.0 * sorted.size()) - 1));
  }
}
