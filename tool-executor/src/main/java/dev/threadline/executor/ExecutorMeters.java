package dev.threadline.executor;

import dev.threadline.avro.ModelError;
import dev.threadline.avro.ModelRequest;
import dev.threadline.avro.ModelResponse;
import dev.threadline.avro.ToolResult;
import dev.threadline.config.ModelProfiles;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.Metrics;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;

/**
 * The executor's own meters, on Micrometer's global registry ({@code /metrics} of the ops port):
 * model calls by provider, model and outcome (latency, input and output tokens, and cost for a
 * model the operator priced) and a streaming call's time to its first text, tool calls by tool and
 * outcome. Latencies are histograms of fixed buckets, so Prometheus answers percentiles; model
 * calls are also recorded under OpenTelemetry's GenAI names and attributes ({@code
 * gen_ai.client.operation.duration}, {@code gen_ai.client.token.usage}), with the buckets its
 * conventions advise. Tenants and threads are not tags: the registry must stay bounded. Whatever a
 * provider answers, recording it never throws: a meter must not fail the request it measures.
 */
final class ExecutorMeters {
  /** Seconds: OpenTelemetry's advised boundaries for GenAI durations, then to the 5-minute cap. */
  private static final Duration[] LATENCY_BUCKETS =
      java.util.stream.DoubleStream.of(
              0.01, 0.02, 0.04, 0.08, 0.16, 0.32, 0.64, 1.28, 2.56, 5.12, 10.24, 20.48, 40.96,
              81.92, 163.84, 327.68)
          .mapToObj(seconds -> Duration.ofNanos((long) (seconds * 1e9)))
          .toArray(Duration[]::new);

  /** Tokens: OpenTelemetry's advised boundaries for {@code gen_ai.client.token.usage}. */
  private static final double[] TOKEN_BUCKETS = {
    1, 4, 16, 64, 256, 1024, 4096, 16384, 65536, 262144, 1048576, 4194304, 16777216, 67108864
  };

  private ExecutorMeters() {}

  static void modelCall(
      ModelRequest request, Object outcome, Duration took, ModelProfiles profiles) {
    String provider = request.getModel().getProvider();
    String model = request.getModel().getModel() == null ? "" : request.getModel().getModel();
    String result =
        switch (outcome) {
          case ModelResponse r -> "ok";
          case ModelError e -> e.getCode();
          default -> "other";
        };
    Timer.builder("threadline.model.calls")
        .tags(
            "provider",
            provider,
            "model",
            model,
            "outcome",
            result,
            "purpose",
            request.getPurpose())
        .serviceLevelObjectives(LATENCY_BUCKETS)
        .register(Metrics.globalRegistry)
        .record(took);
    // error.type empty on success: Prometheus wants every series of a name to have the same tags.
    Timer.builder("gen_ai.client.operation.duration")
        .tags(
            genAi(provider, model)
                .and("error.type", outcome instanceof ModelResponse ? "" : result))
        .serviceLevelObjectives(LATENCY_BUCKETS)
        .register(Metrics.globalRegistry)
        .record(took);
    // A broken provider's reply may lack usage: it is timed, and counts no tokens.
    if (outcome instanceof ModelResponse r && r.getUsage() != null) {
      tokens(provider, model, "input").increment(r.getUsage().getInputTokens());
      tokens(provider, model, "output").increment(r.getUsage().getOutputTokens());
      tokenUsage(provider, model, "input").record(r.getUsage().getInputTokens());
      tokenUsage(provider, model, "output").record(r.getUsage().getOutputTokens());
      // Of the input tokens, not beside them: their own meter, so a sum of kinds stays the total.
      cacheTokens(provider, model, "read").increment(r.getUsage().getCacheReadTokens());
      cacheTokens(provider, model, "write").increment(r.getUsage().getCacheWriteTokens());
      // What it cost, for a model the operator priced.
      profiles
          .price(model)
          .ifPresent(
              price ->
                  Counter.builder("threadline.model.cost")
                      .baseUnit("usd")
                      .tags("provider", provider, "model", model)
                      .register(Metrics.globalRegistry)
                      .increment(
                          price.of(
                              r.getUsage().getInputTokens(),
                              r.getUsage().getOutputTokens(),
                              r.getUsage().getCacheReadTokens(),
                              r.getUsage().getCacheWriteTokens())));
    }
  }

  /**
   * The time from a streaming model call's start to its first text, by provider and model: what a
   * user waits before the answer begins.
   */
  static void firstToken(ModelRequest request, Duration took) {
    Timer.builder("threadline.model.first.token")
        .tags(
            "provider",
            request.getModel().getProvider(),
            "model",
            request.getModel().getModel() == null ? "" : request.getModel().getModel())
        .serviceLevelObjectives(LATENCY_BUCKETS)
        .register(Metrics.globalRegistry)
        .record(took);
  }

  private static DistributionSummary tokenUsage(String provider, String model, String type) {
    return DistributionSummary.builder("gen_ai.client.token.usage")
        .tags(genAi(provider, model).and("gen_ai.token.type", type))
        .serviceLevelObjectives(TOKEN_BUCKETS)
        .register(Metrics.globalRegistry);
  }

  /** OpenTelemetry's GenAI attributes of a chat call. */
  private static Tags genAi(String provider, String model) {
    return Tags.of(
        "gen_ai.operation.name",
        "chat",
        "gen_ai.provider.name",
        provider,
        "gen_ai.request.model",
        model);
  }

  private static Counter cacheTokens(String provider, String model, String kind) {
    return Counter.builder("threadline.model.cache.tokens")
        .tags("provider", provider, "model", model, "kind", kind)
        .register(Metrics.globalRegistry);
  }

  private static Counter tokens(String provider, String model, String kind) {
    return Counter.builder("threadline.model.tokens")
        .tags("provider", provider, "model", model, "kind", kind)
        .register(Metrics.globalRegistry);
  }

  static void toolCall(ToolResult result) {
    Timer.builder("threadline.tool.calls")
        .tags(
            "tool",
            result.getToolName(),
            "outcome",
            result.getError() == null ? "ok" : result.getError().getCode())
        .serviceLevelObjectives(LATENCY_BUCKETS)
        .register(Metrics.globalRegistry)
        .record(Duration.ofMillis(result.getDurationMs()));
  }
}
