package dev.threadline.analytics;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The Strimzi example for a Connect cluster one already runs ({@code
 * deploy/k8s/analytics-iceberg.yaml}) configures Iceberg's sink as the analytics worker does — the
 * same table, partitions, control topic and converter — and runs the erasure pass beside it.
 */
class IcebergConnectorManifestTest {
  private static final Path MANIFEST = Path.of("../deploy/k8s/analytics-iceberg.yaml");

  @Test
  void theKafkaConnectorConfiguresTheSinkAsTheWorkerDoes() throws Exception {
    List<JsonNode> docs = new ArrayList<>();
    ObjectMapper yaml = new ObjectMapper(new YAMLFactory());
    try (var parser = yaml.createParser(MANIFEST.toFile())) {
      yaml.readValues(parser, JsonNode.class).forEachRemaining(docs::add);
    }
    JsonNode connector = ofKind(docs, "KafkaConnector");
    assertThat(connector.path("spec").path("class").asText()).isEqualTo(IcebergTables.SINK);
    JsonNode config = connector.path("spec").path("config");
    assertThat(config.path("value.converter").asText())
        .isEqualTo(ThreadEventConverter.class.getName());

    Map<String, String> settings = new HashMap<>();
    settings.put("threadline.topic.prefix", "threadline.");
    settings.put(IcebergTables.CATALOG + "type", "rest");
    Map<String, String> worker =
        IcebergTables.connector(
            settings,
            Map.of(),
            "threadline.threadline-analytics",
            "threadline.thread-events",
            "threadline.",
            Path.of("/tmp"));
    worker.forEach(
        (key, value) -> {
          boolean own =
              key.startsWith("iceberg.catalog.")
                  || key.equals("name")
                  || key.equals("connector.class")
                  || key.equals("tasks.max")
                  || key.equals("iceberg.control.commit.interval-ms");
          if (!own) {
            assertThat(config.path(key).asText()).as(key).isEqualTo(value);
          }
        });
    assertThat(config.path("consumer.override.isolation.level").asText())
        .isEqualTo("read_committed");

    JsonNode erasure = ofKind(docs, "Deployment");
    assertThat(erasure.at("/spec/template/spec/containers/0/args/0").asText())
        .isEqualTo(IcebergErasures.class.getName());
  }

  private static JsonNode ofKind(List<JsonNode> docs, String kind) {
    return docs.stream()
        .filter(d -> d.path("kind").asText().equals(kind))
        .findFirst()
        .orElseThrow();
  }
}
