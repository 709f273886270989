package dev.threadline.deploy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * The local stack's schema registry: Apicurio Registry's distribution in its own JVM, with the
 * Confluent-compatible API, keeping its schemas in a Kafka topic so that schema ids stay valid for
 * the records across restarts.
 */
final class LocalRegistry {
  private LocalRegistry() {}

  static void start(
      StackProcesses processes, Path home, Path jar, int port, String bootstrap, String url)
      throws Exception {
    Path dir = home.resolve("registry");
    Files.createDirectories(dir);
    processes.spawnIn(
        dir,
        "registry",
        List.of(
            "-Xmx256m",
            "-XX:+UseSerialGC",
            "-XX:TieredStopAtLevel=1",
            "-Dquarkus.http.host=127.0.0.1",
            "-Dquarkus.http.port=" + port,
            "-Dquarkus.management.host=127.0.0.1",
            "-Dquarkus.management.port=" + (port + 1),
            "-Dapicurio.rules.global.compatibility=BACKWARD_TRANSITIVE",
            "-Dapicurio.storage.kind=kafkasql",
            "-Dapicurio.kafkasql.bootstrap.servers=" + bootstrap,
            "-Dcom.arjuna.ats.arjuna.common.CoreEnvironmentBean.processImplementationClassName=com.arjuna.ats.internal.arjuna.utils.UuidProcessId",
            "-jar",
            jar.toString()));
    processes.awaitHttp(Duration.ofSeconds(120), "the schema registry", url + "/subjects");
  }
}
