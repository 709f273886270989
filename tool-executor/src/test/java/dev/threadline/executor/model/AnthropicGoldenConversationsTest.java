package dev.threadline.executor.model;

import static org.assertj.core.api.Assertions.assertThat;

import com.anthropic.core.ObjectMappers;
import com.anthropic.models.messages.MessageCreateParams;
import com.fasterxml.jackson.databind.JsonNode;
import dev.threadline.avro.ModelRequest;
import dev.threadline.step.GoldenConversations;
import dev.threadline.testkit.MessagesRules;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Every conversation the state machine builds — the golden transcripts' model requests, with
 * subagents, subprompts, dual_ai sides, handoffs, approvals, compaction and aborts — is one the
 * Messages API takes, once the anthropic provider has put it in the API's shape.
 */
class AnthropicGoldenConversationsTest {
  private static final int SEEDS = 60;

  @Test
  void everyGoldenModelRequestHoldsTheMessagesRules() throws Exception {
    AnthropicProvider provider = AnthropicProviderTest.provider("http://127.0.0.1:9", "k");
    List<String> problems = new ArrayList<>();
    int[] requests = {0};
    GoldenConversations.forEach(
        SEEDS,
        request -> {
          requests[0]++;
          for (String p : violations(provider, request)) {
            problems.add(request.getRequestId() + ": " + p);
          }
        });

    assertThat(requests[0]).isGreaterThan(SEEDS * 10);
    assertThat(problems).isEmpty();
  }

  private static List<String> violations(AnthropicProvider provider, ModelRequest request) {
    try {
      MessageCreateParams params = provider.params(request, "claude-test", null);
      JsonNode body = ObjectMappers.jsonMapper().valueToTree(params._body());
      return MessagesRules.violations(body);
    } catch (Exception e) {
      return List.of("could not be put in the API's shape: " + e);
    }
  }
}
