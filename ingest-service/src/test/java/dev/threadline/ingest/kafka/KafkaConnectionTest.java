package dev.threadline.ingest.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfigBuilder;
import java.util.Map;
import org.eclipse.microprofile.config.Config;
import org.junit.jupiter.api.Test;

/**
 * The ingest's Kafka settings reach its clients as written: a {@code ${file:…}} reference is
 * Kafka's config provider's to resolve (as in every other service), not a Quarkus expression —
 * which would turn the reference into a wrong password.
 */
class KafkaConnectionTest {
  private static Config config(Map<String, String> properties) {
    return new SmallRyeConfigBuilder()
        .addDefaultInterceptors() // as Quarkus does: expressions expand
        .withSources(new PropertiesConfigSource(properties, "test", 500))
        .build();
  }

  @Test
  void aConfigProviderReferenceIsPassedToKafkaVerbatim() {
    String jaas =
        "org.apache.kafka.common.security.scram.ScramLoginModule required username=\"ingest\""
            + " password=\"${file:/run/secrets/kafka.properties:password}\";";
    Config config =
        config(
            Map.of(
                "kafka.bootstrap.servers", "broker:9093",
                "threadline.kafka.sasl.jaas.config", jaas,
                "threadline.kafka.config.providers", "file"));

    Map<String, Object> connection = new KafkaConnection(config).settings();

    assertThat(connection)
        .containsEntry("sasl.jaas.config", jaas)
        .containsEntry("config.providers", "file")
        .containsEntry("bootstrap.servers", "broker:9093");
  }
}
