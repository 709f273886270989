package dev.threadline.ingest;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;

import dev.threadline.avro.CreateThread;
import dev.threadline.avro.EnvValue;
import dev.threadline.avro.SetEnv;
import dev.threadline.avro.ThreadCommand;
import dev.threadline.config.SecretBox;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.specification.RequestSpecification;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** A thread's env at the door: required variables, secrets sealed. */
@QuarkusTest
@QuarkusTestResource(ClusterResource.class)
class EnvApiTest {
  private static final String PLAINTEXT = "s3cr3t-PLAINTEXT-token";

  private static RequestSpecification as(String key) {
    return given().header("Authorization", "Bearer " + key).contentType("application/json");
  }

  private static List<ThreadCommand> commands(String threadId, int atLeast) {
    return CommandTopic.commands(ClusterResource.topics(), threadId, atLeast);
  }

  @BeforeEach
  void agentWithVariables() {
    as("key-a")
        .body(
            """
            {"model": {"provider": "scripted"}, "systemPrompt": "Weather for {{env.CITY}}.",
             "variables": [{"name": "CITY", "required": true, "description": "the user's city"},
                           {"name": "API_TOKEN", "type": "secret", "required": true}]}""")
        .put("/v1/agents/weather")
        .then()
        .statusCode(200)
        .body("variables[1].type", equalTo("secret"));
  }

  @Test
  void aSecretIsSealedBeforeItReachesATopicAndOpensOnlyWithTheKey() {
    String threadId =
        as("key-a")
            .body(
                "{\"agent\": \"weather\", \"env\": {\"CITY\": \"Lisbon\", \"API_TOKEN\": \""
                    + PLAINTEXT
                    + "\"}}")
            .post("/v1/threads")
            .then()
            .statusCode(201)
            .extract()
            .path("threadId");

    ThreadCommand create = commands(threadId, 1).getFirst();
    var env = ((CreateThread) create.getPayload()).getEnv();
    assertThat(env.get("CITY")).isEqualTo(new EnvValue("Lisbon", false));
    EnvValue token = env.get("API_TOKEN");
    assertThat(token.getSecret()).isTrue();
    assertThat(token.getValue()).startsWith(SecretBox.PREFIX).doesNotContain(PLAINTEXT);
    assertThat(create.toString()).doesNotContain(PLAINTEXT);
    assertThat(
            SecretBox.of(ClusterResource.SECRETS_KEY).open(token.getValue(), "tenant-a/API_TOKEN"))
        .isEqualTo(PLAINTEXT);
  }

  @Test
  void aMissingRequiredVariableIs422NamingItAndNothingIsWritten() {
    as("key-a")
        .header("Idempotency-Key", "env-missing-1")
        .body("{\"agent\": \"weather\", \"env\": {\"CITY\": \"Lisbon\"}}")
        .post("/v1/threads")
        .then()
        .statusCode(422)
        .body("errors[0].field", equalTo("env.API_TOKEN"))
        .body("detail", containsString("API_TOKEN"));
  }

  @Test
  void aVariableSetLaterIsSealedUnlessSaidToBeText() {
    as("key-a")
        .body("{\"value\": \"" + PLAINTEXT + "\"}")
        .put("/v1/threads/env-1/env/API_TOKEN")
        .then()
        .statusCode(202);
    as("key-a")
        .body("{\"value\": \"Porto\", \"secret\": false}")
        .put("/v1/threads/env-1/env/CITY")
        .then()
        .statusCode(202);
    as("key-a").delete("/v1/threads/env-1/env/CITY").then().statusCode(202);
    as("key-a").body("{\"value\": 5}").put("/v1/threads/env-1/env/BAD").then().statusCode(422);

    List<ThreadCommand> commands = commands("env-1", 3);
    SetEnv token = (SetEnv) commands.get(0).getPayload();
    assertThat(token.getValue().getSecret()).isTrue();
    assertThat(token.getValue().getValue()).doesNotContain(PLAINTEXT);
    assertThat(commands.get(1).getPayload())
        .isEqualTo(new SetEnv("CITY", new EnvValue("Porto", false)));
    assertThat(commands.get(2).getPayload()).isEqualTo(new SetEnv("CITY", null));
  }

  @Test
  void aVariableAnAgentDeclaresSecretSentAsTextIsRefusedBeforeItReachesATopic() {
    as("key-a")
        .body("{\"value\": \"" + PLAINTEXT + "\", \"secret\": false}")
        .put("/v1/threads/env-2/env/API_TOKEN")
        .then()
        .statusCode(422)
        .body("errors[0].field", equalTo("env.API_TOKEN"))
        .body("detail", containsString("weather"));
    as("key-a").delete("/v1/threads/env-2/env/API_TOKEN").then().statusCode(202);

    assertThat(commands("env-2", 1))
        .singleElement()
        .satisfies(c -> assertThat(c.toString()).doesNotContain(PLAINTEXT));
  }

  @Test
  void anAgentsOwnValuesAreSealedWhenSecretAndSatisfyARequiredVariable() {
    as("key-a")
        .body(
            "{\"model\": {\"provider\": \"scripted\"},"
                + " \"variables\": [{\"name\": \"API_TOKEN\", \"type\": \"secret\", \"required\": true}],"
                + " \"env\": {\"API_TOKEN\": \""
                + PLAINTEXT
                + "\", \"CITY\": \"Rome\"},"
                + " \"tools\": [{\"name\": \"echo\", \"env\": {\"UNIT\": \"F\"}}]}")
        .put("/v1/agents/own-values")
        .then()
        .statusCode(200)
        .body("env.CITY", equalTo("Rome"))
        .body("env.API_TOKEN.secret", equalTo(true))
        .body(not(containsString(PLAINTEXT)));

    String threadId =
        as("key-a")
            .body("{\"agent\": \"own-values\"}")
            .post("/v1/threads")
            .then()
            .statusCode(201)
            .extract()
            .path("threadId");
    var agent = ((CreateThread) commands(threadId, 1).getFirst().getPayload()).getAgent();
    assertThat(agent.getEnv().get("API_TOKEN").getValue()).startsWith(SecretBox.PREFIX);
    assertThat(agent.toString()).doesNotContain(PLAINTEXT);
    assertThat(agent.getToolEnv().get("echo")).containsEntry("UNIT", new EnvValue("F", false));
  }

  @Test
  void anEnvOverItsBytesIs422NamingItAndNothingIsWritten() {
    StringBuilder env = new StringBuilder("{\"CITY\": \"Lisbon\", \"API_TOKEN\": \"t\"");
    for (int i = 0; i < 17; i++) { // 17 values of 4,000 characters: each within its cap, not all
      env.append(", \"WIDE_").append(i).append("\": \"").append("w".repeat(4_000)).append('"');
    }
    as("key-a")
        .header("Idempotency-Key", "env-too-wide-1")
        .body("{\"agent\": \"weather\", \"env\": " + env + "}}")
        .post("/v1/threads")
        .then()
        .statusCode(422)
        .body("errors[0].field", equalTo("env"))
        .body("detail", containsString("env.bytes"));
  }
}
