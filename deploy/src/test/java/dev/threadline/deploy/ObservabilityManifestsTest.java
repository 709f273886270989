package dev.threadline.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

/**
 * The observability compose file, checked as far as possible without Docker: it extends only
 * services the base file has, pins its images, mounts files that exist; Prometheus scrapes the
 * services where they serve metrics; and the Grafana dashboard queries only meters the services
 * document (LocalStackIT checks they are served: {@link OpsPorts#assertDashboardSeries}).
 */
class ObservabilityManifestsTest {
  private static final Path COMPOSE = Path.of("compose");
  static final Path DASHBOARD = COMPOSE.resolve("observability/grafana/dashboards/threadline.json");
  static final Pattern SERIES = Pattern.compile("\\b(threadline_[a-z_]+|kafka_[a-z_]+)\\b");

  @SuppressWarnings("unchecked")
  static Map<String, Object> yaml(Path file) throws Exception {
    return (Map<String, Object>) new Yaml().load(Files.readString(file));
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> services(Path file) throws Exception {
    return (Map<String, Object>) yaml(file).get("services");
  }

  @Test
  @SuppressWarnings("unchecked")
  void theObservabilityFileExtendsTheBaseOneWithPinnedImagesAndFilesThatExist() throws Exception {
    Map<String, Object> base = services(COMPOSE.resolve("docker-compose.yml"));
    Map<String, Object> added = services(COMPOSE.resolve("docker-compose.observability.yml"));
    for (var entry : added.entrySet()) {
      Map<String, Object> service = (Map<String, Object>) entry.getValue();
      if (service.containsKey("image")) {
        assertThat((String) service.get("image")).matches("[^:]+:v?\\d[\\w.-]*");
        for (Object volume : (List<Object>) service.getOrDefault("volumes", List.of())) {
          Path source = COMPOSE.resolve(volume.toString().split(":")[0]);
          assertThat(source).as("%s mounts %s", entry.getKey(), source).exists();
        }
      } else {
        assertThat(base).as("a service the base file has").containsKey(entry.getKey());
      }
    }
    String opsPort =
        ((Map<String, Object>) yaml(COMPOSE.resolve("docker-compose.yml")).get("x-service-env"))
            .get("THREADLINE_OPS_PORT")
            .toString();
    Map<String, Object> prometheus = yaml(COMPOSE.resolve("observability/prometheus.yml"));
    Set<String> targets = new TreeSet<>();
    for (Object job : (List<Object>) prometheus.get("scrape_configs")) {
      for (Object config : (List<Object>) ((Map<String, Object>) job).get("static_configs")) {
        targets.addAll((List<String>) ((Map<String, Object>) config).get("targets"));
      }
    }
    assertThat(targets)
        .containsExactlyInAnyOrder(
            "step-processor:" + opsPort,
            "tool-executor:" + opsPort,
            "projector:" + opsPort,
            "ingest-service:8080");
    targets.forEach(t -> assertThat(base).containsKey(t.split(":")[0]));
  }

  @Test
  void theDashboardQueriesOnlyDocumentedMeters() throws Exception {
    String meters = Files.readString(Path.of("..", "docs", "operations.md"));
    for (String series : series()) {
      if (series.startsWith("threadline_")) {
        String meter = series.replaceAll("_(count|sum|max|bucket)$", "");
        assertThat(meters).as("docs/operations.md names %s", meter).contains("`" + meter + "`");
      }
    }
    assertThat(series()).hasSizeGreaterThan(6);
  }

  /** Every series name the dashboard's queries use. */
  static Set<String> series() throws Exception {
    JsonNode dashboard = StackClient.JSON.readTree(Files.readString(DASHBOARD));
    Set<String> names = new TreeSet<>();
    for (JsonNode panel : dashboard.path("panels")) {
      for (JsonNode target : panel.path("targets")) {
        Matcher m = SERIES.matcher(target.path("expr").asText());
        while (m.find()) {
          names.add(m.group(1));
        }
      }
    }
    return names;
  }
}
