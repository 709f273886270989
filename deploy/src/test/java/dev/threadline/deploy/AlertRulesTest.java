package dev.threadline.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import org.junit.jupiter.api.Test;

/**
 * The shipped alert rules, checked without a Prometheus (no promtool here): the observability
 * Prometheus loads them, the Kubernetes PrometheusRule holds the same groups, every rule says how
 * grave it is and what to look at, and reads only meters the docs name — LocalStackIT checks that
 * running services serve each series ({@link OpsPorts#assertDashboardSeries}).
 */
class AlertRulesTest {
  static final Path RULES = Path.of("compose/observability/alerts.yml");

  @SuppressWarnings("unchecked")
  static List<Map<String, Object>> rules() throws Exception {
    List<Map<String, Object>> rules = new java.util.ArrayList<>();
    for (Object group : (List<Object>) ObservabilityManifestsTest.yaml(RULES).get("groups")) {
      rules.addAll((List<Map<String, Object>>) ((Map<String, Object>) group).get("rules"));
    }
    return rules;
  }

  /** Every series name the rules' expressions read. */
  static Set<String> series() throws Exception {
    Set<String> names = new TreeSet<>();
    for (Map<String, Object> rule : rules()) {
      Matcher m = ObservabilityManifestsTest.SERIES.matcher(rule.get("expr").toString());
      while (m.find()) {
        names.add(m.group(1));
      }
    }
    return names;
  }

  @Test
  void prometheusLoadsTheRulesAndTheOperatorsRuleHoldsTheSameGroups() throws Exception {
    assertThat(Files.readString(Path.of("compose/observability/prometheus.yml")))
        .contains("rule_files:")
        .contains("/etc/prometheus/alerts.yml");
    assertThat(Files.readString(Path.of("compose/docker-compose.observability.yml")))
        .contains("./observability/alerts.yml:/etc/prometheus/alerts.yml:ro");
    Map<String, Object> operator = ObservabilityManifestsTest.yaml(Path.of("k8s/alerts.yaml"));
    assertThat(operator.get("kind")).isEqualTo("PrometheusRule");
    assertThat(((Map<?, ?>) operator.get("spec")).get("groups"))
        .isEqualTo(ObservabilityManifestsTest.yaml(RULES).get("groups"));
  }

  @Test
  @SuppressWarnings("unchecked")
  void everyRuleSaysHowGraveItIsHowLongItMustHoldAndWhatToLookAt() throws Exception {
    Set<String> names = new TreeSet<>();
    for (Map<String, Object> rule : rules()) {
      String name = (String) rule.get("alert");
      assertThat(names.add(name)).as("a name used once: %s", name).isTrue();
      assertThat(rule.get("for").toString()).as(name).matches("\\d+[smh]");
      assertThat(((Map<String, Object>) rule.get("labels")).get("severity"))
          .as(name)
          .isIn("critical", "warning", "info");
      Map<String, Object> annotations = (Map<String, Object>) rule.get("annotations");
      assertThat((String) annotations.get("summary")).as(name).isNotBlank();
      assertThat((String) annotations.get("description")).as(name).hasSizeGreaterThan(60);
      String expr = rule.get("expr").toString();
      assertThat(expr.chars().filter(c -> c == '(').count())
          .as("%s: balanced parentheses", name)
          .isEqualTo(expr.chars().filter(c -> c == ')').count());
    }
    assertThat(names)
        .contains(
            "ThreadlineConsumerLagHigh",
            "ThreadlineDeadLetters",
            "ThreadlineModelErrorRateHigh",
            "ThreadlineBudgetsHolding");
  }

  @Test
  void theRulesReadOnlyDocumentedMeters() throws Exception {
    String operations = Files.readString(Path.of("..", "docs", "operations.md"));
    for (String series : series()) {
      if (series.startsWith("threadline_")) {
        String meter = series.replaceAll("_(count|sum|max|bucket)$", "");
        assertThat(operations).as("docs/operations.md names %s", meter).contains("`" + meter + "`");
      }
    }
    assertThat(operations).contains("## Alerts");
  }
}
