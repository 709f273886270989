package dev.threadline.deploy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.threadline.avro.ThreadEvent;
import dev.threadline.avro.TurnCompleted;
import dev.threadline.executor.Executor;
import dev.threadline.executor.ExecutorApp;
import dev.threadline.executor.ExecutorSettings;
import dev.threadline.kafka.KafkaClients;
import dev.threadline.kafka.TopicProvisioner;
import dev.threadline.projector.Projector;
import dev.threadline.step.StepProcessorApp;
import dev.threadline.step.StepSettings;
import dev.threadline.step.StepTopology;
import dev.threadline.testkit.EmbeddedSchemaRegistry;
import dev.threadline.testkit.FreePorts;
import dev.threadline.testkit.ScratchDirs;
import dev.threadline.topics.SerdeFactory;
import dev.threadline.topics.Topics;
import dev.threadline.topics.TopicsConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.acl.AclBinding;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.streams.KafkaStreams;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The services and the schema registry on a broker as the shipped cluster is ({@link
 * SecuredBroker}: SASL SCRAM-SHA-512 over TLS, every request authorized), each with the Kafka
 * settings {@code k8s/threadline.yaml} gives its container ({@link ShippedEnvironment}) — its own
 * KafkaUser's credentials, the cluster CA — and only the grants docs/operations.md lists for it
 * ({@link DocumentedAcls}, the same as {@code k8s/kafka-users.yaml}'s): the registry keeps its
 * schemas on the broker, and a thread is answered. A password may be a reference to a file, read by
 * Kafka's own file config provider. A wrong password, or a broker certificate the client does not
 * trust, fails at once with an error that names the settings to check.
 */
class SecuredClusterIT {
  private static SecuredBroker secured;
  private static EmbeddedSchemaRegistry registry;
  private static Path passwords;

  @BeforeAll
  static void startSecuredBrokerAndRegistry() throws Exception {
    secured = SecuredBroker.start();
    DocumentedAcls.grant(secured.broker().adminConfig(), DocumentedAcls.registry("User:registry"));
    registry = secured.registry();
    passwords = SecuredBroker.passwordFile();
  }

  @AfterAll
  static void stop() {
    if (registry != null) {
      registry.close();
    }
    secured.close();
  }

  /**
   * Container {@code container}'s settings as the shipped manifest gives them, on the secured
   * broker, its user's password {@code password}; then what this test runs several stacks apart
   * with (topic prefix, application ids, folders).
   */
  private static Map<String, String> settings(String name, String container, String password)
      throws Exception {
    Map<String, String> env = secured.shipped(container, password);
    Map<String, String> s = new HashMap<>();
    ShippedEnvironment.kafkaClient(env).forEach((k, v) -> s.put(KafkaClients.setting(k), v));
    s.put("bootstrap.servers", env.get("KAFKA_BOOTSTRAP_SERVERS"));
    // A password by reference, resolved by Kafka's file config provider at connect time.
    s.put("threadline.kafka.config.providers", "file");
    s.put(
        "threadline.kafka.config.providers.file.class",
        "org.apache.kafka.common.config.provider.FileConfigProvider");
    s.put("schema.registry.url", registry.url());
    s.put(TopicsConfig.PREFIX, name + ".");
    s.put(TopicsConfig.PARTITIONS, "2");
    s.put("threadline.step.application.id", name + "-step-processor");
    s.put("threadline.step.state.dir", ScratchDirs.create(name + "-").toString());
    s.put("threadline.blobs.dir", ScratchDirs.create(name + "-blobs-").toString());
    s.put("threadline.executor.group.id", name + "-executor");
    return s;
  }

  @Test
  void aThreadIsAnsweredWhenEachServiceHasOnlyTheDocumentedGrants() throws Exception {
    String password = "${file:" + passwords.toAbsolutePath() + ":password}";
    Map<String, String> step = settings("sasl-it", "step-processor", password);
    Map<String, String> executorSettings = settings("sasl-it", "tool-executor", password);
    // This test's own clients write the agent and the commands and read the events as the
    // unauthenticated super user, on the broker's plain listener.
    Map<String, String> setup = new HashMap<>(step);
    setup.keySet().removeIf(k -> k.startsWith("threadline.kafka."));
    setup.put("bootstrap.servers", "127.0.0.1:" + secured.plainPort());
    Map<String, Object> admin = new HashMap<>(KafkaClients.connection(setup));
    List<AclBinding> grants = new ArrayList<>();
    grants.addAll(
        DocumentedAcls.stepProcessor(
            "User:step-processor", TopologyTopics.topics("sasl-it."), "sasl-it-step-processor"));
    grants.addAll(
        DocumentedAcls.executor(
            "User:tool-executor", TopologyTopics.topics("sasl-it."), "sasl-it-executor"));
    grants.addAll(
        DocumentedAcls.projector(
            "User:projector", TopologyTopics.topics("sasl-it."), "sasl-it-projector"));
    grants.addAll(DocumentedAcls.ingest("User:ingest-service", TopologyTopics.topics("sasl-it.")));
    DocumentedAcls.grant(admin, grants);

    SerdeFactory serdes = new SerdeFactory(new HashMap<>(step));
    Topics topics = new Topics(TopicsConfig.from(step), serdes);
    TopicProvisioner.prepare(step, topics, true);
    KafkaStreams steps =
        new KafkaStreams(
            StepTopology.build(topics, serdes, StepSettings.from(step)),
            StepProcessorApp.streamsConfig(step, topics));
    Executor executor =
        ExecutorApp.build(
                KafkaClients.connection(executorSettings),
                topics,
                ExecutorSettings.from(executorSettings, Map.of()),
                executorSettings,
                Clock.systemUTC())
            .start();
    Map<String, String> projectorSettings = settings("sasl-it", "projector", password);
    projectorSettings.put("threadline.projector.application.id", "sasl-it-projector");
    projectorSettings.put("threadline.projector.port", "0");
    projectorSettings.put(
        "threadline.projector.state.dir", ScratchDirs.create("sasl-projector-").toString());
    projectorSettings.put("threadline.api-keys", "sasl-key:acme");
    Process ingest = null;
    try (Projector projector = Projector.start(projectorSettings);
        var events =
            new KafkaConsumer<>(
                KafkaClients.connection(setup),
                new StringDeserializer(),
                new ByteArrayDeserializer())) {
      steps.start();
      int ingestPort = FreePorts.next();
      ingest =
          startIngest(
              settings("sasl-it", "ingest-service", password), ingestPort, projector.port());
      // The agent and the thread go in through the HTTP API, as an app's would.
      StackClient api =
          new StackClient(
              "http://127.0.0.1:" + ingestPort, "http://127.0.0.1:" + projector.port(), "sasl-key");
      api.putAgent(
          "hello",
          "{\"model\": {\"provider\": \"scripted\", \"turns\": [[{\"text\": \"hi\"}]]},"
              + " \"stop\": {\"stopOnResponse\": true, \"maxSteps\": 5}}");
      String threadId = api.createThread("{\"agent\": \"hello\", \"message\": \"hi\"}");

      assertThat(awaitTurnCompleted(events, topics).getReason()).isEqualTo("response");
      assertThat(awaitProjected(projector.port(), threadId).path("status").asText())
          .isEqualTo("IDLE");
      // The early lanes too (a group of their own: threadline.executor.speculate is on).
      assertThat(executor.running()).as("every executor lane reads on the grants").isTrue();
      var journal = new TopicPartition("kafkasql-journal", 0);
      assertThat(events.endOffsets(List.of(journal)).get(journal))
          .as("the registry keeps the services' schemas on the broker")
          .isPositive();
    } finally {
      if (ingest != null) {
        ingest.destroy();
        ingest.waitFor(10, java.util.concurrent.TimeUnit.SECONDS);
      }
      executor.close();
      steps.close(Duration.ofSeconds(10));
    }
  }

  /**
   * The packaged ingest service, connected as {@code settings} say (its own principal), its {@code
   * threadline.kafka.*} settings as system properties — with the password still a reference to the
   * file, resolved by Kafka's config provider.
   */
  private static Process startIngest(Map<String, String> settings, int port, int projectorPort)
      throws Exception {
    List<String> command = new ArrayList<>();
    command.add(ProcessHandle.current().info().command().orElse("java"));
    command.add("-Xmx256m");
    command.add("-Dkafka.bootstrap.servers=" + settings.get("bootstrap.servers"));
    settings.forEach(
        (key, value) -> {
          if (key.startsWith("threadline.kafka.")) {
            command.add("-D" + key + "=" + value);
          }
        });
    command.add("-Dthreadline.schema.registry.url=" + settings.get("schema.registry.url"));
    command.add("-Dthreadline.topic.prefix=" + settings.get(TopicsConfig.PREFIX));
    command.add("-Dthreadline.blobs.dir=" + settings.get("threadline.blobs.dir"));
    command.add("-Dthreadline.api-keys=sasl-key:acme");
    command.add("-Dthreadline.projector.url=http://127.0.0.1:" + projectorPort);
    command.add("-Dquarkus.http.port=" + port);
    command.add("-jar");
    command.add(
        Path.of("../ingest-service/target/quarkus-app/quarkus-run.jar")
            .toAbsolutePath()
            .toString());
    Path log = ScratchDirs.create("sasl-ingest-").resolve("ingest.log");
    Process process =
        new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    var http = java.net.http.HttpClient.newHttpClient();
    var ready =
        java.net.http.HttpRequest.newBuilder(
                java.net.URI.create("http://127.0.0.1:" + port + "/q/health/ready"))
            .build();
    long deadline = System.nanoTime() + Duration.ofSeconds(90).toNanos();
    while (true) {
      if (!process.isAlive()) {
        throw new AssertionError("the ingest stopped:\n" + tail(log));
      }
      try {
        if (http.send(ready, java.net.http.HttpResponse.BodyHandlers.discarding()).statusCode()
            == 200) {
          return process;
        }
      } catch (java.io.IOException notYet) {
        // not listening yet
      }
      if (System.nanoTime() > deadline) {
        throw new AssertionError("the ingest not ready within 90 s:\n" + tail(log));
      }
      Thread.sleep(200);
    }
  }

  @Test
  void aBrokerCertificateTheClientDoesNotTrustFailsAtOnceNamingTheSettingsToCheck()
      throws Exception {
    Map<String, String> settings =
        settings("tls-untrusted", "step-processor", SecuredBroker.PASSWORD);
    settings.put(
        "threadline.kafka.ssl.truststore.location",
        secured.certificates().otherTrustStore().toString());
    settings.put("threadline.kafka.ssl.truststore.type", "PKCS12");
    settings.put("threadline.kafka.ssl.truststore.password", TestCertificates.PASSWORD);
    Topics topics =
        new Topics(TopicsConfig.from(settings), new SerdeFactory(new HashMap<>(settings)));

    assertThatThrownBy(() -> TopicProvisioner.prepare(settings, topics, true))
        .hasMessageContaining("failed the TLS handshake")
        .hasMessageContaining("threadline.kafka.ssl.truststore.location");
  }

  @Test
  void aWrongPasswordFailsAtOnceNamingTheSettingsToCheck() throws Exception {
    Map<String, String> settings = settings("sasl-wrong", "step-processor", "not-the-password");
    Topics topics =
        new Topics(TopicsConfig.from(settings), new SerdeFactory(new HashMap<>(settings)));

    assertThatThrownBy(() -> TopicProvisioner.prepare(settings, topics, true))
        .hasMessageContaining("refused these credentials")
        .hasMessageContaining("threadline.kafka.sasl.jaas.config");
  }

  private static String tail(Path log) throws java.io.IOException {
    List<String> lines = Files.readAllLines(log);
    return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
  }

  private static TurnCompleted awaitTurnCompleted(
      KafkaConsumer<String, byte[]> consumer, Topics topics) throws InterruptedException {
    String name = topics.threadEvents().name();
    List<TopicPartition> partitions = new ArrayList<>();
    consumer
        .partitionsFor(name, Duration.ofSeconds(30))
        .forEach(p -> partitions.add(new TopicPartition(name, p.partition())));
    consumer.assign(partitions);
    consumer.seekToBeginning(partitions);
    long deadline = System.nanoTime() + Duration.ofSeconds(90).toNanos();
    while (System.nanoTime() < deadline) {
      for (var record : consumer.poll(Duration.ofMillis(200))) {
        ThreadEvent e = topics.threadEvents().deserialize(record.value());
        if (e.getPayload() instanceof TurnCompleted done) {
          return done;
        }
      }
    }
    throw new AssertionError("no TurnCompleted on " + name + " within 90 s");
  }

  /** The projector's summary of the thread once it has projected the turn's end (60 s). */
  private static com.fasterxml.jackson.databind.JsonNode awaitProjected(int port, String threadId)
      throws Exception {
    var http = java.net.http.HttpClient.newHttpClient();
    var request =
        java.net.http.HttpRequest.newBuilder(
                java.net.URI.create("http://127.0.0.1:" + port + "/v1/threads/" + threadId))
            .header("Authorization", "Bearer sasl-key")
            .build();
    long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
    while (true) {
      var response = http.send(request, java.net.http.HttpResponse.BodyHandlers.ofString());
      if (response.statusCode() == 200) {
        var summary = new com.fasterxml.jackson.databind.ObjectMapper().readTree(response.body());
        if (summary.path("turns").asInt() >= 1 && summary.path("status").asText().equals("IDLE")) {
          return summary;
        }
      }
      assertThat(System.nanoTime())
          .as("the projector shows the thread's turn")
          .isLessThan(deadline);
      Thread.sleep(200);
    }
  }
}
