package dev.threadline.executor.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.threadline.avro.ModelRequest;
import dev.threadline.config.ModelPolicy;
import dev.threadline.executor.Requests;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The executor's model providers are the kinds the operator lists, each made by the factory of its
 * kind found on the classpath: the built-in {@code scripted} and {@code openai}, and one a jar
 * brings ({@link EchoModelFactory}, in this test classpath's {@code META-INF/services}).
 */
class ModelProvidersTest {
  private static final ProviderContext CONTEXT =
      new ProviderContext(
          Map.of("echo-model.prefix", "echo: "),
          ModelPolicy.from(Map.of()),
          java.time.Duration.ofSeconds(5),
          ModelEndpoints.of(),
          null,
          "gpt-4o-mini",
          d -> d,
          ImageParts.NONE);

  @Test
  void theBuiltInProvidersAreFoundOnTheClasspathByDefault() {
    ModelProviders providers = ModelProviders.load(ModelPolicy.from(Map.of()).providers(), CONTEXT);

    assertThat(providers.names())
        .containsExactly("anthropic", "openai", "openai-responses", "scripted");
    assertThat(providers.get("anthropic").orElseThrow()).isInstanceOf(AnthropicProvider.class);
    assertThat(providers.get("scripted").orElseThrow()).isInstanceOf(ScriptedProvider.class);
    assertThat(providers.get("openai").orElseThrow()).isInstanceOf(OpenAiProvider.class);
  }

  @Test
  void aProviderAJarBringsAnswersOnceTheOperatorListsIt() {
    ModelProviders providers =
        ModelProviders.load(
            ModelPolicy.from(Map.of("threadline.model.providers", "scripted,echo-model"))
                .providers(),
            CONTEXT);
    ModelRequest request =
        Requests.model("t-1", "echo-model", "{\"provider\":\"echo-model\"}", 1, Requests.T0);

    ModelOutcome outcome =
        providers.get("echo-model").orElseThrow().complete(request, DeltaSink.NONE);

    assertThat(providers.names()).containsExactly("echo-model", "scripted");
    assertThat(outcome).isInstanceOf(ModelOutcome.Reply.class);
    assertThat(((ModelOutcome.Reply) outcome).text()).startsWith("echo: ");
  }

  @Test
  void aListedKindNoJarProvidesStopsTheStartNamingTheSetting() {
    assertThatThrownBy(() -> ModelProviders.load(Set.of("gemini"), CONTEXT))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("threadline.model.providers")
        .hasMessageContaining("'gemini'")
        .hasMessageContaining("anthropic, echo-model, openai, openai-responses, scripted");
  }

  @Test
  void twoFactoriesOfOneKindStopTheStartNamingBoth() {
    assertThatThrownBy(
            () ->
                ModelProviders.load(
                    List.of(new ScriptedProvider.Factory(), new ScriptedProvider.Factory()),
                    Set.of("scripted"),
                    CONTEXT))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("two model providers of kind 'scripted'")
        .hasMessageContaining(ScriptedProvider.Factory.class.getName());
  }
}
