package dev.threadline.testkit;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
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

  /** Client settings common to every producer, consumer, admin and Streams app in tests. */
  public Map<String, Object> clientConfig() {
    Map<String, Object> config = new HashMap<>();
    config.put("bootstrap.servers", bootstrapServers());
    config.put("schema.registry.url", registryUrl());
    return config;
  }
}
