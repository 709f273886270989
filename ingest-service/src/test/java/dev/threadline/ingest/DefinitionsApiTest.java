package dev.threadline.ingest;

import static dev.threadline.ingest.Door.delete;
import static dev.threadline.ingest.Door.get;
import static dev.threadline.ingest.Door.put;
import static dev.threadline.ingest.Door.unprocessable;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.not;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Models and prompts as their own resources, named by agents. */
@QuarkusTest
@QuarkusTestResource(ClusterResource.class)
class DefinitionsApiTest {

  private static void define(String path, String body) {
    put("key-a", path, body).statusCode(200);
  }

  @Test
  void aModelIsStoredListedAndDeletedAndAnotherTenantNeverSeesIt() {
    put(
            "key-a",
            "/v1/models/own-model",
            "{\"provider\": \"scripted\", \"script\": [{\"text\": \"hi\"}]}")
        .statusCode(200)
        .body("name", equalTo("own-model"))
        .body("provider", equalTo("scripted"));
    get("key-a", "/v1/models/own-model").statusCode(200);
    get("key-a", "/v1/models").statusCode(200).body("models.name", hasItem("own-model"));
    get("key-b", "/v1/models/own-model").statusCode(404);
    get("key-b", "/v1/models").body("models.name", not(hasItem("own-model")));

    delete("key-a", "/v1/models/own-model").statusCode(204);
    get("key-a", "/v1/models/own-model").statusCode(404);
  }

  @Test
  void anAgentNamingAPromptAndModelsIsStoredResolved() {
    define("/v1/models/ref-fast", "{\"provider\": \"scripted\", \"model\": \"fast-1\"}");
    define("/v1/models/ref-small", "{\"provider\": \"scripted\", \"model\": \"small-1\"}");
    define(
        "/v1/prompts/ref-coordinator",
        "{\"prompt\": \"You coordinate.\", \"model\": \"ref-fast\"}");
    define(
        "/v1/prompts/ref-summarize",
        "{\"prompt\": \"Summarize.\", \"model\": \"ref-small\", \"toolDescription\": \"Sums up\"}");

    put(
            "key-a",
            "/v1/agents/ref-agent",
            "{\"prompt\": \"ref-coordinator\", \"subprompts\": [\"ref-summarize\"]}")
        .statusCode(200)
        .body("systemPrompt", equalTo("You coordinate."))
        .body("model.model", equalTo("fast-1"))
        .body("subprompts[0].name", equalTo("ref-summarize"))
        .body("subprompts[0].model.model", equalTo("small-1"))
        .body("uses", hasItem("prompt:ref-summarize"))
        .body("written.prompt", equalTo("ref-coordinator"));

    // Redefining a model re-resolves the agents that name it (here through its prompt).
    put("key-a", "/v1/models/ref-fast", "{\"provider\": \"scripted\", \"model\": \"fast-2\"}")
        .statusCode(200)
        .body("usedBy", hasItem("ref-agent"));
    get("key-a", "/v1/agents/ref-agent").body("model.model", equalTo("fast-2"));
    get("key-a", "/v1/agents").body("agents.name", hasItem("ref-agent"));
  }

  @Test
  void aModelOrPromptStillNamedCannotBeDeleted() {
    define("/v1/models/held-model", "{\"provider\": \"scripted\"}");
    define("/v1/prompts/held-prompt", "{\"prompt\": \"p\", \"model\": \"held-model\"}");
    define("/v1/agents/holder", "{\"prompt\": \"held-prompt\"}");

    delete("key-a", "/v1/models/held-model")
        .statusCode(409)
        .body("detail", containsString("agent 'holder'"))
        .body("detail", containsString("prompt 'held-prompt'"));
    delete("key-a", "/v1/prompts/held-prompt").statusCode(409);

    delete("key-a", "/v1/agents/holder").statusCode(204);
    delete("key-a", "/v1/prompts/held-prompt").statusCode(204);
    delete("key-a", "/v1/models/held-model").statusCode(204);
  }

