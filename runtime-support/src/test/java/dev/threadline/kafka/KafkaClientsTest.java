package dev.threadline.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.threadline.config.Settings;
import java.util.Map;
import org.junit.jupiter.api.Test;

class KafkaClientsTest {
  @Test
  void everyThreadlineKafkaSettingReachesTheClientsUnderItsKafkaName() {
    Map<String, Object> connection =
        KafkaClients.connection(
            Map.of(
                "bootstrap.servers", "broker:9093",
                "threadline.kafka.security.protocol", "SASL_SSL",
                "threadline.kafka.sasl.mechanism", "SCRAM-SHA-512",
                "threadline.kafka.ssl.truststore.location", "/etc/kafka/ca.p12",
                "threadline.step.poll.ms", "5"));

    assertThat(connection)
        .containsOnly(
            Map.entry("bootstrap.servers", "broker:9093"),
            Map.entry("security.protocol", "SASL_SSL"),
            Map.entry("sasl.mechanism", "SCRAM-SHA-512"),
            Map.entry("ssl.truststore.location", "/etc/kafka/ca.p12"));
  }

  @Test
  void theEnvironmentNamesTheSameSettings() {
    assertThat(Settings.keyOf("THREADLINE_KAFKA_SASL_JAAS_CONFIG"))
        .isEqualTo("threadline.kafka.sasl.jaas.config");
  }

  @Test
  void withoutBootstrapServersTheErrorNamesIt() {
    assertThatThrownBy(() -> KafkaClients.connection(Map.of()))
        .hasMessageContaining("bootstrap.servers");
  }
}
