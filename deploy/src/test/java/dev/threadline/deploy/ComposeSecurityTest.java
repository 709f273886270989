package dev.threadline.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.StringReader;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * What keeps the compose stack's Kafka secured besides the broker and ACLs ComposeKafkaIT runs:
 * each service holds its own password and no other's, only the broker's containers hold its
 * secrets, and nothing reaches the broker from outside its container but SASL_SSL.
 */
class ComposeSecurityTest {
  private static final List<String> CLIENTS =
      List.of("step-processor", "tool-executor", "projector", "ingest-service", "registry");
  private static final Map<String, String> VARIABLES =
      Map.of(
          "THREADLINE_API_KEY",
          "k",
          "THREADLINE_INTERNAL_TOKEN",
          "t",
          "THREADLINE_SECRETS_KEY",
          "s");

  @Test
  void eachServiceMountsTheAuthorityAndOnlyItsOwnKafkaPassword() throws Exception {
    ComposeServices compose = ComposeServices.read(VARIABLES);
    for (String service : CLIENTS) {
      Map<String, String> volumes = compose.volumes(service);
      assertThat(volumes)
          .as(service)
          .containsEntry("/etc/threadline/kafka-ca", "kafka-ca")
          .containsEntry("/etc/threadline/kafka-user", "kafka-user-" + service);
      assertThat(volumes.values())
          .as(service + " mounts no other user's password and not the broker's secrets")
          .filteredOn(v -> v.startsWith("kafka-user-") || v.equals("kafka-broker"))
          .containsExactly("kafka-user-" + service);
      String jaas =
          compose.environment(service).entrySet().stream()
              .filter(e -> e.getKey().endsWith("SASL_JAAS_CONFIG"))
              .map(Map.Entry::getValue)
              .findFirst()
              .orElseThrow();
      assertThat(jaas).as(service).contains("username=\"" + service + "\"");
    }
  }

  @Test
  void everyThreadlineServiceSpeaksSaslSslToTheBroker() throws Exception {
    ComposeServices compose = ComposeServices.read(VARIABLES);
    for (String service : CLIENTS.subList(0, 4)) {
      assertThat(compose.environment(service))
          .as(service)
          .containsEntry("THREADLINE_KAFKA_SECURITY_PROTOCOL", "SASL_SSL")
          .containsEntry("THREADLINE_KAFKA_SASL_MECHANISM", "SCRAM-SHA-512");
    }
    assertThat(compose.environment("registry"))
        .containsEntry("APICURIO_KAFKASQL_SECURITY_PROTOCOL", "SASL_SSL");
  }

  @Test
  void setupMakesAPasswordForEveryUserAVolumeHolds() throws Exception {
    String setup = Files.readString(ComposeBroker.SCRIPTS.resolve("setup.sh"));
    Matcher users = Pattern.compile("(?m)^users=\"([^\"]+)\"").matcher(setup);
    assertThat(users.find()).isTrue();
    ComposeServices compose = ComposeServices.read(VARIABLES);
    List<String> mounted = new ArrayList<>();
    compose
        .volumes("kafka-setup")
        .forEach(
            (path, volume) -> {
              if (volume.startsWith("kafka-user-")) {
                assertThat(path).isEqualTo("/etc/threadline/kafka-users/" + volume.substring(11));
                mounted.add(volume.substring(11));
              }
            });
    assertThat(Arrays.asList(users.group(1).split(" "))).containsExactlyElementsOf(mounted);
    assertThat(mounted).containsExactlyInAnyOrderElementsOf(CLIENTS);
  }

  @Test
  void onlyTheBrokersLoopbackListenersArePlaintextAndNothingUngrantedIsAllowed() throws Exception {
    Properties broker = new Properties();
    broker.load(
        new StringReader(Files.readString(ComposeBroker.SCRIPTS.resolve("server.properties"))));
    Map<String, String> protocols = new java.util.HashMap<>();
    for (String entry : broker.getProperty("listener.security.protocol.map").split(",")) {
      String[] pair = entry.split(":");
      protocols.put(pair[0], pair[1]);
    }
    for (String listener : broker.getProperty("listeners").split(",")) {
      String name = listener.substring(0, listener.indexOf("://"));
      if (!listener.contains("://127.0.0.1:")) {
        assertThat(protocols.get(name)).as(listener).isEqualTo("SASL_SSL");
      }
    }
    assertThat(broker.getProperty("authorizer.class.name")).endsWith("StandardAuthorizer");
    assertThat(broker.getProperty("allow.everyone.if.no.acl.found")).isEqualTo("false");
  }
}
