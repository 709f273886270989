package dev.threadline.ingest;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import dev.threadline.avro.CreateThread;
import dev.threadline.avro.EnvValue;
import dev.threadline.avro.ProvideVariables;
import dev.threadline.avro.ThreadCommand;
import dev.threadline.config.SecretBox;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.specification.RequestSpecification;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Scoped variables at the door (spec §7.3–7.5): scoped variables, the {@code immediate} object form
 * and its rules, and completing a variables request (secrets sealed unless said to be text).
 */
@QuarkusTest
@QuarkusTestResource(ClusterResource.class)
class ScopedVariablesApiTest {
  private static final String PLAINTEXT = "repo-KEY-plaintext";

  private static RequestSpecification as(String key) {
    return given().header("Authorization", "Bearer " + key).contentType("application/json");
  }

  @BeforeEach
  void keeper() {
    as("key-a")
        .body(
            """
            {"model": {"provider": "scripted"}, "exposeAsTool": true,
             "variables": [{"name": "REPO_KEY", "type": "secret", "required": true,
                            "scoped": true, "description": "the repository's key"}]}""")
        .put("/v1/agents/keeper")
        .then()
        .statusCode(200)
        .body("variables[0].scoped", equalTo(true));
  }

  private static String lead(String immediate) {
    return """
        {"model": {"provider": "scripted"},
         "variables": [{"name": "REPO_KEY", "type": "secret"}, {"name": "PROJECT"}],
         "subagents": [{"name": "vault", "agent": "keeper", "immediate": %s}]}"""
        .formatted(immediate);
  }

  @Test
  void theImmediateObjectFormIsKeptAndShownAsWritten() {
    as("key-a")
        .body(lead("{\"nameEnv\": \"PROJECT\", \"scopedEnv\": [\"REPO_KEY\"]}"))
        .put("/v1/agents/lead")
        .then()
        .statusCode(200)
        .body("subagents[0].immediate.nameEnv", equalTo("PROJECT"))
        .body("subagents[0].immediate.scopedEnv[0]", equalTo("REPO_KEY"));

    String threadId =
        as("key-a")
            .body("{\"agent\": \"lead\"}")
            .post("/v1/threads")
            .then()
            .statusCode(201)
            .extract()
            .path("threadId");
    var create =
        (CreateThread)
            CommandTopic.commands(ClusterResource.topics(), threadId, 1).getFirst().getPayload();
    var entry = create.getAgent().getSubagents().getFirst();
    assertThat(entry.getImmediate()).isTrue();
    assertThat(entry.getBootstrap().getNameEnv()).isEqualTo("PROJECT");
    assertThat(entry.getBootstrap().getScopedEnv()).containsExactly("REPO_KEY");
  }

  @Test
  void aSecretShownToAModelOrATextCopiedScopedIsRefused() {
    as("key-a")
        .body(lead("{\"nameEnv\": \"REPO_KEY\"}"))
        .put("/v1/agents/lead-bad-1")
        .then()
        .statusCode(422)
        .body("errors[0].field", equalTo("subagents[0].immediate.nameEnv"));
    as("key-a")
        .body(lead("{\"scopedEnv\": [\"PROJECT\"]}"))
        .put("/v1/agents/lead-bad-2")
        .then()
        .statusCode(422)
        .body("errors[0].field", equalTo("subagents[0].immediate.scopedEnv[0]"))
        .body("detail", containsString("declare it secret"));
    as("key-a")
        .body(lead("{\"scopedEnv\": \"REPO_KEY\"}"))
        .put("/v1/agents/lead-bad-3")
        .then()
        .statusCode(422)
        .body("errors[0].field", equalTo("subagents[0].immediate.scopedEnv"));
    as("key-a")
        .body(lead("{\"nameEnvs\": \"PROJECT\"}"))
        .put("/v1/agents/lead-bad-4")
        .then()
        .statusCode(422)
        .body("errors[0].field", equalTo("subagents[0].immediate.nameEnvs"));
    as("key-a").body(lead("\"yes\"")).put("/v1/agents/lead-bad-5").then().statusCode(422);
  }

  @Test
  void providedVariablesAreSealedUnlessSaidToBeTextAndReachTheParent() {
    as("key-a")
        .body(
            "{\"env\": {\"REPO_KEY\": \""
                + PLAINTEXT
                + "\", \"PROJECT\": {\"value\": \"Apollo\", \"secret\": false}}}")
        .post("/v1/threads/lead-1/variables/vars-12")
        .then()
        .statusCode(202);

    List<ThreadCommand> commands = CommandTopic.commands(ClusterResource.topics(), "lead-1", 1);
    ProvideVariables provided = (ProvideVariables) commands.getFirst().getPayload();
    assertThat(provided.getRequestId()).isEqualTo("vars-12");
    assertThat(provided.getEnv().get("PROJECT")).isEqualTo(new EnvValue("Apollo", false));
    EnvValue key = provided.getEnv().get("REPO_KEY");
    assertThat(key.getSecret()).isTrue();
    assertThat(SecretBox.of(ClusterResource.SECRETS_KEY).open(key.getValue(), "tenant-a/REPO_KEY"))
        .isEqualTo(PLAINTEXT);
    assertThat(commands.getFirst().toString()).doesNotContain(PLAINTEXT);
  }

  @Test
  void aBadRequestIdOrBodyIsRefusedAndNothingIsWritten() {
    as("key-a")
        .body("{\"env\": {\"A\": \"b\"}}")
        .post("/v1/threads/lead-2/variables/../x")
        .then()
        .statusCode(404);
    as("key-a")
        .body("{\"env\": {\"A\": \"b\"}}")
        .post("/v1/threads/lead-2/variables/nope")
        .then()
        .statusCode(404);
    as("key-a")
        .body("{\"env\": {}}")
        .post("/v1/threads/lead-2/variables/vars-1")
        .then()
        .statusCode(422)
        .body("errors[0].field", equalTo("env"));
    as("key-a")
        .body("{\"env\": {\"1BAD\": \"x\"}}")
        .post("/v1/threads/lead-2/variables/vars-1")
        .then()
        .statusCode(422);
    given()
        .contentType("application/json")
        .body("{\"env\": {\"A\": \"b\"}}")
        .post("/v1/threads/lead-2/variables/vars-1")
        .then()
        .statusCode(401);
    as("key-a")
        .body("{\"env\": {\"A\": \"b\"}}")
        .post("/v1/threads/lead-2/variables/vars-2")
        .then()
        .statusCode(202);

    // only the good one was written
    assertThat(CommandTopic.commands(ClusterResource.topics(), "lead-2", 1))
        .singleElement()
        .satisfies(
            c ->
                assertThat(((ProvideVariables) c.getPayload()).getRequestId()).isEqualTo("vars-2"));
  }
}
