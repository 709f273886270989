package dev.threadline.deploy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.threadline.kafka.KafkaClients;
import dev.threadline.kafka.TopicProvisioner;
import dev.threadline.testkit.EmbeddedSchemaRegistry;
import dev.threadline.topics.SerdeFactory;
import dev.threadline.topics.Topics;
import dev.threadline.topics.TopicsConfig;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.acl.AclBinding;
import org.apache.kafka.common.acl.AclBindingFilter;
import org.apache.kafka.common.errors.TopicAuthorizationException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The compose stack's Kafka as its scripts make it ({@link ComposeBroker}), and its clients with
 * the settings {@code docker-compose.yml} gives each service ({@link ComposeServices}), each volume
 * the folder setup.sh wrote: every service's user holds exactly its documented ACLs, a service
 * connects over TLS as its own user and may do only what they grant, and the registry keeps its
 * schemas on the broker as its own user, its password read from its volume.
 */
class ComposeKafkaIT {
  private static ComposeServices compose;
  private static ComposeBroker broker;
  private static String prefix;

  @BeforeAll
  static void startTheComposeBroker() throws Exception {
    compose =
        ComposeServices.read(
            Map.of(
                "THREADLINE_API_KEY", "compose-key",
                "THREADLINE_INTERNAL_TOKEN", "compose-internal-token",
                "THREADLINE_SECRETS_KEY", "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA="));
    prefix = compose.environment("step-processor").get("THREADLINE_TOPIC_PREFIX");
    assertThat(compose.environment("kafka-acls").get("THREADLINE_TOPIC_PREFIX"))
        .as("the ACLs name the services' topics")
        .isEqualTo(prefix);
    broker = ComposeBroker.start(prefix);
  }

  @AfterAll
  static void stop() {
    if (broker != null) {
      broker.close();
    }
  }

  @Test
  void eachServicesUserHoldsExactlyItsDocumentedAcls() throws Exception {
    Map<String, Set<AclBinding>> granted;
    try (Admin admin = Admin.create(broker.superUser())) {
      granted =
          admin.describeAcls(AclBindingFilter.ANY).values().get().stream()
              .collect(Collectors.groupingBy(a -> a.entry().principal(), Collectors.toSet()));
    }
    Topics topics = TopologyTopics.topics(prefix);
    assertThat(granted.get("User:step-processor"))
        .containsExactlyInAnyOrderElementsOf(
            DocumentedAcls.stepProcessor(
                "User:step-processor", topics, "threadline-step-processor"));
    assertThat(granted.get("User:tool-executor"))
        .containsExactlyInAnyOrderElementsOf(
            DocumentedAcls.executor("User:tool-executor", topics, "threadline-tool-executor"));
    assertThat(granted.get("User:projector"))
        .containsExactlyInAnyOrderElementsOf(
            DocumentedAcls.projector("User:projector", topics, "threadline-projector"));
    assertThat(granted.get("User:ingest-service"))
        .containsExactlyInAnyOrderElementsOf(DocumentedAcls.ingest("User:ingest-service", topics));
    assertThat(granted.get("User:registry"))
        .containsExactlyInAnyOrderElementsOf(DocumentedAcls.registry("User:registry"));
    assertThat(granted).hasSize(5);
  }

  @Test
  void aServiceConnectsOverTlsAsItsOwnUserAndMayDoOnlyWhatItsAclsGrant() throws Exception {
    Map<String, String> step = settings("step-processor");
    Topics topics = new Topics(TopicsConfig.from(step), new SerdeFactory(new HashMap<>(step)));
    // Creating the contract's topics takes the step processor's grants on the cluster.
    TopicProvisioner.prepare(step, topics, true);

    Map<String, Object> ingest = new HashMap<>(KafkaClients.connection(settings("ingest-service")));
    ingest.put("max.block.ms", "20000");
    try (var producer =
        new KafkaProducer<>(ingest, new StringSerializer(), new StringSerializer())) {
      producer.send(new ProducerRecord<>(topics.threadCommands().name(), "t", "c")).get();
      assertThatThrownBy(
              () ->
                  producer.send(new ProducerRecord<>(topics.threadEvents().name(), "t", "e")).get())
          .isInstanceOf(ExecutionException.class)
          .hasCauseInstanceOf(TopicAuthorizationException.class);
    }
  }

  @Test
  void theRegistryKeepsItsSchemasOnTheBrokerAsItsOwnUser() throws Exception {
    Map<String, String> env = localized("registry");
    try (EmbeddedSchemaRegistry registry =
        new EmbeddedSchemaRegistry().withEnvironment(env).start()) {
      HttpResponse<String> created =
          HttpClient.newHttpClient()
              .send(
                  HttpRequest.newBuilder(
                          URI.create(registry.url() + "/subjects/compose-check/versions"))
                      .header("Content-Type", "application/vnd.schemaregistry.v1+json")
                      .POST(HttpRequest.BodyPublishers.ofString("{\"schema\": \"\\\"string\\\"\"}"))
                      .build(),
                  HttpResponse.BodyHandlers.ofString());
      assertThat(created.statusCode()).as(created.body()).isEqualTo(200);
    }
    Map<String, Object> reader = new HashMap<>(broker.superUser());
    try (var consumer =
        new KafkaConsumer<>(reader, new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
      TopicPartition journal = new TopicPartition("kafkasql-journal", 0);
      assertThat(consumer.endOffsets(List.of(journal)).get(journal))
          .as("the registry's journal is on the compose broker")
          .isPositive();
    }
  }

  /**
   * Service {@code name}'s Threadline settings from its compose environment: its Kafka client's
   * ({@code THREADLINE_KAFKA_*}) and bootstrap, with the topic prefix and a registry address.
   */
  private static Map<String, String> settings(String name) {
    Map<String, String> env = localized(name);
    Map<String, String> settings = new HashMap<>();
    ShippedEnvironment.kafkaClient(env).forEach((k, v) -> settings.put(KafkaClients.setting(k), v));
    settings.put("bootstrap.servers", env.get("KAFKA_BOOTSTRAP_SERVERS"));
    settings.put(TopicsConfig.PREFIX, prefix);
    settings.put(TopicsConfig.PARTITIONS, "2");
    settings.put("schema.registry.url", "http://127.0.0.1:9");
    return settings;
  }

  /**
   * Service {@code name}'s compose environment with each path under a volume it mounts the folder
   * setup.sh wrote that volume into, and the broker's address this one's.
   */
  private static Map<String, String> localized(String name) {
    Map<String, String> setupMounts = new HashMap<>();
    compose.volumes("kafka-setup").forEach((path, volume) -> setupMounts.put(volume, path));
    Map<String, String> own = compose.volumes(name);
    Set<String> kafkaVolumes = new HashSet<>(setupMounts.keySet());
    Map<String, String> env = compose.environment(name);
    env.replaceAll(
        (key, value) -> {
          String local = value.replace("kafka:9092", "localhost:" + broker.port());
          for (var mount : own.entrySet()) {
            if (kafkaVolumes.contains(mount.getValue())) {
              local =
                  local.replace(
                      mount.getKey() + "/", broker.local(setupMounts.get(mount.getValue())) + "/");
            }
          }
          return local;
        });
    return env;
  }
}
