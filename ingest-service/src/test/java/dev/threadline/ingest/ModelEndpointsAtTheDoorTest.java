package dev.threadline.ingest;

import static dev.threadline.ingest.Door.get;
import static dev.threadline.ingest.Door.put;
import static dev.threadline.ingest.Door.unprocessable;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

/**
 * An agent names one of the operator's model endpoints; a model URL of its own is refused with 422
 * when the definition is written. The cluster resource configures the endpoints {@code default} and
 * {@code fast}, and holds tenant-b to the models {@code cheap-*}.
 */
@QuarkusTest
@QuarkusTestResource(ClusterResource.class)
class ModelEndpointsAtTheDoorTest {

  @Test
  void aModelUrlOfTheTenantsOwnIsRefusedWith422() {
    put(
            "key-a",
            "/v1/agents/exfiltrate",
            """
            {"model": {"provider": "openai", "model": "gpt-4o-mini",
                       "baseUrl": "https://attacker.example/v1"}}""")
        .spec(unprocessable("model.baseUrl"))
        .body("detail", containsString("threadline.model.base.url.allowed"));
    get("key-a", "/v1/agents/exfiltrate").statusCode(404);
  }

  /**
   * An anthropic agent names an endpoint of that kind and only the options the provider takes: what
   * it does not take is refused now, naming the field, not at its first call.
   */
  @Test
  void anAnthropicAgentIsHeldToItsEndpointsAndTheOptionsItTakes() {
    put(
            "key-a",
            "/v1/agents/on-claude",
            """
            {"model": {"provider": "anthropic", "endpoint": "claude", "model": "claude-x",
                       "reasoning": {"budgetTokens": 2048}, "maxOutputTokens": 8192}}""")
        .statusCode(200);
    put(
            "key-a",
            "/v1/agents/warm-claude",
            "{\"model\": {\"provider\": \"anthropic\", \"endpoint\": \"claude\", \"temperature\": 0.3}}")
        .spec(unprocessable("model.temperature"))
        .body("detail", containsString("not taken by the anthropic provider"));
    put("key-a", "/v1/agents/claude-on-default", "{\"model\": {\"provider\": \"anthropic\"}}")
        .spec(unprocessable("model.endpoint"));
    get("key-a", "/v1/agents/warm-claude").statusCode(404);
    get("key-a", "/v1/agents/claude-on-default").statusCode(404);
  }

  /** Each fallback is held to the rules of a model of its own, its field named by its place. */
  @Test
  void fallbacksAreModelsOfTheirOwnAndHaveNone() {
    put(
            "key-a",
            "/v1/agents/resilient",
            """
            {"model": {"provider": "openai", "model": "gpt-x", "fallbacks": [
              {"provider": "anthropic", "endpoint": "claude", "model": "claude-x"},
              {"provider": "openai", "endpoint": "fast", "model": "gpt-y"}]}}""")
        .statusCode(200)
        .body("model.fallbacks[0].provider", equalTo("anthropic"));
    put(
            "key-a",
            "/v1/agents/warm-fallback",
            """
            {"model": {"provider": "openai", "model": "gpt-x", "fallbacks": [
              {"provider": "anthropic", "endpoint": "claude", "temperature": 0.3}]}}""")
        .spec(unprocessable("model.fallbacks[0].temperature"));
    put(
            "key-a",
            "/v1/agents/nested-fallback",
            """
            {"model": {"provider": "openai", "model": "gpt-x", "fallbacks": [
              {"provider": "openai", "model": "gpt-y", "fallbacks": [{"provider": "openai"}]}]}}""")
        .spec(unprocessable("model.fallbacks[0]"));
    get("key-a", "/v1/agents/warm-fallback").statusCode(404);
    get("key-a", "/v1/agents/nested-fallback").statusCode(404);
  }

  /** An agent naming a provider the runtime lacks is refused now, not at its first call. */
  @Test
  void anUnknownProviderIsRefusedWith422AndNotStored() {
    put("key-a", "/v1/agents/no-such-provider", "{\"model\": {\"provider\": \"nope\"}}")
        .spec(unprocessable("model.provider"))
        .body("detail", containsString("unknown provider 'nope'"));
    get("key-a", "/v1/agents/no-such-provider").statusCode(404);
  }

