package dev.threadline.step;

import dev.threadline.avro.ModelRequest;
import dev.threadline.avro.ThreadEvent;
import dev.threadline.avro.ThreadGroup;
import dev.threadline.avro.ToolRequest;
import dev.threadline.topics.ModelContexts;
import dev.threadline.topics.Topics;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/**
 * Reads everything the step processor writes (requests, events, dead letters) on a background
 * thread with read_committed, so an integration test can play the executor and watch the log.
 */
final class ClusterProbe implements AutoCloseable {
  final List<ModelRequest> modelRequests = new CopyOnWriteArrayList<>();
  private final ModelContexts contexts = new ModelContexts(Long.MAX_VALUE);
  final List<ToolRequest> toolRequests = new CopyOnWriteArrayList<>();
  final List<ThreadEvent> events = new CopyOnWriteArrayList<>();
  final List<ConsumerRecord<byte[], byte[]>> deadLetters = new CopyOnWriteArrayList<>();
  private final Thread thread;
  private volatile boolean running = true;

  ClusterProbe(String bootstrap, Topics topics) {
    Map<String, Object> config =
        Map.of(
            ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
            bootstrap,
            ConsumerConfig.GROUP_ID_CONFIG,
            "probe-" + topics.config().prefix(),
            ConsumerConfig.AUTO_OFFSET_RESET_CONFIG,
            "earliest",
            ConsumerConfig.ISOLATION_LEVEL_CONFIG,
            "read_committed");
    List<String> names = new ArrayList<>();
    for (ThreadGroup lane : ThreadGroup.values()) {
      names.add(topics.modelRequests(lane).name());
    }
    names.addAll(
        List.of(
            topics.toolRequests(ThreadGroup.TASK).name(),
            topics.threadEvents().name(),
            topics.deadLetters().name()));
    var modelDeserializer = topics.modelRequests(ThreadGroup.TASK).valueSerde().deserializer();
    var toolDeserializer = topics.toolRequests(ThreadGroup.TASK).valueSerde().deserializer();
    var eventDeserializer = topics.threadEvents().valueSerde().deserializer();
    thread =
        Thread.ofPlatform()
            .name("cluster-probe")
            .daemon()
            .start(
                () -> {
                  try (var consumer =
                      new KafkaConsumer<>(
                          config, new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
                    consumer.subscribe(names);
                    while (running) {
                      for (ConsumerRecord<byte[], byte[]> r :
                          consumer.poll(Duration.ofMillis(50))) {
                        String topic = r.topic();
                        if (topic.equals(topics.toolRequests(ThreadGroup.TASK).name())) {
                          toolRequests.add(toolDeserializer.deserialize(topic, r.value()));
                        } else if (topic.equals(topics.threadEvents().name())) {
                          events.add(eventDeserializer.deserialize(topic, r.value()));
                        } else if (topic.equals(topics.deadLetters().name())) {
                          deadLetters.add(r);
                        } else {
                          modelRequests.add(whole(modelDeserializer.deserialize(topic, r.value())));
                        }
                      }
                    }
                  }
                });
  }

  /** With its whole context, as an executor rebuilds it (or as sent, if it could not). */
  private ModelRequest whole(ModelRequest request) {
    return contexts.resolve(request) instanceof ModelContexts.Whole w
        ? ModelRequest.newBuilder(request).setMessages(w.messages()).setReuse(null).build()
        : request;
  }

  ModelRequest awaitModelRequest(Predicate<ModelRequest> match) {
    return await(
        () -> modelRequests.stream().filter(match).findFirst().orElse(null), "a model request");
  }

  ToolRequest awaitToolRequest(Predicate<ToolRequest> match) {
    return await(
        () -> toolRequests.stream().filter(match).findFirst().orElse(null), "a tool request");
  }

  ThreadEvent awaitEvent(String threadId, Predicate<ThreadEvent> match) {
    return await(
        () ->
            events.stream()
                .filter(e -> e.getThreadId().equals(threadId))
                .filter(match)
                .findFirst()
                .orElse(null),
        "an event of " + threadId);
  }

  List<ThreadEvent> events(String threadId) {
    return events.stream().filter(e -> e.getThreadId().equals(threadId)).toList();
  }

  static <T> T await(Supplier<T> probe, String what) {
    long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
    while (System.nanoTime() < deadline) {
      T value = probe.get();
      if (value != null) {
        return value;
      }
      try {
        Thread.sleep(20);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException(e);
      }
    }
    throw new AssertionError("timed out waiting for " + what);
  }

  @Override
  public void close() {
    running = false;
    try {
      thread.join(5_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
