package dev.threadline.executor;

import dev.threadline.executor.consume.KeyedDispatcher;
import dev.threadline.executor.consume.LaneStart;
import dev.threadline.executor.consume.LaneWorker;
import dev.threadline.executor.consume.PollPacing;
import dev.threadline.testkit.ThreadlineCluster;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.AcknowledgeType;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaShareConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;

/**
 * Key-ordered parallel consumption (what the executor uses) against Kafka share groups (KIP-932),
 * on the real broker: REQUESTS records over KEYS thread ids, each taking WORK_MS of simulated model
 * or tool time. Prints throughput and how often two requests of one thread overlapped or ran out of
 * order. Run with {@code ./threadline bench-lanes}; not part of the test suite.
 */
class LaneStrategyBenchmark {
  private static final int REQUESTS = Integer.getInteger("bench.requests", 2_000);
  private static final int KEYS = Integer.getInteger("bench.keys", 200);
  private static final int WORK_MS = Integer.getInteger("bench.work.ms", 5);
  private static final ThreadlineCluster cluster = ThreadlineCluster.shared();

  /** Per key: the last sequence number finished, and whether one is running now. */
  private static final class OrderCheck {
    final Map<String, Integer> last = new ConcurrentHashMap<>();
    final Map<String, AtomicInteger> running = new ConcurrentHashMap<>();
    final AtomicInteger overlaps = new AtomicInteger();
    final AtomicInteger outOfOrder = new AtomicInteger();
    final AtomicInteger done = new AtomicInteger();

    void work(String key, int seq) {
      if (running.computeIfAbsent(key, k -> new AtomicInteger()).incrementAndGet() > 1) {
        overlaps.incrementAndGet();
      }
      try {
        Thread.sleep(WORK_MS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      Integer previous = last.put(key, seq);
      if (previous != null && previous > seq) {
        outOfOrder.incrementAndGet();
      }
      running.get(key).decrementAndGet();
      done.incrementAndGet();
    }
  }

  @Test
  void printKeyOrderedVersusShareGroups() throws Exception {
    System.out.printf(
        "%d requests over %d threads, %d ms each, one instance, %d cores%n",
        REQUESTS, KEYS, WORK_MS, Runtime.getRuntime().availableProcessors());
    System.out.println(
        "| strategy | in flight | requests/s | same-thread overlaps | out of order |");
    System.out.println("|---|---|---|---|---|");
    keyOrdered(64);
    share(4, false);
    share(4, true);
  }

  private static String topic(String name) throws Exception {
    cluster.withAdmin(
        admin ->
            admin
                .createTopics(List.of(new NewTopic(name, 6, (short) 1)))
                .all()
                .get(30, TimeUnit.SECONDS));
    return name;
  }

  private static void produce(String topic) {
    try (var producer =
        new KafkaProducer<>(
            Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                cluster.bootstrapServers(),
                ProducerConfig.LINGER_MS_CONFIG,
                5),
            new StringSerializer(),
            new ByteArraySerializer())) {
      for (int i = 0; i < REQUESTS; i++) {
        producer.send(
            new ProducerRecord<>(
                topic, "thread-" + (i % KEYS), ByteBuffer.allocate(4).putInt(i / KEYS).array()));
      }
    }
  }

  private static void report(String name, String inFlight, OrderCheck check, long startNanos) {
    double seconds = (System.nanoTime() - startNanos) / 1e9;
    String rate =
        check.done.get() < REQUESTS
            ? String.format(
                "%.0f (only %d done in %.0f s)",
                check.done.get() / seconds, check.done.get(), seconds)
            : String.format("%.0f", REQUESTS / seconds);
    System.out.printf(
        "| %s | %s | %s | %d | %d |%n",
        name, inFlight, rate, check.overlaps.get(), check.outOfOrder.get());
  }

  private static void awaitDone(OrderCheck check) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
    while (check.done.get() < REQUESTS && System.nanoTime() < deadline) {
      Thread.sleep(5);
    }
  }

