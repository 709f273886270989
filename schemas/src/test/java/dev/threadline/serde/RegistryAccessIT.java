package dev.threadline.serde;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.threadline.avro.Usage;
import dev.threadline.testkit.FreePorts;
import dev.threadline.testkit.RegistryProxy;
import dev.threadline.testkit.ThreadlineCluster;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The registry client against a registry that requires credentials (a proxy in front of a real
 * one), and with a first URL that is out of reach.
 */
class RegistryAccessIT {
  private static final ThreadlineCluster cluster = ThreadlineCluster.shared();
  private static RegistryProxy secured;

  @BeforeAll
  static void secure() throws Exception {
    secured = new RegistryProxy(cluster.registryUrl());
    secured.requireAuthorization(
        "Basic " + java.util.Base64.getEncoder().encodeToString("svc:pa55".getBytes()));
  }

  @AfterAll
  static void close() {
    secured.close();
  }

  private static RestSchemaRegistryClient client(Map<String, String> configs) {
    return new RestSchemaRegistryClient(
        RegistryAccess.from(configs), Duration.ofSeconds(5), Duration.ofSeconds(1));
  }

  @Test
  void withTheRightUserInfoASchemaIsRegisteredAndReadBack() {
    var client =
        client(
            Map.of(
                "schema.registry.url",
                secured.url(cluster.registryUrl()),
                "basic.auth.user.info",
                "svc:pa55"));

    int id = client.register("registry-access-it-value", Usage.getClassSchema());

    assertThat(client.byId(id)).isEqualTo(Usage.getClassSchema());
  }

  @Test
  void withoutCredentialsTheErrorSaysTheRegistryAnswered401AndWhatToSet() {
    var client = client(Map.of("schema.registry.url", secured.url(cluster.registryUrl())));

    assertThatThrownBy(() -> client.register("registry-access-it-value", Usage.getClassSchema()))
        .hasMessageContaining("HTTP 401")
        .hasMessageContaining("basic.auth.user.info");
  }

  @Test
  void aFirstUrlOutOfReachFailsOverToTheNext() {
    String dead = "http://127.0.0.1:" + FreePorts.next() + "/apis/ccompat/v7";
    var client = client(Map.of("schema.registry.url", dead + "," + cluster.registryUrl()));

    int id = client.register("registry-access-it-value", Usage.getClassSchema());

    assertThat(id).isPositive();
  }
}
