package dev.threadline.executor;

import dev.threadline.avro.ModelError;
import dev.threadline.avro.ModelRequest;
import dev.threadline.avro.ModelResponse;
import dev.threadline.avro.ToolResult;
import dev.threadline.config.ModelProfiles;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Metrics;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;

/**
 * The executor's own meters, on Micrometer's global registry ({@code /metrics} of the ops port):
 * model calls by provider, model and outcome (latency, input and output tokens, and cost for a
 * model the operator priced), tool calls by tool and outcome. Tenants and threads are not tags: the
 * registry must stay bounded. Whatever a provider answers, recording it never throws: a meter must
 * not fail the request it measures.
 */
final class ExecutorMeters {
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
        .register(Metrics.globalRegistry)
        .record(took);
    // A broken provider's reply may lack usage: it is timed, and counts no tokens.
    if (outcome instanceof ModelResponse r && r.getUsage() != null) {
      tokens(provider, model, "input").increment(r.getUsage().getInputTokens());
      tokens(provider, model, "output").increment(r.getUsage().getOutputTokens());
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
        .register(Metrics.globalRegistry)
        .record(Duration.ofMillis(result.getDurationMs()));
  }
}