  private void keyOrdered(int budget) throws Exception {
    String topic = topic("bench-keyed-" + System.nanoTime());
    produce(topic);
    OrderCheck check = new OrderCheck();
    Map<String, Object> config =
        Map.of(
            ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
            cluster.bootstrapServers(),
            ConsumerConfig.GROUP_ID_CONFIG,
            topic + "-group");
    try (KeyedDispatcher dispatcher = new KeyedDispatcher()) {
      long start = System.nanoTime();
      LaneWorker worker =
          new LaneWorker(
              "bench",
              List.of(
                  new LaneWorker.Lane(
                      topic,
                      budget,
                      r -> check.work(r.key(), ByteBuffer.wrap(r.value()).getInt()))),
              config,
              Duration.ofMillis(100),
              dispatcher,
              LaneStart.COMMITTED,
              PollPacing.NONE);
      Thread thread = Thread.ofPlatform().start(worker);
      awaitDone(check);
      report("key-ordered parallel (classic group)", String.valueOf(budget), check, start);
      worker.stop();
      thread.join();
    }
  }

  private void share(int consumers, boolean parallelBatch) throws Exception {
    String topic = topic("bench-share-" + System.nanoTime());
    String group = topic + "-group";
    try (Admin admin = Admin.create(cluster.broker().adminConfig())) {
      // Share groups start at the latest offset by default.
      var resource =
          new org.apache.kafka.common.config.ConfigResource(
              org.apache.kafka.common.config.ConfigResource.Type.GROUP, group);
      var op =
          new org.apache.kafka.clients.admin.AlterConfigOp(
              new org.apache.kafka.clients.admin.ConfigEntry("share.auto.offset.reset", "earliest"),
              org.apache.kafka.clients.admin.AlterConfigOp.OpType.SET);
      admin.incrementalAlterConfigs(Map.of(resource, List.of(op))).all().get(30, TimeUnit.SECONDS);
    }
    produce(topic);
    OrderCheck check = new OrderCheck();
    AtomicBoolean running = new AtomicBoolean(true);
    ExecutorService work = Executors.newVirtualThreadPerTaskExecutor();
    List<Thread> threads = new ArrayList<>();
    AtomicInteger subscribed = new AtomicInteger();
    for (int c = 0; c < consumers; c++) {
      threads.add(
          Thread.ofPlatform()
              .start(
                  () -> {
                    Map<String, Object> config =
                        Map.of(
                            ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                            cluster.bootstrapServers(),
                            ConsumerConfig.GROUP_ID_CONFIG,
                            group,
                            "share.acknowledgement.mode",
                            "explicit");
                    try (var consumer =
                        new KafkaShareConsumer<>(
                            config, new StringDeserializer(), new ByteArrayDeserializer())) {
                      consumer.subscribe(List.of(topic));
                      subscribed.incrementAndGet();
                      while (running.get()) {
                        var records = consumer.poll(Duration.ofMillis(50));
                        if (parallelBatch) {
                          List<Future<?>> futures = new ArrayList<>();
                          for (ConsumerRecord<String, byte[]> r : records) {
                            futures.add(
                                work.submit(
                                    () ->
                                        check.work(r.key(), ByteBuffer.wrap(r.value()).getInt())));
                          }
                          for (Future<?> f : futures) {
                            f.get();
                          }
                        } else {
                          for (ConsumerRecord<String, byte[]> r : records) {
                            check.work(r.key(), ByteBuffer.wrap(r.value()).getInt());
                          }
                        }
                        records.forEach(r -> consumer.acknowledge(r, AcknowledgeType.ACCEPT));
                        consumer.commitSync();
                      }
                    } catch (Exception e) {
                      System.out.println("share consumer failed: " + e);
                    }
                  }));
    }
    long start = System.nanoTime();
    awaitDone(check);
    report(
        "share group, " + consumers + " consumers" + (parallelBatch ? ", batch in parallel" : ""),
        parallelBatch ? consumers + " × batch" : String.valueOf(consumers),
        check,
        start);
    running.set(false);
    for (Thread t : threads) {
      t.join();
    }
    work.shutdown();
  }
}
