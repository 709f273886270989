package dev.threadline.config;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/**
 * A model configuration's options: each in range or refused naming it, a JSON-schema format's
 * schema a JSON Schema, and a reply under a JSON format checked against it.
 */
class ModelOptionsTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  private static ModelPolicy.Refusal refusal(String config) throws Exception {
    return ModelOptions.refusal(JSON.readTree(config));
  }

  private static String field(String config) throws Exception {
    ModelPolicy.Refusal refusal = refusal(config);
    return refusal == null ? null : refusal.field();
  }

  @Test
  void optionsInRangeAreTaken() throws Exception {
    assertThat(
            refusal(
                """
                {"provider": "openai", "temperature": 0.2, "topP": 1, "maxOutputTokens": 512,
                 "stop": ["END"], "seed": 7, "parallelToolCalls": false,
                 "reasoning": {"effort": "low"}, "toolChoice": {"name": "lookup"},
                 "providerOptions": {"user": "u-1"},
                 "responseFormat": {"type": "json_schema", "name": "answer", "strict": true,
                   "schema": {"type": "object", "properties": {"n": {"type": "integer"}},
                              "required": ["n"]}}}"""))
        .isNull();
    assertThat(refusal("{\"provider\": \"openai\", \"stop\": \"END\", \"toolChoice\": \"auto\"}"))
        .isNull();
  }

  @Test
  void eachOptionOutOfRangeIsRefusedNamingIt() throws Exception {
    assertThat(field("{\"temperature\": 2.5}")).isEqualTo("model.temperature");
    assertThat(field("{\"temperature\": \"hot\"}")).isEqualTo("model.temperature");
    assertThat(field("{\"topP\": 0}")).isEqualTo("model.topP");
    assertThat(field("{\"maxOutputTokens\": 0}")).isEqualTo("model.maxOutputTokens");
    assertThat(field("{\"maxOutputTokens\": 1.5}")).isEqualTo("model.maxOutputTokens");
    assertThat(field("{\"stop\": [\"a\", \"b\", \"c\", \"d\", \"e\"]}")).isEqualTo("model.stop");
    assertThat(field("{\"stop\": [\"\"]}")).isEqualTo("model.stop");
    assertThat(field("{\"seed\": \"x\"}")).isEqualTo("model.seed");
    assertThat(field("{\"parallelToolCalls\": \"yes\"}")).isEqualTo("model.parallelToolCalls");
    assertThat(field("{\"reasoning\": {\"effort\": \"max\"}}")).isEqualTo("model.reasoning");
    assertThat(field("{\"toolChoice\": \"any\"}")).isEqualTo("model.toolChoice");
    assertThat(field("{\"providerOptions\": [1]}")).isEqualTo("model.providerOptions");
    assertThat(field("{\"responseFormat\": {\"type\": \"xml\"}}"))
        .isEqualTo("model.responseFormat.type");
  }

  @Test
  void aJsonSchemaFormatNeedsASchemaThatIsAJsonSchema() throws Exception {
    assertThat(field("{\"responseFormat\": {\"type\": \"json_schema\"}}"))
        .isEqualTo("model.responseFormat.schema");
    ModelPolicy.Refusal notASchema =
        refusal("{\"responseFormat\": {\"type\": \"json_schema\", \"schema\": {\"type\": 12}}}");
    assertThat(notASchema.field()).isEqualTo("model.responseFormat.schema");
    assertThat(notASchema.reason()).contains("not a JSON Schema");
    assertThat(
            field(
                "{\"responseFormat\": {\"type\": \"json_schema\", \"name\": \"a b\","
                    + " \"schema\": {\"type\": \"object\"}}}"))
        .isEqualTo("model.responseFormat.name");
  }

  @Test
  void aReplyUnderAJsonFormatIsCheckedAgainstIt() throws Exception {
    JsonNode schema =
        JSON.readTree(
            """
            {"responseFormat": {"type": "json_schema", "schema": {"type": "object",
              "properties": {"n": {"type": "integer"}}, "required": ["n"]}}}""");
    assertThat(ModelOptions.replyRefusal(schema, "{\"n\": 3}")).isNull();
    assertThat(ModelOptions.replyRefusal(schema, "{\"n\": \"three\"}"))
        .contains("does not match")
        .contains("/n");
    assertThat(ModelOptions.replyRefusal(schema, "three")).contains("not a JSON object");
    JsonNode object = JSON.readTree("{\"responseFormat\": {\"type\": \"json_object\"}}");
    assertThat(ModelOptions.replyRefusal(object, "[1]")).contains("not a JSON object");
    assertThat(ModelOptions.replyRefusal(JSON.readTree("{}"), "anything")).isNull();
  }

  @Test
  void theExecutorsPolicyHoldsARequestToTheSameRules() throws Exception {
    ModelPolicy policy = ModelPolicy.from(java.util.Map.of());
    assertThat(
            policy
                .refusal("acme", JSON.readTree("{\"provider\": \"scripted\", \"temperature\": 9}"))
                .field())
        .isEqualTo("model.temperature");
  }

  /** The executor checks every call's options: a checked schema's verdict holds the next time. */
  @Test
  void aSchemaCheckedBeforeGetsTheSameVerdictAgainAndTheCacheStaysBounded() throws Exception {
    String bad = "{\"responseFormat\": {\"type\": \"json_schema\", \"schema\": {\"type\": 7}}}";
    String good =
        "{\"responseFormat\": {\"type\": \"json_schema\", \"schema\": {\"type\": \"object\"}}}";
    for (int i = 0; i < 2; i++) {
      assertThat(field(bad)).isEqualTo("model.responseFormat.schema");
      assertThat(field(good)).isNull();
    }
    for (int i = 0; i < 600; i++) {
      assertThat(
              field(
                  "{\"responseFormat\": {\"type\": \"json_schema\", \"schema\": {\"maxLength\": "
                      + i
                      + "}}}"))
          .isNull();
    }
    assertThat(field(bad)).isEqualTo("model.responseFormat.schema");
  }
}
