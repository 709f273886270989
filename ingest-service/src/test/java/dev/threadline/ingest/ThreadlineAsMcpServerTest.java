package dev.threadline.ingest;

import static dev.threadline.ingest.Door.as;
import static dev.threadline.ingest.Door.put;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.emptyOrNullString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.nullValue;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.ValidatableResponse;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code POST /mcp} speaks MCP's JSON-RPC with the tenant's key: {@code initialize} agrees on a
 * protocol version and hands out a session id, {@code tools/list} is the tenant's agents exposed as
 * tools, and what is not a call it can run is refused as MCP says — a protocol error for an unknown
 * tool or method, a tool error the caller's model reads for arguments it got wrong. (A call that
 * runs is driven by the official TypeScript client on a whole stack: McpClientAcceptance.)
 */
@QuarkusTest
@QuarkusTestResource(ClusterResource.class)
class ThreadlineAsMcpServerTest {
  private static final String MODEL =
      "{\"provider\": \"scripted\", \"script\": [{\"text\": \"ok\"}]}";

  // Each test's: a static @BeforeAll runs before the application listens.
  @BeforeEach
  void writeAgents() {
    put(
            "key-a",
            "/v1/agents/mcp-helper",
            "{\"model\": " + MODEL + ", \"toolDescription\": \"Answers questions about billing\"}")
        .statusCode(200);
    put("key-a", "/v1/agents/mcp-hidden", "{\"model\": " + MODEL + ", \"exposeAsTool\": false}")
        .statusCode(200);
    put("key-b", "/v1/agents/mcp-theirs", "{\"model\": " + MODEL + "}").statusCode(200);
  }

  private static ValidatableResponse rpc(String key, String method, String params) {
    return as(key)
        .header("Accept", "application/json, text/event-stream")
        .body(
            "{\"jsonrpc\": \"2.0\", \"id\": 7, \"method\": \""
                + method
                + "\", \"params\": "
                + params
                + "}")
        .post("/mcp")
        .then();
  }

  @Test
  void initializeAgreesOnTheClientsVersionAndHandsOutASession() {
    rpc("key-a", "initialize", "{\"protocolVersion\": \"2025-06-18\", \"capabilities\": {}}")
        .statusCode(200)
        .header("Mcp-Session-Id", not(emptyOrNullString()))
        .body("id", equalTo(7))
        .body("result.protocolVersion", equalTo("2025-06-18"))
        .body("result.capabilities.tools.listChanged", equalTo(false))
        .body("result.serverInfo.name", equalTo("threadline"));
    rpc("key-a", "initialize", "{\"protocolVersion\": \"1999-01-01\"}")
        .body("result.protocolVersion", equalTo("2025-11-25"));
  }

  @Test
  void theToolsAreTheTenantsAgentsExposedAsTools() {
    rpc("key-a", "tools/list", "{}")
        .statusCode(200)
        .body("result.tools.name", hasItem("mcp-helper"))
        .body("result.tools.name", not(hasItem("mcp-hidden")))
        .body("result.tools.name", not(hasItem("mcp-theirs")))
        .body(
            "result.tools.find { it.name == 'mcp-helper' }.description",
            equalTo("Answers questions about billing"))
        .body(
            "result.tools.find { it.name == 'mcp-helper' }.inputSchema.required", hasItem("input"));
  }

  @Test
  void anotherTenantsAgentOrAHiddenOneIsAnUnknownTool() {
    rpc("key-b", "tools/call", "{\"name\": \"mcp-helper\", \"arguments\": {\"input\": \"hi\"}}")
        .statusCode(200)
        .body("error.code", equalTo(-32602))
        .body("error.message", containsString("Unknown tool: mcp-helper"));
    rpc("key-a", "tools/call", "{\"name\": \"mcp-hidden\", \"arguments\": {\"input\": \"hi\"}}")
        .body("error.code", equalTo(-32602));
  }

  @Test
  void argumentsItCannotRunAreAToolErrorTheModelReads() {
    rpc("key-a", "tools/call", "{\"name\": \"mcp-helper\", \"arguments\": {}}")
        .statusCode(200)
        .body("result.isError", equalTo(true))
        .body("result.content[0].text", containsString("input: required"));
    rpc(
            "key-a",
            "tools/call",
            "{\"name\": \"mcp-helper\", \"arguments\": {\"input\": \"hi\", \"threadId\": 3}}")
        .body("result.isError", equalTo(true))
        .body("result.content[0].text", containsString("threadId"));
  }

  @Test
  void whatIsNotOneRequestOfAKnownMethodIsRefusedAsJsonRpcSays() {
    rpc("key-a", "resources/list", "{}").body("error.code", equalTo(-32601));
    as("key-a")
        .body("{not json")
        .post("/mcp")
        .then()
        .statusCode(400)
        .body("error.code", equalTo(-32700));
    as("key-a")
        .body("[{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"ping\"}]")
        .post("/mcp")
        .then()
        .statusCode(400)
        .body("error.code", equalTo(-32600));
    as("key-a")
        .header("MCP-Protocol-Version", "2020-01-01")
        .body("{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"ping\"}")
        .post("/mcp")
        .then()
        .statusCode(400)
        .body("error.message", containsString("2020-01-01"));
  }

  @Test
  void notificationsAreAcceptedAndThereIsNoServerStream() {
    as("key-a")
        .body("{\"jsonrpc\": \"2.0\", \"method\": \"notifications/initialized\"}")
        .post("/mcp")
        .then()
        .statusCode(202);
    as("key-a")
        .body(
            "{\"jsonrpc\": \"2.0\", \"method\": \"notifications/cancelled\", \"params\": {\"requestId\": 99}}")
        .post("/mcp")
        .then()
        .statusCode(202);
    as("key-a").get("/mcp").then().statusCode(405).header("Allow", "POST");
  }

  @Test
  void withoutAKeyNothingIsAnswered() {
    given()
        .contentType("application/json")
        .body("{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"tools/list\"}")
        .post("/mcp")
        .then()
        .statusCode(401)
        .body("result", nullValue());
  }
}
