package dev.threadline.config;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/** An option the named provider does not take is refused at the door, naming the field. */
class ProviderOptionsTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  private static String field(String config) throws Exception {
    ModelPolicy.Refusal refusal = ModelOptions.refusal(JSON.readTree(config));
    return refusal == null ? null : refusal.field();
  }

  @Test
  void anthropicTakesNoSamplingTemperatureTopPOrSeed() throws Exception {
    assertThat(field("{\"provider\":\"anthropic\",\"temperature\":0.2}"))
        .isEqualTo("model.temperature");
    assertThat(field("{\"provider\":\"anthropic\",\"topP\":0.5}")).isEqualTo("model.topP");
    assertThat(field("{\"provider\":\"anthropic\",\"seed\":1}")).isEqualTo("model.seed");
    assertThat(field("{\"provider\":\"anthropic\",\"providerOptions\":{\"temperature\":0.2}}"))
        .isNull();
  }

  @Test
  void anthropicTakesJsonSchemaAndEffortsFromLowAndABudgetUnderTheCap() throws Exception {
    assertThat(field("{\"provider\":\"anthropic\",\"responseFormat\":{\"type\":\"json_object\"}}"))
        .isEqualTo("model.responseFormat.type");
    assertThat(field("{\"provider\":\"anthropic\",\"reasoning\":{\"effort\":\"minimal\"}}"))
        .isEqualTo("model.reasoning");
    assertThat(field("{\"provider\":\"anthropic\",\"reasoning\":{\"effort\":\"high\"}}")).isNull();
    assertThat(
            field(
                "{\"provider\":\"anthropic\",\"maxOutputTokens\":2000,\"reasoning\":{\"budgetTokens\":4000}}"))
        .isEqualTo("model.reasoning");
    assertThat(
            field(
                "{\"provider\":\"anthropic\",\"maxOutputTokens\":8000,\"reasoning\":{\"budgetTokens\":4000}}"))
        .isNull();
  }

  @Test
  void aBudgetIsAtLeast1024AndOpenAiTakesAnEffortInstead() throws Exception {
    assertThat(field("{\"provider\":\"anthropic\",\"reasoning\":{\"budgetTokens\":100}}"))
        .isEqualTo("model.reasoning");
    assertThat(field("{\"provider\":\"openai\",\"reasoning\":{\"budgetTokens\":2048}}"))
        .isEqualTo("model.reasoning");
    assertThat(field("{\"provider\":\"openai\",\"temperature\":0.2}")).isNull();
  }

  @Test
  void theResponsesApiTakesNoStopOrSeedAndAtLeast16OutputTokens() throws Exception {
    assertThat(field("{\"provider\":\"openai-responses\",\"stop\":\"END\"}"))
        .isEqualTo("model.stop");
    assertThat(field("{\"provider\":\"openai-responses\",\"seed\":1}")).isEqualTo("model.seed");
    assertThat(field("{\"provider\":\"openai-responses\",\"maxOutputTokens\":8}"))
        .isEqualTo("model.maxOutputTokens");
    assertThat(
            field(
                "{\"provider\":\"openai-responses\",\"temperature\":0.3,\"reasoning\":{\"effort\":\"low\"}}"))
        .isNull();
  }
}
