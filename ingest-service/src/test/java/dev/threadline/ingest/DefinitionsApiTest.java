package dev.threadline.ingest;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.not;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.specification.RequestSpecification;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Models and prompts as their own resources, named by agents. */
@QuarkusTest
@QuarkusTestResource(ClusterResource.class)
class DefinitionsApiTest {
  private static RequestSpecification as(String key) {
    return given().header("Authorization", "Bearer " + key).contentType("application/json");
  }

  private static void put(String path, String body) {
    as("key-a").body(body).put(path).then().statusCode(200);
  }

  @Test
  void aModelIsStoredListedAndDeletedAndAnotherTenantNeverSeesIt() {
    as("key-a")
        .body("{\"provider\": \"scripted\", \"script\": [{\"text\": \"hi\"}]}")
        .put("/v1/models/own-model")
        .then()
        .statusCode(200)
        .body("name", equalTo("own-model"))
        .body("provider", equalTo("scripted"));
    as("key-a").get("/v1/models/own-model").then().statusCode(200);
    as("key-a").get("/v1/models").then().statusCode(200).body("models.name", hasItem("own-model"));
    as("key-b").get("/v1/models/own-model").then().statusCode(404);
    as("key-b").get("/v1/models").then().body("models.name", not(hasItem("own-model")));

    as("key-a").delete("/v1/models/own-model").then().statusCode(204);
    as("key-a").get("/v1/models/own-model").then().statusCode(404);
  }

  @Test
  void anAgentNamingAPromptAndModelsIsStoredResolved() {
    put("/v1/models/ref-fast", "{\"provider\": \"scripted\", \"model\": \"fast-1\"}");
    put("/v1/models/ref-small", "{\"provider\": \"scripted\", \"model\": \"small-1\"}");
    put(
        "/v1/prompts/ref-coordinator",
        "{\"prompt\": \"You coordinate.\", \"model\": \"ref-fast\"}");
    put(
        "/v1/prompts/ref-summarize",
        "{\"prompt\": \"Summarize.\", \"model\": \"ref-small\", \"toolDescription\": \"Sums up\"}");

    as("key-a")
        .body("{\"prompt\": \"ref-coordinator\", \"subprompts\": [\"ref-summarize\"]}")
        .put("/v1/agents/ref-agent")
        .then()
        .statusCode(200)
        .body("systemPrompt", equalTo("You coordinate."))
        .body("model.model", equalTo("fast-1"))
        .body("subprompts[0].name", equalTo("ref-summarize"))
        .body("subprompts[0].model.model", equalTo("small-1"))
        .body("uses", hasItem("prompt:ref-summarize"))
        .body("written.prompt", equalTo("ref-coordinator"));

    // Redefining a model re-resolves the agents that name it (here through its prompt).
    as("key-a")
        .body("{\"provider\": \"scripted\", \"model\": \"fast-2\"}")
        .put("/v1/models/ref-fast")
        .then()
        .statusCode(200)
        .body("usedBy", hasItem("ref-agent"));
    as("key-a").get("/v1/agents/ref-agent").then().body("model.model", equalTo("fast-2"));
    as("key-a").get("/v1/agents").then().body("agents.name", hasItem("ref-agent"));
  }

  @Test
  void aModelOrPromptStillNamedCannotBeDeleted() {
    put("/v1/models/held-model", "{\"provider\": \"scripted\"}");
    put("/v1/prompts/held-prompt", "{\"prompt\": \"p\", \"model\": \"held-model\"}");
    put("/v1/agents/holder", "{\"prompt\": \"held-prompt\"}");

    as("key-a")
        .delete("/v1/models/held-model")
        .then()
        .statusCode(409)
        .body("detail", containsString("agent 'holder'"))
        .body("detail", containsString("prompt 'held-prompt'"));
    as("key-a").delete("/v1/prompts/held-prompt").then().statusCode(409);

    as("key-a").delete("/v1/agents/holder").then().statusCode(204);
    as("key-a").delete("/v1/prompts/held-prompt").then().statusCode(204);
    as("key-a").delete("/v1/models/held-model").then().statusCode(204);
  }

