package dev.threadline.ingest.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Map;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.junit.jupiter.api.Test;

/** A dependency out of reach makes the ingest not ready, within the check's time, saying why. */
class DependencyChecksTest {
  @Test
  void kafkaOutOfReachIsDownWithinTheChecksTime() {
    KafkaReadiness kafka =
        new KafkaReadiness(Map.of("bootstrap.servers", "127.0.0.1:1"), Duration.ofSeconds(2));
    try {
      long start = System.nanoTime();
      HealthCheckResponse answer = kafka.call();

      assertThat(answer.getStatus()).isEqualTo(HealthCheckResponse.Status.DOWN);
      assertThat(answer.getData().orElseThrow()).containsKey("error");
      assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(30));
    } finally {
      kafka.close();
    }
  }

  @Test
  void aRegistryOutOfReachIsDown() {
    HealthCheckResponse answer =
        new RegistryReadiness(
                Map.of("schema.registry.url", "http://127.0.0.1:1/apis/ccompat/v7"),
                Duration.ofSeconds(2))
            .call();

    assertThat(answer.getStatus()).isEqualTo(HealthCheckResponse.Status.DOWN);
    assertThat(answer.getData().orElseThrow()).containsKey("error");
  }
}
