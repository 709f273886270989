package dev.threadline.executor.model;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.executor.Requests;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ScriptedProviderTest {
  private static final String SCRIPT =
      """
      {"provider": "scripted", "script": [
         {"toolCalls": [{"name": "echo", "arguments": {"n": 1}}]},
         {"error": "rate_limited", "retryable": true},
         {"text": "all done now", "usage": {"input": 10, "output": 2}}
      ], "latencyMs": 0, "stream": true}""";
  private final ScriptedProvider provider = new ScriptedProvider();

  private ModelOutcome call(int turnCall, List<String> deltas) {
    return provider.complete(
        Requests.model("t-1", "scripted", SCRIPT, turnCall, Requests.T0.plusSeconds(60)),
        (i, text) -> deltas.add(text));
  }

  @Test
  void entryIAnswersTheIthModelCallOfTheTurn() {
    ModelOutcome first = call(1, new ArrayList<>());

    assertThat(first)
        .isInstanceOfSatisfying(
            ModelOutcome.Reply.class,
            r -> {
              assertThat(r.toolCalls())
                  .singleElement()
                  .satisfies(
                      c -> {
                        assertThat(c.getName()).isEqualTo("echo");
                        assertThat(c.getArgumentsJson()).isEqualTo("{\"n\":1}");
                        assertThat(c.getCallId()).isEqualTo("call_1_1_0");
                      });
              assertThat(r.finishReason()).isEqualTo("tool_calls");
            });
    assertThat(call(2, new ArrayList<>()))
        .isEqualTo(new ModelOutcome.Failure("rate_limited", "scripted error", true));
  }

  @Test
  void pastTheEndTheLastEntryRepeatsAndTextIsStreamedAsDeltas() {
    List<String> deltas = new ArrayList<>();

    ModelOutcome late = call(7, deltas);

    assertThat(late)
        .isInstanceOfSatisfying(
            ModelOutcome.Reply.class,
            r -> {
              assertThat(r.text()).isEqualTo("all done now");
              assertThat(r.usage().getInputTokens()).isEqualTo(10);
              assertThat(r.toolCalls()).isEmpty();
            });
    assertThat(String.join("", deltas)).isEqualTo("all done now");
    assertThat(deltas).hasSize(3);
  }

  @Test
  void withOneScriptPerTurnEachTurnPlaysItsOwnAndTheLastRepeats() {
    String turns =
        """
        {"provider": "scripted", "turns": [
           [{"text": "first turn"}],
           [{"toolCalls": [{"name": "echo", "arguments": {}}]}, {"text": "second turn"}]
        ]}""";
    java.util.function.BiFunction<Integer, Integer, ModelOutcome> at =
        (turn, turnCall) ->
            provider.complete(
                dev.threadline.avro.ModelRequest.newBuilder(
                        Requests.model("t-1", "scripted", turns, turnCall, Requests.T0))
                    .setTurn(turn)
                    .build(),
                DeltaSink.NONE);

    assertThat(((ModelOutcome.Reply) at.apply(1, 1)).text()).isEqualTo("first turn");
    assertThat(((ModelOutcome.Reply) at.apply(2, 1)).toolCalls()).hasSize(1);
    assertThat(((ModelOutcome.Reply) at.apply(2, 2)).text()).isEqualTo("second turn");
    assertThat(((ModelOutcome.Reply) at.apply(5, 2)).text()).isEqualTo("second turn");
    assertThat(
            provider.complete(
                Requests.model(
                    "t-1",
                    "scripted",
                    "{\"provider\":\"scripted\",\"turns\":[[]]}",
                    1,
                    Requests.T0),
                DeltaSink.NONE))
        .isInstanceOf(ModelOutcome.Failure.class);
  }

  @Test
  void anEntryWithTimesAnswersThatManyCallsInARow() {
    String repeated =
        """
        {"provider": "scripted", "script": [
           {"toolCalls": [{"name": "echo", "arguments": {}}], "times": 998},
           {"text": "done"}
        ]}""";
    java.util.function.IntFunction<ModelOutcome> at =
        turnCall ->
            provider.complete(
                Requests.model("t-1", "scripted", repeated, turnCall, Requests.T0), DeltaSink.NONE);

    assertThat(((ModelOutcome.Reply) at.apply(1)).toolCalls()).hasSize(1);
    assertThat(((ModelOutcome.Reply) at.apply(998)).toolCalls()).hasSize(1);
    assertThat(((ModelOutcome.Reply) at.apply(999)).text()).isEqualTo("done");
    assertThat(((ModelOutcome.Reply) at.apply(1500)).text()).isEqualTo("done");
  }

  @Test
  void aTimesThatIsNotAPositiveWholeNumberIsANonRetryableError() {
    for (String times : List.of("0", "-2", "1.5", "\"many\"")) {
      String bad =
          "{\"provider\":\"scripted\",\"script\":[{\"text\":\"x\",\"times\":" + times + "}]}";
      assertThat(
              provider.complete(
                  Requests.model("t-1", "scripted", bad, 1, Requests.T0), DeltaSink.NONE))
          .as("times %s", times)
          .isInstanceOfSatisfying(
              ModelOutcome.Failure.class,
              f -> {
                assertThat(f.code()).isEqualTo("invalid_config");
                assertThat(f.message()).contains("'times'");
                assertThat(f.retryable()).isFalse();
              });
    }
  }

  @Test
  void aMissingScriptIsANonRetryableError() {
    ModelOutcome outcome =
        provider.complete(
            Requests.model("t-1", "scripted", "{\"provider\":\"scripted\"}", 1, Requests.T0),
            DeltaSink.NONE);

    assertThat(outcome)
        .isInstanceOfSatisfying(
            ModelOutcome.Failure.class,
            f -> {
              assertThat(f.retryable()).isFalse();
              assertThat(f.message()).contains("script");
            });
  }

  @Test
  void summarizationRequestsGetAContinuationArtifactWithoutUsingTheScript() {
    var request = Requests.model("t-1", "scripted", SCRIPT, 2, Requests.T0.plusSeconds(60));
    request.setPurpose("compaction");

    ModelOutcome outcome = provider.complete(request, DeltaSink.NONE);

    assertThat(outcome)
        .isInstanceOfSatisfying(
            ModelOutcome.Reply.class,
            r -> {
              assertThat(r.text()).startsWith("Goal:").contains("Next steps:");
              assertThat(r.toolCalls()).isEmpty();
            });
  }
}
