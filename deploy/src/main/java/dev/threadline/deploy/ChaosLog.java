package dev.threadline.deploy;

import dev.threadline.avro.ThreadEvent;
import dev.threadline.avro.ToolError;
import dev.threadline.avro.ToolResult;
import dev.threadline.topics.Topics;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.StringDeserializer;

/**
 * Reads {@code thread-events}, {@code tool-results} and {@code dead-letters} from their beginning,
 * {@code read_committed}, into a {@link ChaosCheck} and a {@link CronCheck} — what the log says,
 * not what a service reports — and notes when each turn completed, to measure how long completions
 * stalled. Survives the broker going away (the consumer waits for it).
 */
final class ChaosLog implements AutoCloseable {
  private final ChaosCheck check;
  private final CronCheck crons;
  private final Topics topics;
  private final Deserializer<ThreadEvent> events;
  private final KafkaConsumer<String, byte[]> consumer;
  private final Thread reader;
  private final List<Long> completions = new CopyOnWriteArrayList<>();
  private final java.util.concurrent.atomic.AtomicInteger deadLetters =
      new java.util.concurrent.atomic.AtomicInteger();
  private volatile boolean running = true;

  ChaosLog(
      String bootstrap,
      Topics topics,
      ChaosCheck check,
      CronCheck crons,
      Deserializer<ThreadEvent> events) {
    this.events = events;
    this.check = check;
    this.crons = crons;
    this.topics = topics;
    this.consumer =
        new KafkaConsumer<>(
            Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                bootstrap,
                ConsumerConfig.ISOLATION_LEVEL_CONFIG,
                "read_committed",
                ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG,
                false),
            new StringDeserializer(),
            new ByteArrayDeserializer());
    List<TopicPartition> partitions = new ArrayList<>();
    for (String topic :
        List.of(
            topics.threadEvents().name(),
            topics.toolResults().name(),
            topics.deadLetters().name())) {
      consumer
          .partitionsFor(topic)
          .forEach(p -> partitions.add(new TopicPartition(topic, p.partition())));
    }
    consumer.assign(partitions);
    consumer.seekToBeginning(partitions);
    this.reader = Thread.ofPlatform().daemon().name("chaos-log").start(this::read);
  }

  private void read() {
    var results = topics.toolResults().valueSerde().deserializer();
    while (running) {
      for (var record : consumer.poll(Duration.ofMillis(100))) {
        if (record.topic().equals(topics.threadEvents().name())) {
          ThreadEvent e = events.deserialize(record.topic(), record.value());
          String type = e.getPayload().getClass().getSimpleName();
          check.event(e.getThreadId(), e.getSeq(), type);
          crons.event(e);
          if (type.equals("TurnCompleted")) {
            completions.add(System.nanoTime());
          }
        } else if (record.topic().equals(topics.deadLetters().name())) {
          deadLetters.incrementAndGet();
        } else {
          ToolResult r = results.deserialize(record.topic(), record.value());
          ToolError error = r.getError();
          check.toolResult(
              r.getRequestId(), error == null ? "ok:" + r.getOutput() : "error:" + error.getCode());
        }
      }
    }
  }

  /** Records on dead-letters so far: a valid command dead-lettered in a round is a failure. */
  int deadLetters() {
    return deadLetters.get();
  }

  /** When the last turn completed ({@link System#nanoTime}), or 0 if none has. */
  long lastCompletion() {
    return completions.isEmpty() ? 0 : completions.get(completions.size() - 1);
  }

  /** The longest time between two completed turns after {@code sinceNanos} (or since then). */
  Duration longestStall(long sinceNanos) {
    long longest = 0;
    long previous = sinceNanos;
    for (long at : completions) {
      if (at > sinceNanos) {
        longest = Math.max(longest, at - previous);
        previous = at;
      }
    }
    return Duration.ofNanos(longest);
  }

  @Override
  public void close() {
    running = false;
    try {
      reader.join(5_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    consumer.close();
  }
}
