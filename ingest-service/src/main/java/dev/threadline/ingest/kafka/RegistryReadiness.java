package dev.threadline.ingest.kafka;

import dev.threadline.serde.RegistryAccess;
import dev.threadline.serde.RestSchemaRegistryClient;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.Map;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/**
 * Readiness: the schema registry answers, asked as the serdes ask it ({@link RegistryConnection}:
 * its URLs, credentials and TLS). Without it no command can be encoded.
 */
@Readiness
@ApplicationScoped
public class RegistryReadiness implements HealthCheck {
  private final RestSchemaRegistryClient registry;

  @Inject
  RegistryReadiness(RegistryConnection connection) {
    this(connection.serdeConfig(), Duration.ofSeconds(3));
  }

  RegistryReadiness(Map<String, ?> serdeConfig, Duration within) {
    // Asked once, not tried again: a probe wants the answer of now.
    this.registry =
        new RestSchemaRegistryClient(RegistryAccess.from(serdeConfig), within, Duration.ZERO);
  }

  @Override
  public HealthCheckResponse call() {
    try {
      registry.ping();
      return HealthCheckResponse.named("schema-registry").up().build();
    } catch (RuntimeException e) {
      return HealthCheckResponse.named("schema-registry")
          .down()
          .withData("error", String.valueOf(e.getMessage()))
          .build();
    }
  }
}
