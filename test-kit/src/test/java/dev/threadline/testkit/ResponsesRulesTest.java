package dev.threadline.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/** The Responses API stand-in refuses what the real API refuses, and takes what it takes. */
class ResponsesRulesTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  private static JsonNode body(String input, String extra) throws Exception {
    return JSON.readTree("{\"model\":\"gpt\",\"store\":false,\"input\":" + input + extra + "}");
  }

  private static final String CALL =
      "{\"type\":\"function_call\",\"call_id\":\"c1\",\"name\":\"echo\",\"arguments\":\"{}\"}";
  private static final String OUTPUT =
      "{\"type\":\"function_call_output\",\"call_id\":\"c1\",\"output\":\"1\"}";

  @Test
  void aToolLoopWithItsReasoningIsTaken() throws Exception {
    String reasoning =
        "{\"type\":\"reasoning\",\"id\":\"rs_1\",\"summary\":[],\"encrypted_content\":\"e\"}";
    assertThat(
            ResponsesRules.violations(
                body(
                    "[{\"role\":\"user\",\"content\":\"hi\"},"
                        + reasoning
                        + ","
                        + CALL
                        + ","
                        + OUTPUT
                        + "]",
                    ",\"tools\":[{\"type\":\"function\",\"name\":\"echo\",\"parameters\":{\"type\":\"object\"}}]")))
        .isEmpty();
  }

  @Test
  void everyCallIsAnsweredOnceAndNoOutputAnswersNothing() throws Exception {
    assertThat(ResponsesRules.violations(body("[" + CALL + "]", "")))
        .anyMatch(p -> p.contains("No tool output found for function call c1"));
    assertThat(ResponsesRules.violations(body("[" + OUTPUT + "]", "")))
        .anyMatch(p -> p.contains("No tool call found for function call output"));
  }

  @Test
  void reasoningNotStoredNeedsItsContentAndTheItemItLedTo() throws Exception {
    String bare = "{\"type\":\"reasoning\",\"id\":\"rs_1\",\"summary\":[]}";
    assertThat(
            ResponsesRules.violations(
                body("[" + bare + ",{\"role\":\"user\",\"content\":\"x\"}]", "")))
        .anyMatch(p -> p.contains("Items are not persisted when `store` is set to false"))
        .anyMatch(p -> p.contains("without its required following item"));
  }

  @Test
  void unknownFieldsPartsAndRangesAreRefused() throws Exception {
    assertThat(
            ResponsesRules.violations(
                body(
                    "[{\"role\":\"assistant\",\"content\":[{\"type\":\"input_text\",\"text\":\"x\"}]}]",
                    ",\"stop\":[\"x\"],\"max_output_tokens\":8,\"tool_choice\":\"required\"")))
        .anyMatch(p -> p.contains("Unknown parameter: 'stop'"))
        .anyMatch(p -> p.contains("not a part the assistant role sends"))
        .anyMatch(p -> p.contains("Expected a value >= 16"))
        .anyMatch(p -> p.contains("'required' needs tools"));
  }
}
