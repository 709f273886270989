package dev.threadline.testkit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A real Apicurio Registry 3.x (Confluent-compatible API at {@code /apis/ccompat/v7}) running as a
 * child JVM on 127.0.0.1 with in-memory storage and BACKWARD global compatibility (Confluent's
 * default) — or whatever storage and settings {@link #withEnvironment} gives it, as its container's
 * environment would.
 *
 * <p>The runnable distribution ({@code io.apicurio:apicurio-registry-app:tar.gz:all}) is unpacked
 * by the test-kit build; its location comes from the system property {@code
 * threadline.registry.dist} or is found by walking up from the working directory. The child runs on
 * the same JDK as the caller (Apicurio needs Java 21+).
 */
public final class EmbeddedSchemaRegistry implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(EmbeddedSchemaRegistry.class);
  static final String DIST_PROPERTY = "threadline.registry.dist";

  private final int port;
  private final int managementPort;
  private final Path workDir;
  private Map<String, String> environment = Map.of();
  private Process process;

  public EmbeddedSchemaRegistry() {
    this(FreePorts.next(), FreePorts.next());
  }

  public EmbeddedSchemaRegistry(int port, int managementPort) {
    this.port = port;
    this.managementPort = managementPort;
    try {
      // Narayana (the transaction manager inside Apicurio) writes an object store into its cwd.
      this.workDir = Files.createTempDirectory("threadline-registry-");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Starts with {@code environment} added to the child's (APICURIO_* variables, as a container's
   * manifest sets them): a storage of Kafka, say, instead of memory.
   */
  public EmbeddedSchemaRegistry withEnvironment(Map<String, String> environment) {
    this.environment = Map.copyOf(environment);
    return this;
  }

  /** Locates the unpacked distribution's {@code quarkus-run.jar}. */
  public static Path distributionJar() {
    String configured = System.getProperty(DIST_PROPERTY);
    if (configured != null && Files.isRegularFile(Path.of(configured, "quarkus-run.jar"))) {
      return Path.of(configured, "quarkus-run.jar");
    }
    for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      Path candidate = dir.resolve("test-kit/target/apicurio-registry/quarkus-run.jar");
      if (Files.isRegularFile(candidate)) {
        return candidate;
      }
    }
    throw new IllegalStateException(
        "Apicurio Registry distribution not found (system property "
            + DIST_PROPERTY
            + "="
            + configured
            + "); build the test-kit module first: ./mvnw -pl test-kit generate-resources");
  }

  public synchronized EmbeddedSchemaRegistry start() {
    if (process != null) {
      return this;
    }
    long started = System.nanoTime();
    int reaped = OrphanedChildren.reap();
    if (reaped > 0) {
      log.warn("ended {} schema registries left running by test JVMs that died", reaped);
    }
    Path jar = distributionJar();
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    List<String> cmd = new ArrayList<>();
    cmd.add(java);
    // Small heap, no C2: the registry handles a handful of schemas in tests.
    cmd.add("-Xmx256m");
    cmd.add("-XX:+UseSerialGC");
    cmd.add("-XX:TieredStopAtLevel=1");
    cmd.add(OrphanedChildren.ownerArgument());
    cmd.add("-Dquarkus.http.host=127.0.0.1");
    cmd.add("-Dquarkus.http.port=" + port);
    cmd.add("-Dquarkus.management.host=127.0.0.1");
    cmd.add("-Dquarkus.management.port=" + managementPort);
    cmd.add("-Dapicurio.rules.global.compatibility=BACKWARD");
    // Narayana's default process id needs a JMX/socket trick that fails in sandboxes.
    cmd.add(
        "-Dcom.arjuna.ats.arjuna.common.CoreEnvironmentBean.processImplementationClassName="
            + "com.arjuna.ats.internal.arjuna.utils.UuidProcessId");
    cmd.add("-jar");
    cmd.add(jar.toString());
    Path logFile = workDir.resolve("registry.log");
    try {
      ProcessBuilder builder =
          new ProcessBuilder(cmd)
              .directory(workDir.toFile())
              .redirectErrorStream(true)
              .redirectOutput(logFile.toFile());
      builder.environment().putAll(environment);
      process = builder.start();
    } catch (IOException e) {
      throw new UncheckedIOException("could not launch the schema registry: " + cmd, e);
    }
    awaitReady(Duration.ofSeconds(90), logFile);
    log.info(
        "Schema registry ready on {} in {} ms",
        url(),
        TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started));
    return this;
  }

  private void awaitReady(Duration timeout, Path logFile) {
    HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    HttpRequest probe =
        HttpRequest.newBuilder(URI.create(url() + "/subjects"))
            .timeout(Duration.ofSeconds(5))
            .build();
    long deadline = System.nanoTime() + timeout.toNanos();
    while (System.nanoTime() < deadline) {
      if (!process.isAlive()) {
        throw new IllegalStateException(
            "schema registry exited with " + process.exitValue() + ":\n" + tail(logFile));
      }
      try {
        if (http.send(probe, HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
          return;
        }
      } catch (IOException e) {
        // not listening yet
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted", e);
      }
      EmbeddedKafkaBroker.sleep(200);
    }
    // The log's tail first: closing deletes the folder it is in.
    String tail = tail(logFile);
    close();
    throw new IllegalStateException("schema registry not ready after " + timeout + ":\n" + tail);
  }

  private static String tail(Path logFile) {
    try {
      List<String> lines = Files.readAllLines(logFile);
      return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
    } catch (IOException e) {
      return "(no log: " + e.getMessage() + ")";
    }
  }

  /** The Confluent-compatible base URL, the value for {@code schema.registry.url}. */
  public String url() {
    return "http://127.0.0.1:" + port + "/apis/ccompat/v7";
  }

  @Override
  public synchronized void close() {
    if (process != null) {
      process.destroy();
      try {
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
          process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      process = null;
    }
    ScratchDirs.deleteRecursively(workDir);
  }
}
