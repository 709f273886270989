package dev.threadline.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/** The Messages API stand-in refuses what the real API refuses, and takes what it takes. */
class MessagesRulesTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  private static JsonNode body(String messages, String extra) throws Exception {
    return JSON.readTree(
        "{\"model\":\"claude\",\"max_tokens\":100,\"messages\":" + messages + extra + "}");
  }

  private static String use(String id) {
    return "{\"type\":\"tool_use\",\"id\":\"" + id + "\",\"name\":\"echo\",\"input\":{}}";
  }

  private static String result(String id) {
    return "{\"type\":\"tool_result\",\"tool_use_id\":\"" + id + "\",\"content\":\"1\"}";
  }

  @Test
  void aToolLoopInTheApisShapeIsTaken() throws Exception {
    JsonNode ok =
        body(
            "[{\"role\":\"user\",\"content\":\"hi\"},"
                + "{\"role\":\"assistant\",\"content\":["
                + use("toolu_1")
                + "]},"
                + "{\"role\":\"user\",\"content\":["
                + result("toolu_1")
                + ",{\"type\":\"text\",\"text\":\"note\",\"cache_control\":{\"type\":\"ephemeral\"}}]}]",
            ",\"tools\":[{\"name\":\"echo\",\"input_schema\":{\"type\":\"object\"}}]");
    assertThat(MessagesRules.violations(ok)).isEmpty();
  }

  @Test
  void rolesAlternateFromAUserMessage() throws Exception {
    assertThat(
            MessagesRules.violations(
                body(
                    "[{\"role\":\"assistant\",\"content\":\"a\"},{\"role\":\"assistant\",\"content\":\"b\"}]",
                    "")))
        .anyMatch(p -> p.contains("first message must use the \"user\" role"))
        .anyMatch(p -> p.contains("roles must alternate"));
  }

  @Test
  void everyToolUseIsAnsweredFirstInTheNextUserMessage() throws Exception {
    String unanswered =
        "[{\"role\":\"user\",\"content\":\"hi\"},{\"role\":\"assistant\",\"content\":["
            + use("a")
            + "]},{\"role\":\"user\",\"content\":\"next\"}]";
    assertThat(MessagesRules.violations(body(unanswered, "")))
        .anyMatch(p -> p.contains("without `tool_result` blocks immediately after"));

    String resultLast =
        "[{\"role\":\"user\",\"content\":\"hi\"},{\"role\":\"assistant\",\"content\":["
            + use("a")
            + "]},{\"role\":\"user\",\"content\":[{\"type\":\"text\",\"text\":\"x\"},"
            + result("a")
            + "]}]";
    assertThat(MessagesRules.violations(body(resultLast, "")))
        .anyMatch(p -> p.contains("must come first"));

    String stray = "[{\"role\":\"user\",\"content\":[" + result("nobody") + "]}]";
    assertThat(MessagesRules.violations(body(stray, "")))
        .anyMatch(p -> p.contains("unexpected `tool_use_id`"));
  }

  @Test
  void emptyTextBadIdsAndUnknownFieldsAreRefused() throws Exception {
    assertThat(
            MessagesRules.violations(
                body(
                    "[{\"role\":\"user\",\"content\":[{\"type\":\"text\",\"text\":\"\"}]},"
                        + "{\"role\":\"assistant\",\"content\":["
                        + use("call.1")
                        + "]},{\"role\":\"user\",\"content\":["
                        + result("call.1")
                        + "]}]",
                    ",\"temperature\":1.5,\"seed\":3")))
        .anyMatch(p -> p.contains("text content blocks must be non-empty"))
        .anyMatch(p -> p.contains("should match pattern"))
        .anyMatch(p -> p.contains("seed: Extra inputs are not permitted"))
        .anyMatch(p -> p.contains("temperature"));
  }

  @Test
  void withThinkingOnTheToolLoopsAssistantTurnStartsWithItsThinking() throws Exception {
    String loop =
        "[{\"role\":\"user\",\"content\":\"hi\"},{\"role\":\"assistant\",\"content\":["
            + use("a")
            + "]},{\"role\":\"user\",\"content\":["
            + result("a")
            + "]}]";
    String thinking = ",\"thinking\":{\"type\":\"enabled\",\"budget_tokens\":1024}";
    assertThat(MessagesRules.violations(body(loop, thinking.replace("100", "2000"))))
        .anyMatch(p -> p.contains("max_tokens") || p.contains("budget_tokens"))
        .anyMatch(p -> p.contains("Expected `thinking` or `redacted_thinking`"));
  }

  @Test
  void atMostFourCacheBreakpoints() throws Exception {
    String block = "{\"type\":\"text\",\"text\":\"x\",\"cache_control\":{\"type\":\"ephemeral\"}}";
    String five =
        "[{\"role\":\"user\",\"content\":["
            + String.join(",", java.util.Collections.nCopies(5, block))
            + "]}]";
    assertThat(MessagesRules.violations(body(five, "")))
        .anyMatch(p -> p.contains("A maximum of 4 blocks with cache_control"));
  }
}
