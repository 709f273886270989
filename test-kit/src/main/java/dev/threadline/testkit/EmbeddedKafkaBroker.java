package dev.threadline.testkit;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import kafka.server.KafkaConfig;
import kafka.server.KafkaRaftServer;
import kafka.tools.StorageTool;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.utils.Time;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A real single-node Apache Kafka broker in KRaft mode (combined broker and controller), running
 * inside the test JVM on 127.0.0.1.
 *
 * <p>Lifecycle: {@link #start()} formats a fresh log directory with the Kafka storage tool and
 * starts {@link KafkaRaftServer}; {@link #stop()} shuts it down and can be followed by another
 * {@code start()} on the same ports and data (a broker restart); {@link #close()} stops it and
 * deletes its data. The single-node settings (replication factor and min ISR 1 for the offsets,
 * transaction-state and share-coordinator topics) are what transactions need on one node.
 */
public final class EmbeddedKafkaBroker implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(EmbeddedKafkaBroker.class);

  private final int port;
  private final int controllerPort;
  private final Path dataDir;
  private final Properties props;
  private boolean formatted;
  private KafkaRaftServer server;

  public EmbeddedKafkaBroker() {
    this(FreePorts.next(), FreePorts.next(), tempDir(), Map.of());
  }

  public EmbeddedKafkaBroker(
      int port, int controllerPort, Path dataDir, Map<String, String> overrides) {
    this.port = port;
    this.controllerPort = controllerPort;
    this.dataDir = dataDir;
    this.props = brokerProperties(port, controllerPort, dataDir.resolve("logs"));
    overrides.forEach(props::setProperty);
  }

  /** The settings of a single-node KRaft broker that supports transactions and share groups. */
  public static Properties brokerProperties(int port, int controllerPort, Path logDir) {
    Properties p = new Properties();
    p.setProperty("process.roles", "broker,controller");
    p.setProperty("node.id", "1");
    p.setProperty("controller.quorum.bootstrap.servers", "127.0.0.1:" + controllerPort);
    p.setProperty(
        "listeners", "PLAINTEXT://127.0.0.1:" + port + ",CONTROLLER://127.0.0.1:" + controllerPort);
    p.setProperty("advertised.listeners", "PLAINTEXT://127.0.0.1:" + port);
    p.setProperty("controller.listener.names", "CONTROLLER");
    p.setProperty("inter.broker.listener.name", "PLAINTEXT");
    p.setProperty("listener.security.protocol.map", "PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT");
    p.setProperty("log.dirs", logDir.toAbsolutePath().toString());
    // One node: every internal topic must live with a single replica.
    p.setProperty("offsets.topic.replication.factor", "1");
    p.setProperty("transaction.state.log.replication.factor", "1");
    p.setProperty("transaction.state.log.min.isr", "1");
    p.setProperty("share.coordinator.state.topic.replication.factor", "1");
    p.setProperty("share.coordinator.state.topic.min.isr", "1");
    // Fewer internal partitions: faster first group join and first transaction on a small machine.
    p.setProperty("offsets.topic.num.partitions", "5");
    p.setProperty("transaction.state.log.num.partitions", "5");
    p.setProperty("share.coordinator.state.topic.num.partitions", "5");
    // Tests join groups often; the default 3 s delay would dominate their runtime.
    p.setProperty("group.initial.rebalance.delay.ms", "0");
    // Topics are created on purpose by the provisioning routine, never by a typo.
    p.setProperty("auto.create.topics.enable", "false");
    p.setProperty("num.partitions", "1");
    return p;
  }

  public synchronized EmbeddedKafkaBroker start() {
    if (server != null) {
      return this;
    }
    long started = System.nanoTime();
    if (!formatted) {
      format();
      formatted = true;
    }
    KafkaRaftServer s = new KafkaRaftServer(KafkaConfig.fromProps(props, false), Time.SYSTEM);
    s.startup();
    server = s;
    awaitReady(Duration.ofSeconds(60));
    log.info(
        "Kafka broker ready on {} in {} ms",
        bootstrapServers(),
        TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started));
    return this;
  }

  private void format() {
    try {
      Files.createDirectories(dataDir);
      Path config = dataDir.resolve("server.properties");
      try (Writer w = Files.newBufferedWriter(config)) {
        props.store(w, "threadline embedded broker");
      }
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      int rc;
      try (PrintStream ps = new PrintStream(out, true, StandardCharsets.UTF_8)) {
        rc =
            StorageTool.execute(
                new String[] {
                  "format",
                  "--standalone",
                  "-t",
                  Uuid.randomUuid().toString(),
                  "-c",
                  config.toString(),
                  "--ignore-formatted"
                },
                ps);
      }
      if (rc != 0) {
        throw new IllegalStateException(
            "formatting Kafka storage in "
                + dataDir
                + " failed: "
                + out.toString(StandardCharsets.UTF_8));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private void awaitReady(Duration timeout) {
    long deadline = System.nanoTime() + timeout.toNanos();
    Exception last = null;
    while (System.nanoTime() < deadline) {
      try (Admin admin = Admin.create(adminConfig())) {
        admin.describeCluster().nodes().get(5, TimeUnit.SECONDS);
        return;
      } catch (Exception e) {
        last = e;
        sleep(100);
      }
    }
    throw new IllegalStateException("Kafka broker on " + bootstrapServers() + " not ready", last);
  }

  public Map<String, Object> adminConfig() {
    return Map.of(
        AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers(),
        AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, 10_000,
        AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 20_000);
  }

  public String bootstrapServers() {
    return "127.0.0.1:" + port;
  }

  public int port() {
    return port;
  }

  public synchronized boolean isRunning() {
    return server != null;
  }

  /** Stops the broker but keeps its data; {@link #start()} brings it back on the same port. */
  public synchronized void stop() {
    if (server == null) {
      return;
    }
    server.shutdown();
    server.awaitShutdown();
    server = null;
  }

  @Override
  public synchronized void close() {
    stop();
    ScratchDirs.deleteRecursively(dataDir);
  }

  private static Path tempDir() {
    try {
      return Files.createTempDirectory("threadline-kafka-");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    }
  }
}