  @Test
  void unknownNamesAreRefusedNamingTheField() {
    as("key-a")
        .body("{\"model\": \"no-such-model\"}")
        .put("/v1/agents/dangling")
        .then()
        .statusCode(422)
        .body("errors[0].field", equalTo("model"));
    as("key-a")
        .body("{\"prompt\": \"p\", \"model\": \"no-such-model\"}")
        .put("/v1/prompts/dangling")
        .then()
        .statusCode(422)
        .body("errors[0].field", equalTo("model"));
    as("key-a")
        .body("{\"model\": {\"provider\": \"scripted\"}}")
        .put("/v1/prompts/no-text")
        .then()
        .statusCode(422)
        .body("errors[0].field", equalTo("prompt"));
    as("key-a").get("/v1/agents/dangling").then().statusCode(404);
  }

  @Test
  void aModelTheTenantMayNotUseIsRefusedAsAResourceToo() {
    as("key-a")
        .body(
            "{\"provider\": \"openai\", \"model\": \"m\", \"baseUrl\": \"https://attacker.example/v1\"}")
        .put("/v1/models/exfiltrate")
        .then()
        .statusCode(422)
        .body("errors[0].field", equalTo("baseUrl"));
    as("key-a").get("/v1/models/exfiltrate").then().statusCode(404);
  }

  @Test
  void aRedefinitionThatWouldBreakAnAgentNamingItIsRefusedWhole() {
    put("/v1/prompts/with-model", "{\"prompt\": \"p\", \"model\": {\"provider\": \"scripted\"}}");
    put("/v1/agents/leans-on-prompt", "{\"prompt\": \"with-model\"}");

    as("key-a")
        .body("{\"prompt\": \"p2\"}")
        .put("/v1/prompts/with-model")
        .then()
        .statusCode(422)
        .body("detail", containsString("agent 'leans-on-prompt'"))
        .body("detail", containsString("model.provider"));
    as("key-a").get("/v1/prompts/with-model").then().body("prompt", equalTo("p"));
  }

  @Test
  void aPromptsEnvIsSealedListedNotShownAndGoesWithTheAgentFirstInPrecedence() {
    as("key-a")
        .body(
            "{\"prompt\": \"p\", \"model\": {\"provider\": \"scripted\"},"
                + " \"env\": {\"CITY\": \"Paris\", \"TOKEN\": {\"value\": \"prompt-secret-1\", \"secret\": true}}}")
        .put("/v1/prompts/with-env")
        .then()
        .statusCode(200)
        .body("env.CITY", equalTo("Paris"))
        .body("env.TOKEN.secret", equalTo(true))
        .body(org.hamcrest.Matchers.not(containsString("prompt-secret-1")));
    as("key-a")
        .body("{\"prompt\": \"with-env\"}")
        .put("/v1/agents/env-from-prompt")
        .then()
        .statusCode(200);

    var agent = CommandTopic.agent(ClusterResource.topics(), "tenant-a", "env-from-prompt");
    org.assertj.core.api.Assertions.assertThat(agent.getPromptEnv().get("CITY").getValue())
        .isEqualTo("Paris");
    org.assertj.core.api.Assertions.assertThat(agent.getPromptEnv().get("TOKEN").getValue())
        .startsWith("tlsec1:");
  }

  @Test
  void anAgentNamingAResourceKeepsNoSecretInTheDefinitionAsWritten() {
    put("/v1/models/leak-model", "{\"provider\": \"scripted\"}");
    String written =
        "{\"model\": \"leak-model\","
            + " \"variables\": [{\"name\": \"KEY\", \"type\": \"secret\"}],"
            + " \"env\": {\"TOKEN\": {\"value\": \"written-secret-1\", \"secret\": true},"
            + " \"KEY\": \"written-secret-2\", \"CITY\": \"Paris\"},"
            + " \"tools\": [{\"name\": \"echo\","
            + " \"env\": {\"T\": {\"value\": \"written-secret-3\", \"secret\": true}}}]}";

    String answer =
        as("key-a")
            .body(written)
            .put("/v1/agents/leaky")
            .then()
            .statusCode(200)
            .extract()
            .asString();
    String read = as("key-a").get("/v1/agents/leaky").then().statusCode(200).extract().asString();
    var stored = CommandTopic.agent(ClusterResource.topics(), "tenant-a", "leaky");

    for (String seen : List.of(answer, read, stored.toString())) {
      org.assertj.core.api.Assertions.assertThat(seen)
          .doesNotContain("written-secret-1", "written-secret-2", "written-secret-3")
          .contains("Paris");
    }
  }
}
