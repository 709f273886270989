package dev.threadline.executor.model;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.threadline.avro.ModelRequest;
import dev.threadline.step.GoldenConversations;
import dev.threadline.testkit.MessagesRules;
import dev.threadline.testkit.ResponsesRules;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * Every conversation the state machine builds — the golden transcripts' model requests, with
 * subagents, subprompts, dual_ai sides, handoffs, approvals, compaction and aborts — is one each
 * provider's API takes once the provider has put it in that API's shape.
 */
class GoldenConversationsHoldTheApisRulesTest {
  private static final int SEEDS = 60;

  @Test
  void everyGoldenModelRequestHoldsTheMessagesRules() {
    AnthropicProvider anthropic = AnthropicProviderTest.provider("http://127.0.0.1:9", "k");
    assertThat(
            problems(
                request ->
                    MessagesRules.violations(
                        json(
                            com.anthropic.core.ObjectMappers.jsonMapper(),
                            () -> anthropic.params(request, "claude-test", null)._body()))))
        .isEmpty();
  }

  @Test
  void everyGoldenModelRequestHoldsTheResponsesRules() {
    OpenAiResponsesProvider responses =
        OpenAiResponsesProviderTest.provider("http://127.0.0.1:9", "k");
    assertThat(
            problems(
                request -> {
                  JsonNode body =
                      json(
                          com.openai.core.ObjectMappers.jsonMapper(),
                          () -> responses.params(request, "gpt-test", null)._body());
                  return ResponsesRules.violations(body);
                }))
        .isEmpty();
  }

  private static List<String> problems(Function<ModelRequest, List<String>> rules) {
    List<String> problems = new ArrayList<>();
    int[] requests = {0};
    GoldenConversations.forEach(
        SEEDS,
        request -> {
          requests[0]++;
          for (String p : rules.apply(request)) {
            problems.add(request.getRequestId() + ": " + p);
          }
        });
    assertThat(requests[0]).isGreaterThan(SEEDS * 10);
    return problems;
  }

  @FunctionalInterface
  private interface Body {
    Object get() throws Exception;
  }

  private static JsonNode json(com.fasterxml.jackson.databind.ObjectMapper mapper, Body body) {
    try {
      return mapper.valueToTree(body.get());
    } catch (Exception e) {
      throw new AssertionError("could not be put in the API's shape: " + e, e);
    }
  }
}
