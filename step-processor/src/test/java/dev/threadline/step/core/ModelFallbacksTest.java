package dev.threadline.step.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.step.core.AgentSnapshot.ModelConfig;
import dev.threadline.step.core.Enums.TurnEnd;
import dev.threadline.step.core.Event.ModelCallFailed;
import dev.threadline.step.core.Event.ModelCallRequested;
import dev.threadline.step.core.Event.StepRetried;
import dev.threadline.step.core.Event.TurnCompleted;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A model's fallbacks: a call its model cannot answer — overloaded, unknown, or failing past its
 * retries — moves at once to the next model, announced, with retries of its own; past the last, the
 * turn ends as it would without any.
 */
class ModelFallbacksTest {
  private final Scenario scenario = new Scenario();

  private static final ModelConfig WITH_FALLBACKS =
      new ModelConfig(
          "openai",
          "gpt-a",
          "{}",
          List.of(
              new ModelConfig("anthropic", "claude-b", "{\"provider\":\"anthropic\"}"),
              new ModelConfig("openai", "gpt-c", "{\"provider\":\"openai\"}")));

  private void givenRunningWithFallbacks() {
    scenario.given(
        scenario.create(TestAgents.agent().with(b -> b.model = WITH_FALLBACKS)),
        scenario.message("go"));
  }

  private Input.ModelResultReceived failure(String code, boolean retryable) {
    return new Input.ModelResultReceived(
        Scenario.PENDING,
        Scenario.CURRENT_EPOCH,
        scenario.now(),
        new Input.ModelFailure(code, "nope", retryable),
        List.of());
  }

  @Test
  void anOverloadedModelHandsTheCallToTheNextAtOnceNamingBoth() {
    givenRunningWithFallbacks();

    scenario.when(failure("overloaded", false));

    assertThat(scenario.events(ModelCallFailed.class))
        .singleElement()
        .satisfies(f -> assertThat(f.willRetry()).isTrue());
    assertThat(scenario.events(StepRetried.class))
        .singleElement()
        .satisfies(
            r -> {
              assertThat(r.model()).isEqualTo("anthropic/claude-b");
              assertThat(r.reason()).contains("openai/gpt-a", "overloaded");
            });
    Output.RequestModel request = scenario.outputs(Output.RequestModel.class).getFirst();
    assertThat(request.fallback()).isEqualTo(1);
    assertThat(request.requestId()).isEqualTo("t-1/t1/s1/model/f1");
    assertThat(request.turnCall()).as("the fallback's call counts").isEqualTo(2);
    assertThat(scenario.events(ModelCallRequested.class))
        .singleElement()
        .satisfies(r -> assertThat(r.model()).isEqualTo("claude-b"));
  }

  @Test
  void aRetryableFailureFallsBackOnlyOnceItsRetriesAreSpent() {
    givenRunningWithFallbacks();
    for (int i = 0; i < 3; i++) {
      scenario.when(failure("http_500", true));
      assertThat(scenario.events(StepRetried.class)).isEmpty();
      scenario.when(scenario.deadlinePassed());
    }

    scenario.when(failure("http_500", true));

    assertThat(scenario.outputs(Output.RequestModel.class).getFirst().fallback()).isEqualTo(1);
    // On the fallback, retries start again: its own failure is retried after the backoff.
    scenario.when(failure("http_500", true));
    assertThat(scenario.events(ModelCallFailed.class))
        .singleElement()
        .satisfies(f -> assertThat(f.willRetry()).isTrue());
    scenario.when(scenario.deadlinePassed());
    assertThat(scenario.outputs(Output.RequestModel.class).getFirst().requestId())
        .isEqualTo("t-1/t1/s1/model/f1/r1");
  }

  @Test
  void pastTheLastFallbackTheTurnEndsAndABadRequestNeverFallsBack() {
    givenRunningWithFallbacks();
    scenario.when(failure("model_not_found", false));
    scenario.when(failure("model_not_found", false));

    scenario.when(failure("model_not_found", false));

    scenario.thenEmits(new TurnCompleted(TurnEnd.MODEL_ERROR, 1));

    scenario.when(scenario.message("again"));
    scenario.when(failure("http_400", false));
    assertThat(scenario.events(StepRetried.class)).isEmpty();
    scenario.thenEmits(new TurnCompleted(TurnEnd.MODEL_ERROR, 1));
  }

  @Test
  void aModelWithoutFallbacksFailsAsBefore() {
    scenario.givenRunning();

    scenario.when(failure("overloaded", false));

    assertThat(scenario.events(StepRetried.class)).isEmpty();
    scenario.thenEmits(new TurnCompleted(TurnEnd.MODEL_ERROR, 1));
  }
}