  /**
   * The cluster resource lists echo-model among the providers, with an endpoint that serves it, as
   * an operator adding one does; an endpoint serves only its own provider.
   */
  @Test
  void aProviderTheOperatorListsIsAcceptedOnAnEndpointThatServesIt() {
    put(
            "key-a",
            "/v1/agents/on-echo",
            "{\"model\": {\"provider\": \"echo-model\", \"endpoint\": \"echo\"}}")
        .statusCode(200)
        .body("model.provider", equalTo("echo-model"));
    put(
            "key-a",
            "/v1/agents/openai-on-echo",
            "{\"model\": {\"provider\": \"openai\", \"endpoint\": \"echo\", \"model\": \"m\"}}")
        .spec(unprocessable("model.endpoint"))
        .body("detail", containsString("threadline.model.endpoint.echo.provider"));
  }

  /** The options a model call takes, kept with the model as given. */
  @Test
  void modelOptionsInRangeAreKeptAndOneOutOfRangeIsRefusedNamingIt() {
    put(
            "key-a",
            "/v1/agents/structured",
            """
            {"model": {"provider": "openai", "model": "m", "temperature": 0.2, "topP": 0.9,
                       "maxOutputTokens": 300, "stop": ["END"], "seed": 7,
                       "toolChoice": "auto", "parallelToolCalls": false,
                       "reasoning": {"effort": "low"},
                       "responseFormat": {"type": "json_schema", "name": "answer",
                         "schema": {"type": "object", "required": ["n"],
                                    "properties": {"n": {"type": "integer"}}}}}}""")
        .statusCode(200)
        .body("model.temperature", equalTo(0.2f))
        .body("model.responseFormat.schema.required[0]", equalTo("n"));
    put(
            "key-a",
            "/v1/agents/too-hot",
            "{\"model\": {\"provider\": \"openai\", \"model\": \"m\", \"temperature\": 3}}")
        .spec(unprocessable("model.temperature"));
    put(
            "key-a",
            "/v1/agents/not-a-schema",
            """
            {"model": {"provider": "openai", "model": "m",
                       "responseFormat": {"type": "json_schema", "schema": {"type": 12}}}}""")
        .spec(unprocessable("model.responseFormat.schema"))
        .body("detail", containsString("not a JSON Schema"));
    get("key-a", "/v1/agents/too-hot").statusCode(404);
    get("key-a", "/v1/agents/not-a-schema").statusCode(404);
  }

  @Test
  void aSubpromptsModelUrlOfTheTenantsOwnIsRefusedToo() {
    put(
            "key-a",
            "/v1/agents/exfiltrate-by-subprompt",
            """
            {"model": {"provider": "scripted", "script": [{"text": "hi"}]},
             "subprompts": [{"name": "leak", "prompt": "p",
                             "model": {"provider": "openai", "model": "gpt-4o-mini",
                                       "baseUrl": "https://attacker.example/v1"}}]}""")
        .spec(unprocessable("subprompts[0].model.baseUrl"));
    get("key-a", "/v1/agents/exfiltrate-by-subprompt").statusCode(404);
  }

  @Test
  void anEndpointTheOperatorConfiguredIsAccepted() {
    put(
            "key-a",
            "/v1/agents/on-fast",
            "{\"model\": {\"provider\": \"openai\", \"endpoint\": \"fast\", \"model\": \"m\"}}")
        .statusCode(200)
        .body("model.endpoint", equalTo("fast"));
  }

  @Test
  void anEndpointTheOperatorDidNotConfigureIsRefused() {
    put(
            "key-a",
            "/v1/agents/on-nothing",
            "{\"model\": {\"provider\": \"openai\", \"endpoint\": \"gpu-farm\"}}")
        .spec(unprocessable("model.endpoint"))
        .body("detail", containsString("default, fast"));
  }

  @Test
  void aTenantHeldToAModelListIsRefusedAnotherModel() {
    put(
            "key-b",
            "/v1/agents/premium",
            "{\"model\": {\"provider\": \"openai\", \"model\": \"premium-1\"}}")
        .spec(unprocessable("model.model"));
    put(
            "key-b",
            "/v1/agents/cheap",
            "{\"model\": {\"provider\": \"openai\", \"model\": \"cheap-1\"}}")
        .statusCode(200);
  }
}
