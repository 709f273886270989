package dev.threadline.ingest;

import static dev.threadline.ingest.Door.put;
import static dev.threadline.ingest.Door.unprocessable;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

/**
 * An agent says whether it may run as another's subagent (exposeAsTool) and how it is described.
 */
@QuarkusTest
@QuarkusTestResource(ClusterResource.class)
class SubagentExposureTest {

  @Test
  void aSubagentEntryNamingAnAgentNotExposedAsAToolIsRefused() {
    put(
            "key-a",
            "/v1/agents/private-helper",
            "{\"model\": {\"provider\": \"scripted\"}, \"exposeAsTool\": false}")
        .statusCode(200)
        .body("exposeAsTool", equalTo(false));

    put(
            "key-a",
            "/v1/agents/uses-private",
            "{\"model\": {\"provider\": \"scripted\"},"
                + " \"subagents\": [{\"name\": \"h\", \"agent\": \"private-helper\"}]}")
        .spec(unprocessable("subagents[0].agent"))
        .body("detail", containsString("exposeAsTool"));
  }

  @Test
  void anEntryWithoutADescriptionTakesTheAgentsToolDescription() {
    put(
            "key-a",
            "/v1/agents/exposed-reviewer",
            "{\"type\": \"dual_ai\", \"model\": {\"provider\": \"scripted\"},"
                + " \"toolDescription\": \"Drafts and reviews a text\","
                + " \"sideB\": {\"systemPrompt\": \"review\"}, \"stop\": {\"maxSessionTurns\": 4}}")
        .statusCode(200)
        .body("exposeAsTool", equalTo(true))
        .body("toolDescription", equalTo("Drafts and reviews a text"));

    put(
            "key-a",
            "/v1/agents/uses-reviewer",
            "{\"model\": {\"provider\": \"scripted\"}, \"subagents\": ["
                + "{\"name\": \"review\", \"agent\": \"exposed-reviewer\"},"
                + "{\"name\": \"own\", \"agent\": \"exposed-reviewer\", \"description\": \"Mine\"}]}")
        .statusCode(200)
        .body("subagents[0].description", equalTo("Drafts and reviews a text"))
        .body("subagents[1].description", equalTo("Mine"));
  }

  @Test
  void exposeAsToolMustBeABoolean() {
    put(
            "key-a",
            "/v1/agents/bad-exposure",
            "{\"model\": {\"provider\": \"scripted\"}, \"exposeAsTool\": \"yes\"}")
        .spec(unprocessable("exposeAsTool"));
  }
}
