package dev.threadline.deploy;

import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;

/**
 * The local stack's Apache Kafka broker: one KRaft node (broker and controller) in its own JVM,
 * from the Kafka jars, its storage formatted once under {@code kafka/data} and reused after.
 */
final class LocalBroker {
  /** The broker's JVM options, replaced by {@code THREADLINE_BROKER_JVM_OPTIONS}. */
  static final List<String> JVM_OPTIONS = List.of("-Xms1g", "-Xmx1g", "-XX:+UseParallelGC");

  private LocalBroker() {}

  /**
   * @param settings the stack's settings; those named {@code broker.<key>} go to the broker
   */
  static void start(
      StackProcesses processes, Path home, String classpath, int port, Map<String, String> settings)
      throws Exception {
    Path dir = home.resolve("kafka");
    Files.createDirectories(dir);
    Path config = dir.resolve("server.properties");
    try (Writer w = Files.newBufferedWriter(config)) {
      properties(dir, port, settings).store(w, "Threadline local broker");
    }
    if (!Files.exists(dir.resolve("data").resolve("meta.properties"))) {
      format(home, classpath, config);
    }
    List<String> args =
        new ArrayList<>(StackProcesses.jvmOptions("THREADLINE_BROKER_JVM_OPTIONS", JVM_OPTIONS));
    args.addAll(List.of("-cp", classpath, "kafka.Kafka", config.toString()));
    processes.spawn("kafka", args);
    processes.await(Duration.ofSeconds(60), "the broker", () -> answers("127.0.0.1:" + port));
  }

  private static Properties properties(Path dir, int port, Map<String, String> settings) {
    Properties p = new Properties();
    p.setProperty("process.roles", "broker,controller");
    p.setProperty("node.id", "1");
    p.setProperty("controller.quorum.bootstrap.servers", "127.0.0.1:" + (port + 1));
    p.setProperty(
        "listeners", "PLAINTEXT://127.0.0.1:" + port + ",CONTROLLER://127.0.0.1:" + (port + 1));
    p.setProperty("advertised.listeners", "PLAINTEXT://127.0.0.1:" + port);
    p.setProperty("controller.listener.names", "CONTROLLER");
    p.setProperty("inter.broker.listener.name", "PLAINTEXT");
    p.setProperty("listener.security.protocol.map", "PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT");
    p.setProperty("log.dirs", dir.resolve("data").toString());
    // A single node: every internal topic has one replica, or transactions (EOS) cannot work.
    for (String key :
        List.of(
            "offsets.topic.replication.factor",
            "transaction.state.log.replication.factor",
            "transaction.state.log.min.isr",
            "share.coordinator.state.topic.replication.factor",
            "share.coordinator.state.topic.min.isr")) {
      p.setProperty(key, "1");
    }
    p.setProperty("group.initial.rebalance.delay.ms", "0");
    p.setProperty("auto.create.topics.enable", "false");
    // Settings given as broker.<key>=<value> (e.g. bench --set broker.num.io.threads=2) go to the
    // broker; services ignore them.
    settings.forEach(
        (key, value) -> {
          if (key.startsWith("broker.")) {
            p.setProperty(key.substring("broker.".length()), value);
          }
        });
    return p;
  }

  private static void format(Path home, String classpath, Path config) throws Exception {
    Path log = home.resolve("logs/kafka-format.log");
    Process format =
        new ProcessBuilder(
                StackProcesses.java(),
                "-cp",
                classpath,
                "kafka.tools.StorageTool",
                "format",
                "--standalone",
                "-t",
                UUID.randomUUID().toString().replace("-", "").substring(0, 22),
                "-c",
                config.toString())
            .redirectErrorStream(true)
            .redirectOutput(log.toFile())
            .start();
    if (format.waitFor() != 0) {
      throw new IllegalStateException("formatting Kafka storage failed; see " + log);
    }
  }

  private static boolean answers(String bootstrap) {
    try (Admin admin =
        Admin.create(
            Map.of(
                AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG,
                bootstrap,
                AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG,
                3000,
                AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG,
                2000))) {
      admin.describeCluster().nodes().get(3, TimeUnit.SECONDS);
      return true;
    } catch (Exception e) {
      return false;
    }
  }
}
