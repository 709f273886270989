package dev.threadline.ingest;

import static dev.threadline.ingest.Door.as;
import static dev.threadline.ingest.Door.put;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

/**
 * An agent's {@code description} (the agent model's: what the agent is, for the people and front
 * ends that list agents) is kept, shown back, and is what LangGraph's assistants and Threadline's
 * MCP server say of the agent when it has no {@code toolDescription}.
 */
@QuarkusTest
@QuarkusTestResource(ClusterResource.class)
class AgentDescriptionTest {
  private static final String MODEL = "{\"provider\": \"scripted\"}";

  @Test
  void theDescriptionIsShownBackAndListedWhereAgentsAre() {
    put(
            "key-a",
            "/v1/agents/described",
            "{\"model\": " + MODEL + ", \"description\": \"Books meeting rooms\"}")
        .statusCode(200)
        .body("description", equalTo("Books meeting rooms"));

    as("key-a")
        .get("/v1/agents/described")
        .then()
        .body("description", equalTo("Books meeting rooms"));
    as("key-a")
        .get("/assistants/described")
        .then()
        .statusCode(200)
        .body("description", equalTo("Books meeting rooms"));
    as("key-a")
        .header("Accept", "application/json, text/event-stream")
        .body("{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"tools/list\", \"params\": {}}")
        .post("/mcp")
        .then()
        .body(
            "result.tools.find { it.name == 'described' }.description",
            equalTo("Books meeting rooms"));
  }

  @Test
  void anAgentWithoutOneShowsNone() {
    put("key-a", "/v1/agents/undescribed", "{\"model\": " + MODEL + "}")
        .statusCode(200)
        .body("description", nullValue());
    as("key-a").get("/assistants/undescribed").then().body("description", nullValue());
  }

  @Test
  void aDescriptionOver4096CharactersIs422NamingIt() {
    put(
            "key-a",
            "/v1/agents/wordy",
            "{\"model\": " + MODEL + ", \"description\": \"" + "d".repeat(4_097) + "\"}")
        .statusCode(422)
        .body("errors[0].field", equalTo("description"));
  }
}
