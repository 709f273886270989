package dev.threadline.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * The ops ports of a running stack, as an operator (or Kubernetes) uses them: each answers its
 * health checks and serves Prometheus metrics tagged with its service.
 */
final class OpsPorts {
  private static final HttpClient HTTP =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  private OpsPorts() {}

  static void assertServing(int stepProcessor, int executor, int projector) throws Exception {
    assertServes(stepProcessor, "step-processor");
    assertServes(executor, "tool-executor");
    assertServes(projector, "projector");
  }

  private static void assertServes(int port, String service) throws Exception {
    String base = "http://127.0.0.1:" + port;
    assertThat(get(base + "/health/live").statusCode()).as(base + "/health/live").isEqualTo(200);
    assertThat(get(base + "/health/ready").statusCode()).as(base + "/health/ready").isEqualTo(200);
    HttpResponse<String> metrics = get(base + "/metrics");
    assertThat(metrics.statusCode()).as(base + "/metrics").isEqualTo(200);
    assertThat(metrics.body())
        .as(base + "/metrics")
        .contains("jvm_memory")
        .contains("service=\"" + service + "\"");
  }

  /**
   * Every series the Grafana dashboard and the alert rules query is one the running services serve
   * — but those that appear only once something happens: spend (a model the operator priced),
   * inputs put aside as dead letters, a budget that held a call.
   */
  static void assertDashboardSeries(int... ports) throws Exception {
    StringBuilder served = new StringBuilder();
    for (int port : ports) {
      served.append(get("http://127.0.0.1:" + port + "/metrics").body());
    }
    java.util.Set<String> queried = new java.util.TreeSet<>(ObservabilityManifestsTest.series());
    queried.addAll(AlertRulesTest.series());
    for (String series : queried) {
      if (!OCCASIONAL.contains(series)) {
        assertThat(served.toString())
            .as("a series the dashboard queries: %s", series)
            .containsPattern("(?m)^" + series + "[{ ]");
      }
    }
  }

  private static final java.util.Set<String> OCCASIONAL =
      java.util.Set.of(
          "threadline_model_cost_usd_total",
          "threadline_step_not_carried_out_total",
          "threadline_budget_reached_total");

  private static HttpResponse<String> get(String url) throws Exception {
    return HTTP.send(
        HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(10)).build(),
        HttpResponse.BodyHandlers.ofString());
  }
}
