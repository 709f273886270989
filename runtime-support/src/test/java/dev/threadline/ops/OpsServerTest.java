package dev.threadline.ops;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.Metrics;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

class OpsServerTest {
  private static final HttpClient HTTP = HttpClient.newHttpClient();

  private static HttpResponse<String> get(OpsServer ops, String path) throws Exception {
    return HTTP.send(
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + ops.port() + path)).build(),
        HttpResponse.BodyHandlers.ofString());
  }

  @Test
  void itAnswersLivenessReadinessAndPrometheusMetrics() throws Exception {
    AtomicBoolean ready = new AtomicBoolean();
    try (OpsServer ops =
        OpsServer.start(
                Map.of(OpsServer.PORT, "0", "threadline.ops.host", "127.0.0.1"),
                "test-service",
                ready::get)
            .orElseThrow()) {
      Metrics.counter("threadline.test.steps").increment(3);

      assertThat(get(ops, "/health/live").statusCode()).isEqualTo(200);
      assertThat(get(ops, "/health/ready").statusCode()).isEqualTo(503);
      ready.set(true);
      assertThat(get(ops, "/health/ready").statusCode()).isEqualTo(200);
      String metrics = get(ops, "/metrics").body();
      assertThat(metrics)
          .contains("threadline_test_steps_total{service=\"test-service\"} 3.0")
          .contains("jvm_memory_used_bytes");
    }
  }

  @Test
  void aServiceThatCannotWorkAnyMoreIsNotLive() throws Exception {
    AtomicBoolean workers = new AtomicBoolean(true);
    try (OpsServer ops =
        OpsServer.start(
                Map.of(OpsServer.PORT, "0", "threadline.ops.host", "127.0.0.1"),
                "test-service",
                workers::get,
                workers::get)
            .orElseThrow()) {
      assertThat(get(ops, "/health/live").statusCode()).isEqualTo(200);
      workers.set(false);
      assertThat(get(ops, "/health/live").statusCode()).isEqualTo(503);
      assertThat(get(ops, "/health/live").body()).contains("DOWN");
    }
  }

  @Test
  void withoutAPortThereIsNone() {
    assertThat(OpsServer.start(Map.of(), "test-service", () -> true)).isEmpty();
  }
}
