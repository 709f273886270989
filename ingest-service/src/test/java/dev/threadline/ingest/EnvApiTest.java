package dev.threadline.ingest;

import static dev.threadline.ingest.Door.as;
import static dev.threadline.ingest.Door.delete;
import static dev.threadline.ingest.Door.post;
import static dev.threadline.ingest.Door.put;
import static dev.threadline.ingest.Door.unprocessable;
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
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** A thread's env at the door: required variables, secrets sealed. */
@QuarkusTest
@QuarkusTestResource(ClusterResource.class)
class EnvApiTest {
  private static final String PLAINTEXT = "s3cr3t-PLAINTEXT-token";

  private static List<ThreadCommand> commands(String threadId, int atLeast) {
    return CommandTopic.commands(ClusterResource.topics(), threadId, atLeast);
  }

  @BeforeEach
  void agentWithVariables() {
    put(
            "key-a",
            "/v1/agents/weather",
            """
            {"model": {"provider": "scripted"}, "systemPrompt": "Weather for {{env.CITY}}.",
             "variables": [{"name": "CITY", "required": true, "description": "the user's city"},
                           {"name": "API_TOKEN", "type": "secret", "required": true}]}""")
        .statusCode(200)
        .body("variables[1].type", equalTo("secret"));
  }

  @Test
  void aSecretIsSealedBeforeItReachesATopicAndOpensOnlyWithTheKey() {
    String threadId =
        post(
                "key-a",
                "/v1/threads",
                "{\"agent\": \"weather\", \"env\": {\"CITY\": \"Lisbon\", \"API_TOKEN\": \""
                    + PLAINTEXT
                    + "\"}}")
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
        .spec(unprocessable("env.API_TOKEN"))
        .body("detail", containsString("API_TOKEN"));
  }

  @Test
  void aVariableSetLaterIsSealedUnlessSaidToBeText() {
    put("key-a", "/v1/threads/env-1/env/API_TOKEN", "{\"value\": \"" + PLAINTEXT + "\"}")
        .statusCode(202);
    put("key-a", "/v1/threads/env-1/env/CITY", "{\"value\": \"Porto\", \"secret\": false}")
        .statusCode(202);
    delete("key-a", "/v1/threads/env-1/env/CITY").statusCode(202);
    put("key-a", "/v1/threads/env-1/env/BAD", "{\"value\": 5}").statusCode(422);

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
    put(
            "key-a",
            "/v1/threads/env-2/env/API_TOKEN",
            "{\"value\": \"" + PLAINTEXT + "\", \"secret\": false}")
        .spec(unprocessable("env.API_TOKEN"))
        .body("detail", containsString("weather"));
    delete("key-a", "/v1/threads/env-2/env/API_TOKEN").statusCode(202);

    assertThat(commands("env-2", 1))
        .singleElement()
        .satisfies(c -> assertThat(c.toString()).doesNotContain(PLAINTEXT));
  }

  @Test
  void anAgentsOwnValuesAreSealedWhenSecretAndSatisfyARequiredVariable() {
    put(
            "key-a",
            "/v1/agents/own-values",
            "{\"model\": {\"provider\": \"scripted\"},"
                + " \"variables\": [{\"name\": \"API_TOKEN\", \"type\": \"secret\", \"required\": true}],"
                + " \"env\": {\"API_TOKEN\": \""
                + PLAINTEXT
                + "\", \"CITY\": \"Rome\"},"
                + " \"tools\": [{\"name\": \"echo\", \"env\": {\"UNIT\": \"F\"}}]}")
        .statusCode(200)
        .body("env.CITY", equalTo("Rome"))
        .body("env.API_TOKEN.secret", equalTo(true))
        .body(not(containsString(PLAINTEXT)));

    String threadId =
        post("key-a", "/v1/threads", "{\"agent\": \"own-values\"}")
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
        .spec(unprocessable("env"))
        .body("detail", containsString("env.bytes"));
  }
}
