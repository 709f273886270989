package dev.threadline.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

/**
 * The shipped Kubernetes cluster takes no client unauthenticated or in the clear, and every
 * container connects to it as its own KafkaUser over TLS, trusting the cluster CA: checked in the
 * files (SecuredClusterIT runs the services and the registry with these same settings).
 */
class SecuredManifestsTest {
  private static final Path KAFKA = Path.of("k8s/kafka.yaml");
  private static final Path USERS = Path.of("k8s/kafka-users.yaml");

  @Test
  void everyListenerOfTheClusterIsTlsWithScramAndEveryRequestIsAuthorized() throws Exception {
    Map<String, Object> kafka = kind(KAFKA, "Kafka").getFirst();
    Map<String, Object> spec =
        ShippedEnvironment.map(ShippedEnvironment.map(kafka.get("spec")).get("kafka"));
    List<Object> listeners = ShippedEnvironment.list(spec.get("listeners"));

    assertThat(listeners).isNotEmpty();
    for (Object listener : listeners) {
      Map<String, Object> l = ShippedEnvironment.map(listener);
      assertThat(l.get("tls")).as("listener %s", l.get("name")).isEqualTo(true);
      assertThat(ShippedEnvironment.map(l.get("authentication")).get("type"))
          .as("listener %s", l.get("name"))
          .isEqualTo("scram-sha-512");
    }
    assertThat(ShippedEnvironment.map(spec.get("authorization")).get("type")).isEqualTo("simple");
    Map<String, String> env = ShippedEnvironment.read().of("step-processor", (s, k) -> "");
    assertThat(env.get("KAFKA_BOOTSTRAP_SERVERS"))
        .isEqualTo(
            "threadline-kafka-bootstrap:"
                + ShippedEnvironment.map(listeners.getFirst()).get("port"));
  }

  @Test
  void everyContainerConnectsAsItsOwnKafkaUserOverTlsTrustingTheClusterCa() throws Exception {
    ShippedEnvironment shipped = ShippedEnvironment.read();
    Set<String> users = new HashSet<>();
    for (Map<String, Object> user : kind(USERS, "KafkaUser")) {
      users.add((String) ShippedEnvironment.map(user.get("metadata")).get("name"));
    }
    List<String> connected = new ArrayList<>();
    for (String container : shipped.containers()) {
      Map<String, String> env =
          shipped.of(container, (secret, key) -> "secret " + secret + " " + key);
      boolean registry = container.equals("registry");
      Map<String, String> client =
          registry ? registryClient(env) : ShippedEnvironment.kafkaClient(env);
      String jaas = client.get("sasl.jaas.config");
      assertThat(client.get("security.protocol")).as(container).isEqualTo("SASL_SSL");
      assertThat(client.get("sasl.mechanism")).as(container).isEqualTo("SCRAM-SHA-512");
      assertThat(jaas).as(container).startsWith("secret ").endsWith(" sasl.jaas.config");
      connected.add(jaas.split(" ")[1]);
      assertThat(client.get("ssl.truststore.type")).as(container).isEqualTo("PEM");
      assertThat(client.get("ssl.truststore.location"))
          .as(container)
          .isEqualTo(ShippedEnvironment.CLUSTER_CA);
      Map<String, Object> mount = shipped.mounts(container).get("/etc/threadline/kafka-ca");
      assertThat(ShippedEnvironment.map(mount.get("secret")).get("secretName"))
          .as(container)
          .isEqualTo("threadline-cluster-ca-cert");
    }
    assertThat(connected).as("one user per container").doesNotHaveDuplicates();
    assertThat(users).containsExactlyInAnyOrderElementsOf(connected);
  }

  /**
   * The registry's Kafka client settings: its security protocol setting and the Kafka properties it
   * passes to every client ({@code APICURIO_KAFKA_COMMON_*}).
   */
  private static Map<String, String> registryClient(Map<String, String> env) {
    Map<String, String> client = new java.util.HashMap<>();
    env.forEach(
        (key, value) -> {
          if (key.startsWith("APICURIO_KAFKA_COMMON_")) {
            client.put(
                key.substring("APICURIO_KAFKA_COMMON_".length())
                    .toLowerCase(java.util.Locale.ROOT)
                    .replace('_', '.'),
                value);
          }
        });
    client.put("security.protocol", env.get("APICURIO_KAFKASQL_SECURITY_PROTOCOL"));
    return client;
  }

  @SuppressWarnings("unchecked")
  private static List<Map<String, Object>> kind(Path file, String kind) throws Exception {
    List<Map<String, Object>> found = new ArrayList<>();
    for (Object doc : new Yaml().loadAll(Files.readString(file))) {
      if (doc != null && kind.equals(((Map<String, Object>) doc).get("kind"))) {
        found.add((Map<String, Object>) doc);
      }
    }
    return found;
  }
}
