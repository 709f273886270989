package dev.threadline.executor;

import dev.threadline.avro.ContentDelta;
import dev.threadline.avro.ModelResult;
import dev.threadline.avro.ToolResult;
import dev.threadline.testkit.Await;
import dev.threadline.topics.Topics;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/** Reads what executors publish — model and tool results, deltas — on a background thread. */
final class ResultReader implements AutoCloseable {
  final List<ModelResult> modelResults = new CopyOnWriteArrayList<>();
  final List<ToolResult> toolResults = new CopyOnWriteArrayList<>();
  final List<ContentDelta> deltas = new CopyOnWriteArrayList<>();

  /** When each thread's first model result was published (its record timestamp). */
  final Map<String, Long> modelResultTimes = new ConcurrentHashMap<>();

  private final CountDownLatch assigned = new CountDownLatch(1);
  private final Thread thread;
  private volatile boolean reading = true;

  ResultReader(String bootstrapServers, Topics topics, String group) {
    thread = Thread.ofPlatform().daemon().start(() -> read(bootstrapServers, topics, group));
    try {
      if (!assigned.await(30, TimeUnit.SECONDS)) {
        throw new AssertionError("the result reader did not join in time");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError(e);
    }
  }

  private void read(String bootstrapServers, Topics topics, String group) {
    Map<String, Object> config =
        Map.of(
            ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers,
            ConsumerConfig.GROUP_ID_CONFIG, group,
            ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
    try (var consumer =
        new KafkaConsumer<>(config, new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
      consumer.subscribe(
          List.of(
              topics.modelResults().name(),
              topics.toolResults().name(),
              topics.threadDeltas().name()),
          new ConsumerRebalanceListener() {
            @Override
            public void onPartitionsRevoked(Collection<TopicPartition> partitions) {}

            @Override
            public void onPartitionsAssigned(Collection<TopicPartition> partitions) {
              assigned.countDown();
            }
          });
      while (reading) {
        for (var r : consumer.poll(Duration.ofMillis(50))) {
          if (r.topic().equals(topics.threadDeltas().name())) {
            deltas.add(
                topics
                    .threadDeltas()
                    .valueSerde()
                    .deserializer()
                    .deserialize(r.topic(), r.value()));
          } else if (r.topic().equals(topics.modelResults().name())) {
            ModelResult result =
                topics.modelResults().valueSerde().deserializer().deserialize(r.topic(), r.value());
            modelResultTimes.putIfAbsent(result.getThreadId(), r.timestamp());
            modelResults.add(result);
          } else {
            toolResults.add(
                topics.toolResults().valueSerde().deserializer().deserialize(r.topic(), r.value()));
          }
        }
      }
    }
  }

  /** The first model result of {@code threadId}, waiting up to {@code timeout}. */
  ModelResult modelResult(String threadId, Duration timeout) throws InterruptedException {
    return await(
        () ->
            modelResults.stream()
                .filter(r -> r.getThreadId().equals(threadId))
                .findFirst()
                .orElse(null),
        timeout,
        "a model result of " + threadId);
  }

  static <T> T await(Supplier<T> probe, Duration timeout, String what) throws InterruptedException {
    return Await.value(probe, what, timeout);
  }

  @Override
  public void close() {
    reading = false;
    try {
      thread.join(5_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
