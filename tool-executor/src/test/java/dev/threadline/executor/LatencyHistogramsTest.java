package dev.threadline.executor;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.avro.ModelError;
import dev.threadline.avro.ModelRequest;
import dev.threadline.avro.ModelResponse;
import dev.threadline.avro.ModelSpec;
import dev.threadline.avro.Usage;
import dev.threadline.config.ModelProfiles;
import dev.threadline.testkit.GlobalPrometheus;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Model and tool call latency are histograms on {@code /metrics}, so Prometheus answers percentiles
 * ({@code histogram_quantile(0.99, sum by (le, provider) (rate(…_bucket[5m])))}), not only
 * averages; model calls also under OpenTelemetry's GenAI names ({@code
 * gen_ai.client.operation.duration}, {@code gen_ai.client.token.usage}) for dashboards built on
 * them.
 */
class LatencyHistogramsTest {
  @RegisterExtension final GlobalPrometheus prometheus = new GlobalPrometheus();

  private static ModelRequest request() {
    ModelRequest r = new ModelRequest();
    r.setModel(new ModelSpec("anthropic", "claude-h", "{}"));
    r.setPurpose("step");
    return r;
  }

  @Test
  void modelCallLatencyIsABucketedHistogramUnderBothNames() {
    ExecutorMeters.modelCall(
        request(),
        new ModelResponse("hi", List.of(), new Usage(300L, 20L, 0L, 0L), "stop", "claude-h", null),
        Duration.ofMillis(700),
        new ModelProfiles(Map.of()));
    ExecutorMeters.modelCall(
        request(),
        new ModelError("overloaded", "busy", true, null),
        Duration.ofMillis(90),
        new ModelProfiles(Map.of()));

    String scrape = prometheus.scrape();

    assertThat(scrape)
        .contains("threadline_model_calls_seconds_bucket{")
        .containsPattern(
            "gen_ai_client_operation_duration_seconds_bucket\\{[^}]*"
                + "gen_ai_operation_name=\"chat\"[^}]*gen_ai_provider_name=\"anthropic\"[^}]*"
                + "gen_ai_request_model=\"claude-h\"[^}]*le=\"0\\.64\"[^}]*} 0")
        .containsPattern(
            "gen_ai_client_operation_duration_seconds_bucket\\{[^}]*"
                + "gen_ai_request_model=\"claude-h\"[^}]*le=\"1\\.28\"[^}]*} 1")
        .containsPattern(
            "gen_ai_client_operation_duration_seconds_count\\{error_type=\"overloaded\"")
        .containsPattern(
            "gen_ai_client_token_usage_bucket\\{[^}]*gen_ai_token_type=\"input\"[^}]*le=\"1024\\.0\"[^}]*} 1");
  }

  @Test
  void timeToFirstTokenIsABucketedHistogramByProviderAndModel() {
    ExecutorMeters.firstToken(request(), Duration.ofMillis(250));

    assertThat(prometheus.scrape())
        .containsPattern(
            "threadline_model_first_token_seconds_bucket\\{[^}]*model=\"claude-h\"[^}]*"
                + "provider=\"anthropic\"[^}]*le=\"0\\.16\"[^}]*} 0")
        .containsPattern(
            "threadline_model_first_token_seconds_bucket\\{[^}]*le=\"0\\.32\"[^}]*} 1");
  }

  @Test
  void toolCallLatencyIsABucketedHistogram() {
    ExecutorMeters.toolCall(ExecutorMetersTest.fetch(30, null));

    assertThat(prometheus.scrape())
        .containsPattern(
            "threadline_tool_calls_seconds_bucket\\{[^}]*tool=\"fetch\"[^}]*le=\"0\\.04\"[^}]*} 1");
  }
}
