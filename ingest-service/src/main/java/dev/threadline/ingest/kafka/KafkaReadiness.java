package dev.threadline.ingest.kafka;

import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.DescribeClusterOptions;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/**
 * Readiness: the Kafka cluster answers, asked with the connection every ingest client uses ({@link
 * KafkaConnection}: a secured cluster's settings included, which Quarkus's own Kafka check, reading
 * {@code kafka.*} only, would not have). Without it every write would wait and answer 503.
 */
@Readiness
@ApplicationScoped
public class KafkaReadiness implements HealthCheck {
  private final Admin admin;
  private final Duration within;

  @Inject
  KafkaReadiness(KafkaConnection connection) {
    this(connection.settings(), Duration.ofSeconds(3));
  }

  KafkaReadiness(Map<String, Object> connection, Duration within) {
    Map<String, Object> config = new HashMap<>(connection);
    config.put(AdminClientConfig.CLIENT_ID_CONFIG, "threadline-ingest-readiness");
    config.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, (int) within.toMillis());
    config.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, (int) within.toMillis());
    this.admin = Admin.create(config);
    this.within = within;
  }

  @Override
  public HealthCheckResponse call() {
    try {
      String cluster =
          admin
              .describeCluster(new DescribeClusterOptions().timeoutMs((int) within.toMillis()))
              .clusterId()
              .get(within.toMillis() + 500, TimeUnit.MILLISECONDS);
      return HealthCheckResponse.named("kafka").up().withData("cluster", cluster).build();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return down("interrupted");
    } catch (Exception e) {
      return down(String.valueOf(e.getCause() != null ? e.getCause() : e));
    }
  }

  private static HealthCheckResponse down(String error) {
    return HealthCheckResponse.named("kafka").down().withData("error", error).build();
  }

  @PreDestroy
  void close() {
    admin.close(Duration.ofSeconds(1));
  }
}