  @Test
  void unknownNamesAreRefusedNamingTheField() {
    put("key-a", "/v1/agents/dangling", "{\"model\": \"no-such-model\"}")
        .spec(unprocessable("model"));
    put("key-a", "/v1/prompts/dangling", "{\"prompt\": \"p\", \"model\": \"no-such-model\"}")
        .spec(unprocessable("model"));
    put("key-a", "/v1/prompts/no-text", "{\"model\": {\"provider\": \"scripted\"}}")
        .spec(unprocessable("prompt"));
    get("key-a", "/v1/agents/dangling").statusCode(404);
  }

  @Test
  void aModelTheTenantMayNotUseIsRefusedAsAResourceToo() {
    put(
            "key-a",
            "/v1/models/exfiltrate",
            "{\"provider\": \"openai\", \"model\": \"m\", \"baseUrl\": \"https://attacker.example/v1\"}")
        .spec(unprocessable("baseUrl"));
    get("key-a", "/v1/models/exfiltrate").statusCode(404);
  }

  @Test
  void aRedefinitionThatWouldBreakAnAgentNamingItIsRefusedWhole() {
    define(
        "/v1/prompts/with-model", "{\"prompt\": \"p\", \"model\": {\"provider\": \"scripted\"}}");
    define("/v1/agents/leans-on-prompt", "{\"prompt\": \"with-model\"}");

    put("key-a", "/v1/prompts/with-model", "{\"prompt\": \"p2\"}")
        .statusCode(422)
        .body("detail", containsString("agent 'leans-on-prompt'"))
        .body("detail", containsString("model.provider"));
    get("key-a", "/v1/prompts/with-model").body("prompt", equalTo("p"));
  }

  @Test
  // Its place in precedence (the lowest) is the machine's: EnvTest.aValueGivenAtSeveralLevels….
  void aPromptsEnvIsSealedListedNotShownAndGoesWithTheAgentAsItsPromptEnv() {
    put(
            "key-a",
            "/v1/prompts/with-env",
            "{\"prompt\": \"p\", \"model\": {\"provider\": \"scripted\"},"
                + " \"env\": {\"CITY\": \"Paris\", \"TOKEN\": {\"value\": \"prompt-secret-1\", \"secret\": true}}}")
        .statusCode(200)
        .body("env.CITY", equalTo("Paris"))
        .body("env.TOKEN.secret", equalTo(true))
        .body(org.hamcrest.Matchers.not(containsString("prompt-secret-1")));
    put("key-a", "/v1/agents/env-from-prompt", "{\"prompt\": \"with-env\"}").statusCode(200);

    var agent = CommandTopic.agent(ClusterResource.topics(), "tenant-a", "env-from-prompt");
    org.assertj.core.api.Assertions.assertThat(agent.getPromptEnv().get("CITY").getValue())
        .isEqualTo("Paris");
    org.assertj.core.api.Assertions.assertThat(agent.getPromptEnv().get("TOKEN").getValue())
        .startsWith("tlsec1:");
  }

  @Test
  void anAgentNamingAResourceKeepsNoSecretInTheDefinitionAsWritten() {
    define("/v1/models/leak-model", "{\"provider\": \"scripted\"}");
    String written =
        "{\"model\": \"leak-model\","
            + " \"variables\": [{\"name\": \"KEY\", \"type\": \"secret\"}],"
            + " \"env\": {\"TOKEN\": {\"value\": \"written-secret-1\", \"secret\": true},"
            + " \"KEY\": \"written-secret-2\", \"CITY\": \"Paris\"},"
            + " \"tools\": [{\"name\": \"echo\","
            + " \"env\": {\"T\": {\"value\": \"written-secret-3\", \"secret\": true}}}]}";

    String answer = put("key-a", "/v1/agents/leaky", written).statusCode(200).extract().asString();
    String read = get("key-a", "/v1/agents/leaky").statusCode(200).extract().asString();
    var stored = CommandTopic.agent(ClusterResource.topics(), "tenant-a", "leaky");

    for (String seen : List.of(answer, read, stored.toString())) {
      org.assertj.core.api.Assertions.assertThat(seen)
          .doesNotContain("written-secret-1", "written-secret-2", "written-secret-3")
          .contains("Paris");
    }
  }
}
