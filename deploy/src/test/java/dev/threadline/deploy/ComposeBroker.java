package dev.threadline.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.testkit.FreePorts;
import dev.threadline.testkit.ScratchDirs;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;

/**
 * The compose stack's broker made and started by its own scripts ({@code compose/kafka/}): {@code
 * setup.sh} makes the authority, certificate and passwords, {@code start.sh} formats the storage
 * with the SCRAM users and starts the broker from {@code server.properties}, {@code acls.sh} grants
 * the services' ACLs. The scripts run unchanged; what they call in the image ({@code
 * kafka-storage.sh}, {@code kafka-server-start.sh}, {@code kafka-acls.sh}) is Kafka's own command,
 * run from this build's classpath, and {@code keytool} is this JDK's. The volumes are folders under
 * {@link #secrets}, the ports free ones, the host name {@code localhost} (which the certificate
 * names too): the only changes to the shipped settings.
 */
record ComposeBroker(Path secrets, int port, int replicationPort, Process broker, Path log)
    implements AutoCloseable {
  static final Path SCRIPTS = Path.of("compose/kafka");

  /** Where the containers mount the volumes setup.sh writes. */
  static final String MOUNTS = "/etc/threadline";

  static ComposeBroker start(String topicPrefix) throws Exception {
    Path secrets = ScratchDirs.create("compose-kafka-");
    Path home = kafkaHome(secrets.resolve("kafka-home"));
    Map<String, String> env = new HashMap<>();
    env.put("THREADLINE_KAFKA_SECRETS", secrets.toString());
    env.put("KAFKA_HOME", home.toString());
    env.put("PATH", Path.of(System.getProperty("java.home"), "bin") + ":" + System.getenv("PATH"));
    run("setup.sh", env, secrets.resolve("setup.log"));

    int port = FreePorts.next();
    int controllerPort = FreePorts.next();
    int replicationPort = FreePorts.next();
    String template =
        Files.readString(SCRIPTS.resolve("server.properties"))
            .replace("kafka:9092", "localhost:" + port)
            .replace("://:9092", "://127.0.0.1:" + port)
            .replace(":9093", ":" + controllerPort)
            .replace(":9094", ":" + replicationPort)
            .replace("/var/lib/kafka/data", secrets.resolve("kafka-data").toString())
            .replace(MOUNTS, secrets.toString());
    Path templateFile = Files.writeString(secrets.resolve("server.template"), template);
    env.put("THREADLINE_KAFKA_TEMPLATE", templateFile.toString());
    env.put("THREADLINE_KAFKA_CONFIG", secrets.resolve("server.properties").toString());
    Path log = secrets.resolve("broker.log");
    ProcessBuilder start =
        new ProcessBuilder("/bin/sh", SCRIPTS.resolve("start.sh").toString())
            .redirectErrorStream(true)
            .redirectOutput(log.toFile());
    start.environment().putAll(env);
    Process broker = start.start();
    ComposeBroker started = new ComposeBroker(secrets, port, replicationPort, broker, log);
    started.awaitUp();

    env.put("THREADLINE_KAFKA_BOOTSTRAP", "localhost:" + port);
    env.put("THREADLINE_TOPIC_PREFIX", topicPrefix);
    run("acls.sh", env, secrets.resolve("acls.log"));
    return started;
  }

  /** A super user's client settings: the broker's own loopback listener. */
  Map<String, Object> superUser() {
    return Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, "127.0.0.1:" + replicationPort);
  }

  /** The local folder a container path under {@link #MOUNTS} of setup.sh's names. */
  Path local(String setupPath) {
    assertThat(setupPath).startsWith(MOUNTS + "/");
    return secrets.resolve(setupPath.substring(MOUNTS.length() + 1));
  }

  private void awaitUp() throws Exception {
    long deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos();
    while (true) {
      assertThat(broker.isAlive()).as("the broker runs: " + tail(log)).isTrue();
      try (Admin admin = Admin.create(superUser())) {
        admin.describeCluster().nodes().get(5, TimeUnit.SECONDS);
        return;
      } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
        assertThat(System.nanoTime()).as("the broker is up: " + tail(log)).isLessThan(deadline);
        Thread.sleep(200);
      }
    }
  }

  private static void run(String script, Map<String, String> env, Path log) throws Exception {
    ProcessBuilder builder =
        new ProcessBuilder("/bin/sh", SCRIPTS.resolve(script).toString())
            .redirectErrorStream(true)
            .redirectOutput(log.toFile());
    builder.environment().putAll(env);
    Process process = builder.start();
    assertThat(process.waitFor(300, TimeUnit.SECONDS)).as(script + " ends").isTrue();
    assertThat(process.exitValue()).as(script + ": " + tail(log)).isZero();
  }

  /** A Kafka installation's {@code bin/}: each command Kafka's own class, on this classpath. */
  private static Path kafkaHome(Path home) throws IOException {
    Path bin = Files.createDirectories(home.resolve("bin"));
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Map<String, String> commands =
        Map.of(
            "kafka-storage.sh", "kafka.tools.StorageTool",
            "kafka-server-start.sh", "kafka.Kafka",
            "kafka-acls.sh", "org.apache.kafka.tools.AclCommand");
    for (var command : commands.entrySet()) {
      String heap = command.getKey().equals("kafka-server-start.sh") ? "-Xmx512m" : "-Xmx128m";
      Path file = bin.resolve(command.getKey());
      Files.writeString(
          file,
          String.join(
              " ",
              List.of(
                  "#!/bin/sh\nexec",
                  "'" + java + "'",
                  heap,
                  "-XX:+UseSerialGC -XX:TieredStopAtLevel=1 -cp",
                  "'" + System.getProperty("java.class.path") + "'",
                  command.getValue(),
                  "\"$@\"\n")));
      Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
    }
    return home;
  }

  private static String tail(Path log) {
    try {
      List<String> lines = Files.readAllLines(log);
      return String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size()));
    } catch (IOException e) {
      return "(no log: " + e.getMessage() + ")";
    }
  }

  @Override
  public void close() {
    broker.destroy();
    try {
      if (!broker.waitFor(30, TimeUnit.SECONDS)) {
        broker.destroyForcibly();
      }
    } catch (InterruptedException e) {
      broker.destroyForcibly();
      Thread.currentThread().interrupt();
    }
  }
}
