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
      format(
          home,
          classpath,
          config,
          UUID.randomUUID().toString().replace("-", "").substring(0, 22),
          true);
    }
    List<String> args =
        new ArrayList<>(StackProcesses.jvmOptions("THREADLINE_BROKER_JVM_OPTIONS", JVM_OPTIONS));
    args.addAll(List.of("-cp", classpath, "kafka.Kafka", config.toString()));
    processes.spawn("kafka", args);
    processes.await(Duration.ofSeconds(60), "the broker", () -> answers("127.0.0.1:" + port));
  }

  /**
   * A cluster of {@code nodes} KRaft nodes (each broker and controller, a static quorum of them
   * all) on the port pairs {@code port, port + 1}, {@code port + 2, port + 3} …, named {@code
   * kafka-1} …; internal topics replicated to 3 with 2 in sync, as a production cluster would.
   */
  static void startCluster(
      StackProcesses processes,
      Path home,
      String classpath,
      int port,
      int nodes,
      Map<String, String> settings)
      throws Exception {
    List<String> voters = new ArrayList<>();
    for (int id = 1; id <= nodes; id++) {
      voters.add(id + "@127.0.0.1:" + (port + 2 * (id - 1) + 1));
    }
    String clusterId = UUID.randomUUID().toString().replace("-", "").substring(0, 22);
    for (int id = 1; id <= nodes; id++) {
      Path dir = home.resolve("kafka-" + id);
      Files.createDirectories(dir);
      int own = port + 2 * (id - 1);
      Properties p = properties(dir, own, settings);
      p.remove("controller.quorum.bootstrap.servers");
      p.setProperty("node.id", String.valueOf(id));
      p.setProperty("controller.quorum.voters", String.join(",", voters));
      int replicas = Math.min(3, nodes);
      String inSync = String.valueOf(replicas >= 3 ? 2 : 1);
      p.setProperty("offsets.topic.replication.factor", String.valueOf(replicas));
      p.setProperty("transaction.state.log.replication.factor", String.valueOf(replicas));
      p.setProperty("transaction.state.log.min.isr", inSync);
      p.setProperty("share.coordinator.state.topic.replication.factor", String.valueOf(replicas));
      p.setProperty("share.coordinator.state.topic.min.isr", inSync);
      p.setProperty("default.replication.factor", String.valueOf(replicas));
      p.setProperty("min.insync.replicas", inSync);
      Path config = dir.resolve("server.properties");
      try (Writer w = Files.newBufferedWriter(config)) {
        p.store(w, "Threadline local cluster node " + id);
      }
      if (!Files.exists(dir.resolve("data").resolve("meta.properties"))) {
        format(home, classpath, config, clusterId, false);
      }
      List<String> args =
          new ArrayList<>(StackProcesses.jvmOptions("THREADLINE_BROKER_JVM_OPTIONS", JVM_OPTIONS));
      args.addAll(List.of("-cp", classpath, "kafka.Kafka", config.toString()));
      processes.spawn("kafka-" + id, args);
    }
    for (int id = 1; id <= nodes; id++) {
      String bootstrap = "127.0.0.1:" + (port + 2 * (id - 1));
      processes.await(Duration.ofSeconds(90), "broker " + id, () -> answers(bootstrap));
    }
  }

  static Properties properties(Path dir, int port, Map<String, String> settings) {
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
    // A broker restarted after a crash cannot register until the controller has given up on its
    // dead incarnation's session: with Kafka's 9 s that wait was most of the pipeline's stall
    // after a broker kill (done 16.5-18 s after the restart; with these, 10.1 s). Heartbeats
    // every 500 ms keep four in a session, Kafka's own ratio.
    p.setProperty("broker.heartbeat.interval.ms", "500");
    p.setProperty("broker.session.timeout.ms", "2000");
    // A transaction's first write to a partition is checked with the transaction coordinator, and
    // one that finds the previous transaction still completing is retried by the broker after this
    // back-off: Kafka's 20 ms put 18-31 ms on 1-2 % of the unloaded bench's requests, 5 on 0-1 of
    // 3,900.
    p.setProperty("add.partitions.to.txn.retry.backoff.ms", "5");
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

  /** {@code standalone}: a one-node dynamic quorum; otherwise the static voters of the config. */
  private static void format(
      Path home, String classpath, Path config, String clusterId, boolean standalone)
      throws Exception {
    Path log = home.resolve("logs/kafka-format.log");
    List<String> command =
        new ArrayList<>(
            List.of(StackProcesses.java(), "-cp", classpath, "kafka.tools.StorageTool", "format"));
    if (standalone) {
      command.add("--standalone");
    }
    command.addAll(List.of("-t", clusterId, "-c", config.toString()));
    Process format =
        new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
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
