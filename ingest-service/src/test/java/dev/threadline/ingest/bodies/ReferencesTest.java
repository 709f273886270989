package dev.threadline.ingest.bodies;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** An agent naming models and prompts, resolved into the inline definition a thread freezes. */
class ReferencesTest {
  private static final Map<String, String> MODELS =
      Map.of(
          "fast", "{\"provider\": \"openai\", \"model\": \"gpt-4o-mini\"}",
          "deep", "{\"provider\": \"openai\", \"model\": \"o3\"}");
  private static final Map<String, String> PROMPTS =
      Map.of(
          "coordinator", "{\"prompt\": \"You coordinate.\", \"model\": \"deep\"}",
          "summarize",
              "{\"prompt\": \"Summarize.\", \"model\": \"fast\", \"toolDescription\": \"Sums up\","
                  + " \"includeChat\": true}",
          "plain", "{\"prompt\": \"Just text.\"}",
          "tidy", "{\"prompt\": \"Tidy up.\", \"hooks\": {\"filter_messages\": \"keep_recent\"}}");

  private static final References.Lookup LOOKUP =
      new References.Lookup() {
        @Override
        public Optional<JsonNode> model(String name) {
          return Optional.ofNullable(MODELS.get(name)).map(Json::parse);
        }

        @Override
        public Optional<JsonNode> prompt(String name) {
          return Optional.ofNullable(PROMPTS.get(name)).map(Json::parse);
        }
      };

  private static References.Resolved resolve(String written) {
    return References.resolve(Json.parse(written), LOOKUP);
  }

  @Test
  void aModelNamedByAnAgentIsItsConfiguration() {
    var resolved = resolve("{\"model\": \"fast\", \"systemPrompt\": \"Hi\"}");

    assertThat(resolved.body().get("model")).isEqualTo(Json.parse(MODELS.get("fast")));
    assertThat(resolved.body().get("systemPrompt").asText()).isEqualTo("Hi");
    assertThat(resolved.uses()).containsExactly("model:fast");
  }

  @Test
  void aPromptNamedByAnAgentGivesItsSystemPromptAndModel() {
    var resolved = resolve("{\"prompt\": \"coordinator\"}");

    assertThat(resolved.body().get("systemPrompt").asText()).isEqualTo("You coordinate.");
    assertThat(resolved.body().get("model")).isEqualTo(Json.parse(MODELS.get("deep")));
    assertThat(resolved.body().has("prompt")).isFalse();
    assertThat(resolved.uses()).containsExactly("prompt:coordinator", "model:deep");
  }

  @Test
  void theAgentsOwnModelWinsOverItsPromptsModel() {
    var resolved = resolve("{\"prompt\": \"coordinator\", \"model\": \"fast\"}");

    assertThat(resolved.body().get("model")).isEqualTo(Json.parse(MODELS.get("fast")));
    assertThat(resolved.uses()).containsExactlyInAnyOrder("prompt:coordinator", "model:fast");
  }

  @Test
  void aPromptByNameAndASystemPromptTogetherAreRefused() {
    Throwable refused =
        catchThrowable(() -> resolve("{\"prompt\": \"plain\", \"systemPrompt\": \"x\"}"));

    assertThat(FieldErrors.field(refused)).isEqualTo("prompt");
  }

  @Test
  void anUnknownModelOrPromptIsRefusedNamingTheField() {
    assertThat(FieldErrors.field(catchThrowable(() -> resolve("{\"model\": \"nope\"}"))))
        .isEqualTo("model");
    assertThat(FieldErrors.field(catchThrowable(() -> resolve("{\"prompt\": \"nope\"}"))))
        .isEqualTo("prompt");
    assertThat(
            FieldErrors.field(
                catchThrowable(
                    () ->
                        resolve(
                            "{\"model\": \"fast\", \"type\": \"dual_ai\", \"sideB\": {\"model\": \"nope\"}}"))))
        .isEqualTo("sideB.model");
    assertThat(
            FieldErrors.field(
                catchThrowable(() -> resolve("{\"model\": \"fast\", \"subprompts\": [\"nope\"]}"))))
        .isEqualTo("subprompts[0].name");
  }

  @Test
  void aPromptInTheSubpromptsListIsThatPromptAsATool() {
    var resolved =
        resolve(
            "{\"model\": \"deep\", \"subprompts\": [\"summarize\","
                + " {\"name\": \"summarize\", \"includeToolCalls\": false},"
                + " {\"name\": \"inline\", \"prompt\": \"Own text.\", \"model\": \"fast\"}]}");

    JsonNode byString = resolved.body().get("subprompts").get(0);
    assertThat(byString.get("name").asText()).isEqualTo("summarize");
    assertThat(byString.get("prompt").asText()).isEqualTo("Summarize.");
    assertThat(byString.get("toolDescription").asText()).isEqualTo("Sums up");
    assertThat(byString.get("includeChat").asBoolean()).isTrue();
    assertThat(byString.get("model")).isEqualTo(Json.parse(MODELS.get("fast")));
    JsonNode withFlags = resolved.body().get("subprompts").get(1);
    assertThat(withFlags.get("includeToolCalls").asBoolean()).isFalse();
    assertThat(withFlags.get("prompt").asText()).isEqualTo("Summarize.");
    JsonNode inline = resolved.body().get("subprompts").get(2);
    assertThat(inline.get("prompt").asText()).isEqualTo("Own text.");
    assertThat(inline.get("model")).isEqualTo(Json.parse(MODELS.get("fast")));
    assertThat(resolved.uses())
        .containsExactlyInAnyOrder("model:deep", "prompt:summarize", "model:fast");
  }

  @Test
  void sideBNamesItsOwnPromptAndModel() {
    var resolved =
        resolve(
            "{\"type\": \"dual_ai\", \"prompt\": \"plain\", \"model\": \"fast\","
                + " \"sideB\": {\"prompt\": \"coordinator\"}}");

    JsonNode sideB = resolved.body().get("sideB");
    assertThat(sideB.get("systemPrompt").asText()).isEqualTo("You coordinate.");
    assertThat(sideB.get("model")).isEqualTo(Json.parse(MODELS.get("deep")));
  }

  @Test
  void anInlineDefinitionIsLeftAsItIsAndUsesNothing() {
    String inline =
        "{\"model\": {\"provider\": \"scripted\"}, \"systemPrompt\": \"s\", \"subprompts\":"
            + " [{\"name\": \"n\", \"prompt\": \"p\"}]}";

    var resolved = resolve(inline);

    assertThat(resolved.body()).isEqualTo(Json.parse(inline));
    assertThat(resolved.uses()).isEmpty();
  }

  @Test
  void aPromptsHooksGoWithItIntoTheSubpromptThatNamesIt() {
    var resolved = resolve("{\"systemPrompt\": \"Hi\", \"subprompts\": [\"tidy\"]}");

    assertThat(resolved.body().path("subprompts").get(0).path("hooks"))
        .isEqualTo(Json.parse("{\"filter_messages\": \"keep_recent\"}"));
  }
}
