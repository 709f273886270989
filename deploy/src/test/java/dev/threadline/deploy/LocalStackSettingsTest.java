package dev.threadline.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The stack provisions the topics its services use: topic settings given to the services (bench
 * {@code --set}) reach provisioning, the ingest service and the bench's readers too.
 */
class LocalStackSettingsTest {

  private static LocalStack stack() {
    return new LocalStack(
        Path.of("unused"),
        new StackBuild("", Path.of("registry.jar"), Path.of("ingest.jar")),
        new StackPorts(1, 2, 3, 4, 0),
        "key");
  }

  @Test
  void localBrowserAppsMayCallTheStackUnlessTheOperatorSetsCorsItself() {
    assertThat(LocalServices.localOrigins(java.util.Map.of()))
        .contains("-Dquarkus.http.cors.enabled=true");
    assertThat(
            LocalServices.localOrigins(
                java.util.Map.of("QUARKUS_HTTP_CORS_ORIGINS", "https://app.example.com")))
        .isEmpty();
  }

  @Test
  void withoutSettingsTheTopicsAreTheDefaults() {
    assertThat(stack().topicsConfig().prefix()).isEqualTo("threadline.");
    assertThat(stack().topicsConfig().partitions()).isEqualTo(6);
  }

  @Test
  void topicSettingsGivenToTheServicesAreTheStacksTopics() {
    LocalStack stack = stack();
    stack.serviceProperties.add("-Dthreadline.topic.partitions=2");
    stack.serviceProperties.add("-Dthreadline.topic.prefix=bench.");
    stack.serviceProperties.add("-Dthreadline.step.commit.interval.ms=5");

    assertThat(stack.topicsConfig().partitions()).isEqualTo(2);
    assertThat(stack.topicsConfig().prefix()).isEqualTo("bench.");
  }
}
