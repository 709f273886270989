package dev.threadline.executor;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.avro.ModelError;
import dev.threadline.avro.ModelRequest;
import dev.threadline.avro.ModelResponse;
import dev.threadline.avro.ModelSpec;
import dev.threadline.avro.ToolError;
import dev.threadline.avro.ToolResult;
import dev.threadline.avro.Usage;
import dev.threadline.config.ModelProfiles;
import io.micrometer.core.instrument.Metrics;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class ExecutorMetersTest {
  private static final ModelProfiles UNPRICED = new ModelProfiles(Map.of());
  private final SimpleMeterRegistry registry = new SimpleMeterRegistry();

  {
    Metrics.addRegistry(registry);
  }

  @AfterEach
  void remove() {
    Metrics.removeRegistry(registry);
  }

  private static ModelRequest request(String model) {
    ModelRequest r = new ModelRequest();
    r.setModel(new ModelSpec("openai", model, "{}"));
    r.setPurpose("step");
    return r;
  }

  @Test
  void aModelCallIsTimedByProviderModelAndOutcomeAndItsTokensCounted() {
    ExecutorMeters.modelCall(
        request("gpt-x"),
        new ModelResponse("hi", List.of(), new Usage(120L, 30L, 0L, 0L), "stop", "gpt-x", null),
        Duration.ofMillis(40),
        UNPRICED);
    ExecutorMeters.modelCall(
        request("gpt-x"),
        new ModelError("rate_limited", "slow down", true, null),
        Duration.ofMillis(5),
        UNPRICED);

    assertThat(
            registry
                .get("threadline.model.calls")
                .tags("provider", "openai", "model", "gpt-x", "outcome", "ok")
                .timer()
                .count())
        .isEqualTo(1);
    assertThat(
            registry.get("threadline.model.calls").tag("outcome", "rate_limited").timer().count())
        .isEqualTo(1);
    // By model too: the global registry hands a new registry the meters other tests made.
    assertThat(
            registry
                .get("threadline.model.tokens")
                .tags("model", "gpt-x", "kind", "input")
                .counter()
                .count())
        .isEqualTo(120);
    assertThat(
            registry
                .get("threadline.model.tokens")
                .tags("model", "gpt-x", "kind", "output")
                .counter()
                .count())
        .isEqualTo(30);
  }

  /** Cost by model, for a model the operator priced (US dollars per million tokens). */
  @Test
  void aPricedModelsCallCountsWhatItCost() {
    ModelProfiles priced =
        new ModelProfiles(
            Map.of(
                "threadline.model.profile.gpt-p.price.input", "2.5",
                "threadline.model.profile.gpt-p.price.output", "10"));

    ExecutorMeters.modelCall(
        request("gpt-p"),
        new ModelResponse(
            "hi", List.of(), new Usage(1_000_000L, 100_000L, 0L, 0L), "stop", "gpt-p", null),
        Duration.ofMillis(40),
        priced);
    ExecutorMeters.modelCall(
        request("gpt-x"),
        new ModelResponse("hi", List.of(), new Usage(10L, 10L, 0L, 0L), "stop", "gpt-x", null),
        Duration.ofMillis(40),
        priced);

    assertThat(registry.get("threadline.model.cost").tag("model", "gpt-p").counter().count())
        .isEqualTo(3.5);
    assertThat(registry.find("threadline.model.cost").tag("model", "gpt-x").counter()).isNull();
  }

  /** A broken provider's reply without usage must not fail the request it measures. */
  @Test
  void aReplyWithoutUsageIsTimedAndCountsNoTokens() {
    ModelResponse broken = new ModelResponse();
    broken.setToolCalls(List.of());

    ExecutorMeters.modelCall(request("gpt-y"), broken, Duration.ofMillis(1), UNPRICED);

    assertThat(registry.get("threadline.model.calls").tag("model", "gpt-y").timer().count())
        .isEqualTo(1);
    assertThat(registry.find("threadline.model.tokens").tag("model", "gpt-y").counter()).isNull();
  }

  /** A result of tool {@code fetch} that took {@code ms} ({@code error} null: it succeeded). */
  static ToolResult fetch(long ms, ToolError error) {
    return new ToolResult(
        "r",
        "t",
        1L,
        "c",
        "fetch",
        Instant.EPOCH,
        ms,
        error == null ? "{}" : null,
        error,
        List.of(),
        new java.util.ArrayList<>(),
        false,
        List.of());
  }

  @Test
  void aToolCallIsTimedByToolAndOutcome() {
    ExecutorMeters.toolCall(fetch(7, new ToolError("timeout", "late")));

    assertThat(
            registry
                .get("threadline.tool.calls")
                .tags("tool", "fetch", "outcome", "timeout")
                .timer()
                .totalTime(java.util.concurrent.TimeUnit.MILLISECONDS))
        .isEqualTo(7.0);
  }
}
