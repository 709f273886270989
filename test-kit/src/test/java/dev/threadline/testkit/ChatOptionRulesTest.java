package dev.threadline.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/** The stand-in refuses the sampling and output parameters the real Chat Completions refuses. */
class ChatOptionRulesTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  private static java.util.List<String> violations(String request) throws Exception {
    return ChatOptionRules.violations(JSON.readTree(request));
  }

  @Test
  void parametersInRangeAreTaken() throws Exception {
    assertThat(
            violations(
                """
                {"temperature": 1, "top_p": 0.5, "max_completion_tokens": 10, "stop": "x",
                 "seed": 3, "reasoning_effort": "high", "tool_choice": {"type": "function",
                 "function": {"name": "t"}}, "parallel_tool_calls": true,
                 "tools": [{"type": "function", "function": {"name": "t"}}],
                 "response_format": {"type": "json_schema",
                   "json_schema": {"name": "r", "schema": {"type": "object"}}}}"""))
        .isEmpty();
  }

  @Test
  void eachParameterOutOfRangeIsRefused() throws Exception {
    assertThat(violations("{\"temperature\": 2.1}"))
        .singleElement()
        .asString()
        .contains("temperature");
    assertThat(violations("{\"top_p\": 1.5}")).singleElement().asString().contains("top_p");
    assertThat(violations("{\"stop\": [\"a\",\"b\",\"c\",\"d\",\"e\"]}")).hasSize(1);
    assertThat(violations("{\"seed\": 1.5}")).hasSize(1);
    assertThat(violations("{\"reasoning_effort\": \"max\"}")).hasSize(1);
    assertThat(violations("{\"response_format\": {\"type\": \"json_schema\"}}")).hasSize(1);
    assertThat(
            violations(
                "{\"tool_choice\": {\"type\": \"function\", \"function\": {\"name\": \"t\"}}}"))
        .as("a named tool that is not among the tools")
        .hasSize(1);
    assertThat(violations("{\"parallel_tool_calls\": false}"))
        .singleElement()
        .asString()
        .contains("only allowed when 'tools' are specified");
  }
}
