package dev.threadline.kafka;

import dev.threadline.topics.Topics;
import java.util.Map;
import java.util.Properties;
import java.util.function.BinaryOperator;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.streams.StreamsConfig;

/**
 * The Kafka Streams configuration every Threadline Streams application shares, read from its own
 * {@code threadline.<service>.*} keys: exactly-once, low-latency polling, explicit names, dead
 * letters. Each non-default line says why; services add what is theirs.
 */
public final class StreamsSettings {
  private StreamsSettings() {}

  /**
   * @param service the key prefix and default names, e.g. {@code step} for {@code
   *     threadline.step.*}, application id {@code threadline-step-processor}
   * @param defaultApplicationId the application id when {@code threadline.<service>.application.id}
   *     is not set
   * @param defaultCommitMs the commit interval when {@code threadline.<service>.commit.interval.ms}
   *     is not set
   */
  public static Properties base(
      Map<String, String> settings,
      Topics topics,
      String service,
      String defaultApplicationId,
      String defaultCommitMs) {
    return base(settings, topics, service, defaultApplicationId, defaultCommitMs, "10");
  }

  /**
   * {@link #base(Map, Topics, String, String, String)} with {@code defaultLingerMs}, the producer's
   * linger when {@code threadline.<service>.producer.linger.ms} is not set.
   */
  public static Properties base(
      Map<String, String> settings,
      Topics topics,
      String service,
      String defaultApplicationId,
      String defaultCommitMs,
      String defaultLingerMs) {
    String prefix = "threadline." + service + ".";
    // threadline.<service>.<name>, or the fallback.
    BinaryOperator<String> own = (name, fallback) -> settings.getOrDefault(prefix + name, fallback);
    Properties p = new Properties();
    p.put(StreamsConfig.APPLICATION_ID_CONFIG, own.apply("application.id", defaultApplicationId));
    // bootstrap.servers and the cluster's security settings, for every client Streams makes.
    p.putAll(KafkaClients.connection(settings));
    // State, output and input offsets commit atomically (principle 3), and input is read
    // read_committed: nothing of an aborted upstream transaction is ever processed.
    p.put(StreamsConfig.PROCESSING_GUARANTEE_CONFIG, StreamsConfig.EXACTLY_ONCE_V2);
    // Each commit ends a transaction, and downstream read_committed consumers see output only then.
    p.put(
        StreamsConfig.COMMIT_INTERVAL_MS_CONFIG, own.apply("commit.interval.ms", defaultCommitMs));
    // An idle stream thread blocks in poll() up to poll.ms before it gets to commit what it has
    // processed; with the default 100 ms that wait, not the commit interval, bounds latency.
    p.put(StreamsConfig.POLL_MS_CONFIG, own.apply("poll.ms", "5"));
    // A read_committed fetch parked at the broker is usually answered when a transaction commits,
    // but not always at once: with 500 ms (the default) the unloaded step read ~10 ms slower at
    // p50 (docs/benchmarks.md). Short waits cost only empty fetches, which a busy thread never
    // sends.
    p.put(
        StreamsConfig.mainConsumerPrefix(ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG),
        own.apply("fetch.max.wait.ms", "10"));
    // Inputs need no cross-topic time order (each is decided on its own), so process what is
    // there instead of waiting to learn every partition's lag.
    p.put(StreamsConfig.MAX_TASK_IDLE_MS_CONFIG, own.apply("max.task.idle.ms", "-1"));
    // A linger sends fewer, fuller produce requests (the broker's cost is per request: 10 ms took
    // the benchmark from 2,490 to 3,480 steps/s when all output waited for its commit anyway). A
    // commit waits for what is still lingering, which is why Streams' default of 100 ms made an
    // unloaded hop slower (PLATFORM-NOTES); output read before its commit waits for all of it.
    p.put(
        StreamsConfig.producerPrefix(ProducerConfig.LINGER_MS_CONFIG),
        own.apply("producer.linger.ms", defaultLingerMs));
    // A transaction's first request that reaches the coordinator while it still writes the previous
    // transaction's markers is refused (CONCURRENT_TRANSACTIONS) and retried after this back-off.
    // Kafka's 100 ms held the stream thread that long, and every thread's next step with it: with 5
    // the unloaded bench's slowest steps went from 129-168 ms to 49-67 (docs/benchmarks.md).
    p.put(
        StreamsConfig.producerPrefix(ProducerConfig.RETRY_BACKOFF_MS_CONFIG),
        own.apply("producer.retry.backoff.ms", "5"));
    p.put(
        StreamsConfig.producerPrefix(ProducerConfig.COMPRESSION_TYPE_CONFIG),
        own.apply("producer.compression.type", "none"));
    p.put(StreamsConfig.NUM_STREAM_THREADS_CONFIG, own.apply("stream.threads", "1"));
    p.put(
        StreamsConfig.REPLICATION_FACTOR_CONFIG,
        settings.getOrDefault("threadline.topic.replication.factor", "1"));
    p.put(
        StreamsConfig.STATE_DIR_CONFIG,
        own.apply("state.dir", System.getProperty("java.io.tmpdir") + "/" + defaultApplicationId));
    // Static membership: an instance restarted with the same threadline.<service>.instance.id
    // takes its partitions back at once instead of waiting out the session of its dead self,
    // and a rolling restart moves nothing. Instance ids must be unique per application.
    String instance = settings.get(prefix + "instance.id");
    if (instance != null && !instance.isBlank()) {
      p.put(
          StreamsConfig.mainConsumerPrefix(ConsumerConfig.GROUP_INSTANCE_ID_CONFIG),
          instance.trim());
    }
    // How long a member that stopped heartbeating keeps its partitions: with static membership
    // this is how long the others wait for an instance that does not come back (45 s by default).
    p.put(
        StreamsConfig.mainConsumerPrefix(ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG),
        own.apply("session.timeout.ms", "15000"));
    // Renaming an unnamed store or topic would silently lose state: require explicit names.
    p.put(StreamsConfig.ENSURE_EXPLICIT_INTERNAL_RESOURCE_NAMING_CONFIG, true);
    // Poison pills go to the dead-letter topic; processing continues (principle 6).
    p.put(
        StreamsConfig.DESERIALIZATION_EXCEPTION_HANDLER_CLASS_CONFIG,
        DeadLetterDeserializationHandler.class);
    p.put(DeadLetterDeserializationHandler.TOPIC_CONFIG, topics.deadLetters().name());
    // The last line behind each processor's own handling: a record whose processing throws is
    // dead-lettered too, and the partition goes on (a registry outage fails the thread instead).
    p.put(
        StreamsConfig.PROCESSING_EXCEPTION_HANDLER_CLASS_CONFIG, DeadLetterProcessingHandler.class);
    // Same error handling for global stores as for tasks (the default from Kafka 5.0).
    p.put("processing.exception.handler.global.enabled", true);
    // Anything else Kafka Streams or its clients accept, verbatim and last, for tuning without a
    // release: threadline.<service>.streams.producer.batch.size=65536 sets the Streams key
    // producer.batch.size. Kafka logs a key it does not know as unused at start-up.
    String raw = prefix + "streams.";
    settings.forEach(
        (key, value) -> {
          if (key.startsWith(raw) && key.length() > raw.length()) {
            p.put(key.substring(raw.length()), value);
          }
        });
    return p;
  }
}
