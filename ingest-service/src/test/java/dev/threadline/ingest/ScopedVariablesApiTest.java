package dev.threadline.ingest;

import static dev.threadline.ingest.Door.post;
import static dev.threadline.ingest.Door.put;
import static dev.threadline.ingest.Door.unprocessable;
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

  @BeforeEach
  void keeper() {
    put(
            "key-a",
            "/v1/agents/keeper",
            """
            {"model": {"provider": "scripted"}, "exposeAsTool": true,
             "variables": [{"name": "REPO_KEY", "type": "secret", "required": true,
                            "scoped": true, "description": "the repository's key"}]}""")
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
    put(
            "key-a",
            "/v1/agents/lead",
            lead("{\"nameEnv\": \"PROJECT\", \"scopedEnv\": [\"REPO_KEY\"]}"))
        .statusCode(200)
        .body("subagents[0].immediate.nameEnv", equalTo("PROJECT"))
        .body("subagents[0].immediate.scopedEnv[0]", equalTo("REPO_KEY"));

    String threadId =
        post("key-a", "/v1/threads", "{\"agent\": \"lead\"}")
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
    put("key-a", "/v1/agents/lead-bad-1", lead("{\"nameEnv\": \"REPO_KEY\"}"))
        .spec(unprocessable("subagents[0].immediate.nameEnv"));
    put("key-a", "/v1/agents/lead-bad-2", lead("{\"scopedEnv\": [\"PROJECT\"]}"))
        .spec(unprocessable("subagents[0].immediate.scopedEnv[0]"))
        .body("detail", containsString("declare it secret"));
    put("key-a", "/v1/agents/lead-bad-3", lead("{\"scopedEnv\": \"REPO_KEY\"}"))
        .spec(unprocessable("subagents[0].immediate.scopedEnv"));
    put("key-a", "/v1/agents/lead-bad-4", lead("{\"nameEnvs\": \"PROJECT\"}"))
        .spec(unprocessable("subagents[0].immediate.nameEnvs"));
    put("key-a", "/v1/agents/lead-bad-5", lead("\"yes\"")).statusCode(422);
  }

  @Test
  void providedVariablesAreSealedUnlessSaidToBeTextAndReachTheParent() {
    post(
            "key-a",
            "/v1/threads/lead-1/variables/vars-12",
            "{\"env\": {\"REPO_KEY\": \""
                + PLAINTEXT
                + "\", \"PROJECT\": {\"value\": \"Apollo\", \"secret\": false}}}")
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
    post("key-a", "/v1/threads/lead-2/variables/../x", "{\"env\": {\"A\": \"b\"}}").statusCode(404);
    post("key-a", "/v1/threads/lead-2/variables/nope", "{\"env\": {\"A\": \"b\"}}").statusCode(404);
    post("key-a", "/v1/threads/lead-2/variables/vars-1", "{\"env\": {}}")
        .spec(unprocessable("env"));
    post("key-a", "/v1/threads/lead-2/variables/vars-1", "{\"env\": {\"1BAD\": \"x\"}}")
        .statusCode(422);
    given()
        .contentType("application/json")
        .body("{\"env\": {\"A\": \"b\"}}")
        .post("/v1/threads/lead-2/variables/vars-1")
        .then()
        .statusCode(401);
    post("key-a", "/v1/threads/lead-2/variables/vars-2", "{\"env\": {\"A\": \"b\"}}")
        .statusCode(202);

    // only the good one was written
    assertThat(CommandTopic.commands(ClusterResource.topics(), "lead-2", 1))
        .singleElement()
        .satisfies(
            c ->
                assertThat(((ProvideVariables) c.getPayload()).getRequestId()).isEqualTo("vars-2"));
  }
}
