package dev.threadline.ingest;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.specification.RequestSpecification;
import org.junit.jupiter.api.Test;

/**
 * An agent says whether it may run as another's subagent (exposeAsTool) and how it is described.
 */
@QuarkusTest
@QuarkusTestResource(ClusterResource.class)
class SubagentExposureTest {
  private static RequestSpecification as(String key) {
    return given().header("Authorization", "Bearer " + key).contentType("application/json");
  }

  @Test
  void aSubagentEntryNamingAnAgentNotExposedAsAToolIsRefused() {
    as("key-a")
        .body("{\"model\": {\"provider\": \"scripted\"}, \"exposeAsTool\": false}")
        .put("/v1/agents/private-helper")
        .then()
        .statusCode(200)
        .body("exposeAsTool", equalTo(false));

    as("key-a")
        .body(
            "{\"model\": {\"provider\": \"scripted\"},"
                + " \"subagents\": [{\"name\": \"h\", \"agent\": \"private-helper\"}]}")
        .put("/v1/agents/uses-private")
        .then()
        .statusCode(422)
        .body("errors[0].field", equalTo("subagents[0].agent"))
        .body("detail", containsString("exposeAsTool"));
  }

  @Test
  void anEntryWithoutADescriptionTakesTheAgentsToolDescription() {
    as("key-a")
        .body(
            "{\"type\": \"dual_ai\", \"model\": {\"provider\": \"scripted\"},"
                + " \"toolDescription\": \"Drafts and reviews a text\","
                + " \"sideB\": {\"systemPrompt\": \"review\"}, \"stop\": {\"maxSessionTurns\": 4}}")
        .put("/v1/agents/exposed-reviewer")
        .then()
        .statusCode(200)
        .body("exposeAsTool", equalTo(true))
        .body("toolDescription", equalTo("Drafts and reviews a text"));

    as("key-a")
        .body(
            "{\"model\": {\"provider\": \"scripted\"}, \"subagents\": ["
                + "{\"name\": \"review\", \"agent\": \"exposed-reviewer\"},"
                + "{\"name\": \"own\", \"agent\": \"exposed-reviewer\", \"description\": \"Mine\"}]}")
        .put("/v1/agents/uses-reviewer")
        .then()
        .statusCode(200)
        .body("subagents[0].description", equalTo("Drafts and reviews a text"))
        .body("subagents[1].description", equalTo("Mine"));
  }

  @Test
  void exposeAsToolMustBeABoolean() {
    as("key-a")
        .body("{\"model\": {\"provider\": \"scripted\"}, \"exposeAsTool\": \"yes\"}")
        .put("/v1/agents/bad-exposure")
        .then()
        .statusCode(422)
        .body("errors[0].field", equalTo("exposeAsTool"));
  }
}
