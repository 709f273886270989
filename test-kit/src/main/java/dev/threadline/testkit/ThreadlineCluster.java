package dev.threadline.testkit;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One real Kafka broker and one real schema registry shared by every test in a JVM (a Maven
 * module's test run): started on first use, stopped by a shutdown hook.
 *
 * <p>Tests must not assume an empty cluster: they use their own topic prefix or thread ids.
 */
public final class ThreadlineCluster {
  private static final Logger log = LoggerFactory.getLogger(ThreadlineCluster.class);
  private static ThreadlineCluster shared;

  private final EmbeddedKafkaBroker broker;
  private final EmbeddedSchemaRegistry registry;

  private ThreadlineCluster(EmbeddedKafkaBroker broker, EmbeddedSchemaRegistry registry) {
    this.broker = broker;
    this.registry = registry;
  }

  /** The JVM-wide cluster, started on first call. The broker and registry start in parallel. */
  public static synchronized ThreadlineCluster shared() {
    if (shared == null) {
      EmbeddedSchemaRegistry registry = new EmbeddedSchemaRegistry();
      EmbeddedKafkaBroker broker = new EmbeddedKafkaBroker();
      CompletableFuture<EmbeddedSchemaRegistry> registryStart =
          CompletableFuture.supplyAsync(registry::start);
      try {
        broker.start();
        registryStart.join();
      } catch (RuntimeException e) {
        registry.close();
        broker.close();
        throw e instanceof CompletionException && e.getCause() instanceof RuntimeException r
            ? r
            : e;
      }
      shared = new ThreadlineCluster(broker, registry);
      Runtime.getRuntime()
          .addShutdownHook(
              new Thread(
                  () -> {
                    log.info("stopping the shared test cluster");
                    registry.close();
                    broker.close();
                  }));
    }
    return shared;
  }

  public EmbeddedKafkaBroker broker() {
    return broker;
  }

  public String bootstrapServers() {
    return broker.bootstrapServers();
  }

  public String registryUrl() {
    return registry.url();
  }

  /** A producer of raw bytes, as any producer of the tests' records (valid or poison) is. */
  public KafkaProducer<byte[], byte[]> rawProducer() {
    return new KafkaProducer<>(
        Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers()),
        new ByteArraySerializer(),
        new ByteArraySerializer());
  }

  /** A producer of {@code values} keyed by text, sending each record at once (linger 0). */
  public <V> KafkaProducer<String, V> producer(Serializer<V> values) {
    return new KafkaProducer<>(
        Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers(), "linger.ms", 0),
        new StringSerializer(),
        values);
  }

  /**
   * A consumer of what transactions committed on this cluster, from the start of the topics it
   * subscribes to, in consumer group {@code group}.
   */
  public <K, V> KafkaConsumer<K, V> committedReader(
      String group, Deserializer<K> keys, Deserializer<V> values) {
    return new KafkaConsumer<>(
        Map.of(
            ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
            bootstrapServers(),
            ConsumerConfig.GROUP_ID_CONFIG,
            group,
            ConsumerConfig.AUTO_OFFSET_RESET_CONFIG,
            "earliest",
            ConsumerConfig.ISOLATION_LEVEL_CONFIG,
            "read_committed"),
        keys,
        values);
  }

  /**
   * Settings of a Threadline run in-process on this cluster, every name in them derived from {@code
   * name}: its topics ({@code name.} prefix, {@code partitions} each), the step processor's
   * application id and state folder, the executor's group and the blob folder. Mutable: a test adds
   * its own.
   */
  public Map<String, String> pipelineSettings(String name, int partitions) {
    Map<String, String> settings = new HashMap<>();
    settings.put("bootstrap.servers", bootstrapServers());
    settings.put("schema.registry.url", registryUrl());
    settings.put("threadline.topic.prefix", name + ".");
    settings.put("threadline.topic.partitions", String.valueOf(partitions));
    settings.put("threadline.step.application.id", name + "-step-processor");
    settings.put("threadline.step.state.dir", ScratchDirs.create(name + "-").toString());
    settings.put("threadline.blobs.dir", ScratchDirs.create(name + "-blobs-").toString());
    settings.put("threadline.executor.group.id", name + "-executor");
    return settings;
  }

  /** Work with an admin client, which may throw what the client does. */
  public interface AdminWork {
    void run(Admin admin) throws Exception;
  }

  /** Runs {@code work} with an admin client of the broker (creating topics, mostly). */
  public void withAdmin(AdminWork work) throws Exception {
    try (Admin admin = Admin.create(broker.adminConfig())) {
      work.run(admin);
    }
  }

  /** Client settings common to every producer, consumer, admin and Streams app in tests. */
  public Map<String, Object> clientConfig() {
    Map<String, Object> config = new HashMap<>();
    config.put("bootstrap.servers", bootstrapServers());
    config.put("schema.registry.url", registryUrl());
    return config;
  }
}
