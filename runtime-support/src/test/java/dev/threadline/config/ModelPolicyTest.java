package dev.threadline.config;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Which model endpoints an agent definition may name: the operator's, never a tenant's URL. */
class ModelPolicyTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  private static JsonNode model(String json) throws Exception {
    return JSON.readTree(json);
  }

  @Test
  void aModelUrlChosenByTheTenantIsRefusedByDefault() throws Exception {
    ModelPolicy policy = ModelPolicy.from(Map.of());

    ModelPolicy.Refusal refusal =
        policy.refusal(
            "acme",
            model(
                "{\"provider\":\"openai\",\"model\":\"m\",\"baseUrl\":\"https://evil.test/v1\"}"));

    assertThat(refusal.field()).isEqualTo("model.baseUrl");
    assertThat(refusal.reason()).contains("threadline.model.base.url.allowed").contains("default");
  }

  @Test
  void anEndpointTheOperatorDidNotNameIsRefused() throws Exception {
    ModelPolicy policy = ModelPolicy.from(Map.of("threadline.model.endpoints", "default, fast"));

    assertThat(policy.refusal("acme", model("{\"provider\":\"openai\",\"endpoint\":\"fast\"}")))
        .isNull();
    assertThat(policy.refusal("acme", model("{\"provider\":\"openai\"}"))).isNull();
    ModelPolicy.Refusal refusal =
        policy.refusal("acme", model("{\"provider\":\"openai\",\"endpoint\":\"other\"}"));
    assertThat(refusal.field()).isEqualTo("model.endpoint");
    assertThat(refusal.reason()).contains("default").contains("fast");
  }

  @Test
  void aModelUrlIsAcceptedOnlyWhenTheOperatorAllowsIt() throws Exception {
    ModelPolicy policy = ModelPolicy.from(Map.of("threadline.model.base.url.allowed", "true"));

    assertThat(
            policy.refusal(
                "acme",
                model("{\"provider\":\"openai\",\"baseUrl\":\"https://llm.acme.test/v1\"}")))
        .isNull();
    assertThat(
            policy
                .refusal(
                    "acme",
                    model(
                        "{\"provider\":\"openai\",\"baseUrl\":\"https://x.test\",\"endpoint\":\"default\"}"))
                .field())
        .isEqualTo("model.baseUrl");
    assertThat(
            policy
                .refusal("acme", model("{\"provider\":\"openai\",\"baseUrl\":\"file:///etc/x\"}"))
                .reason())
        .contains("http");
  }

  @Test
  void aTenantsAllowListLimitsItsEndpointsAndModels() throws Exception {
    ModelPolicy policy =
        ModelPolicy.from(
            Map.of(
                "threadline.model.endpoints", "default,premium",
                "threadline.model.base.url.allowed", "true",
                "threadline.model.tenant.acme.endpoints", "default",
                "threadline.model.tenant.acme.models", "gpt-4o-mini, llama-*"));

    assertThat(policy.refusal("acme", model("{\"provider\":\"openai\",\"model\":\"llama-3\"}")))
        .isNull();
    assertThat(policy.refusal("acme", model("{\"provider\":\"openai\",\"model\":\"gpt-4o\"}")))
        .extracting(ModelPolicy.Refusal::field)
        .isEqualTo("model.model");
    assertThat(
            policy.refusal(
                "acme",
                model(
                    "{\"provider\":\"openai\",\"model\":\"gpt-4o-mini\",\"endpoint\":\"premium\"}")))
        .extracting(ModelPolicy.Refusal::field)
        .isEqualTo("model.endpoint");
    assertThat(
            policy.refusal(
                "acme",
                model(
                    "{\"provider\":\"openai\",\"model\":\"gpt-4o-mini\",\"baseUrl\":\"https://x.test\"}")))
        .extracting(ModelPolicy.Refusal::field)
        .isEqualTo("model.baseUrl");
    // Another tenant is not bound by acme's list.
    assertThat(
            policy.refusal(
                "other",
                model("{\"provider\":\"openai\",\"model\":\"gpt-4o\",\"endpoint\":\"premium\"}")))
        .isNull();
  }

  @Test
  void providersWithoutEndpointsAreNotConcerned() throws Exception {
    assertThat(
            ModelPolicy.from(Map.of())
                .refusal("acme", model("{\"provider\":\"scripted\",\"baseUrl\":\"ignored\"}")))
        .isNull();
  }

  @Test
  void anEndpointNamedInSettingsMustBeAWord() {
    org.assertj.core.api.Assertions.assertThatThrownBy(
            () -> ModelPolicy.from(Map.of("threadline.model.endpoints", "default,no good")))
        .hasMessageContaining("threadline.model.endpoints");
  }

  /** A provider this runtime does not have is refused at the door, not at the first call. */
  @Test
  void aProviderTheRuntimeDoesNotHaveIsRefusedNamingIt() throws Exception {
    ModelPolicy policy = ModelPolicy.from(Map.of());

    ModelPolicy.Refusal refusal =
        policy.definitionRefusal("acme", model("{\"provider\":\"nope\"}"));

    assertThat(refusal.field()).isEqualTo("model.provider");
    assertThat(refusal.reason())
        .contains("nope")
        .contains("openai")
        .contains("scripted")
        .contains("threadline.model.providers");
  }

  /** A provider the operator adds (its jar on the executor's classpath) may be named. */
  @Test
  void theProvidersTheOperatorListsMayBeNamedAndNoOthers() throws Exception {
    ModelPolicy policy =
        ModelPolicy.from(
            Map.of(
                "threadline.model.providers", "openai, scripted, Echo-Model",
                "threadline.model.endpoints", "default,echo",
                "threadline.model.endpoint.echo.provider", "echo-model"));
    String echo = "{\"provider\":\"echo-model\",\"endpoint\":\"echo\"}";

    assertThat(policy.providers()).containsExactly("openai", "scripted", "echo-model");
    assertThat(policy.definitionRefusal("acme", model(echo))).isNull();
    assertThat(ModelPolicy.from(Map.of()).definitionRefusal("acme", model(echo)).field())
        .isEqualTo("model.provider");
  }

  /** An endpoint serves one provider: a configuration naming it with another is refused. */
  @Test
  void anEndpointServesTheProviderItsSettingsName() throws Exception {
    ModelPolicy policy =
        ModelPolicy.from(
            Map.of(
                "threadline.model.providers", "openai,scripted,echo-model",
                "threadline.model.endpoints", "default,echo",
                "threadline.model.endpoint.echo.provider", "echo-model"));

    assertThat(policy.providerOf("default")).isEqualTo("openai");
    assertThat(policy.providerOf("echo")).isEqualTo("echo-model");
    assertThat(policy.refusal("acme", model("{\"provider\":\"echo-model\",\"endpoint\":\"echo\"}")))
        .isNull();
    ModelPolicy.Refusal mismatch =
        policy.refusal("acme", model("{\"provider\":\"openai\",\"endpoint\":\"echo\"}"));
    assertThat(mismatch.field()).isEqualTo("model.endpoint");
    assertThat(mismatch.reason())
        .contains("serves provider 'echo-model'")
        .contains("threadline.model.endpoint.echo.provider");
    assertThat(policy.refusal("acme", model("{\"provider\":\"echo-model\"}")).field())
        .as("the default endpoint serves openai")
        .isEqualTo("model.endpoint");
  }

  @Test
  void anEndpointOfAProviderTheRuntimeDoesNotHaveStopsTheStart() {
    org.assertj.core.api.Assertions.assertThatThrownBy(
            () ->
                ModelPolicy.from(
                    Map.of(
                        "threadline.model.endpoints", "default,gemini",
                        "threadline.model.endpoint.gemini.provider", "gemini")))
        .hasMessageContaining("threadline.model.endpoint.gemini.provider")
        .hasMessageContaining("gemini");
  }

  @Test
  void aProviderNameThatIsNoNameStopsTheStart() {
    org.assertj.core.api.Assertions.assertThatThrownBy(
            () -> ModelPolicy.from(Map.of("threadline.model.providers", "openai,my provider")))
        .hasMessageContaining("threadline.model.providers")
        .hasMessageContaining("my provider");
  }
}
