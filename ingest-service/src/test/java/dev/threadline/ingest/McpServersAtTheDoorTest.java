package dev.threadline.ingest;

import static dev.threadline.ingest.Door.get;
import static dev.threadline.ingest.Door.put;
import static dev.threadline.ingest.Door.unprocessable;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.not;

import dev.threadline.avro.McpServerTool;
import dev.threadline.avro.McpServerTools;
import dev.threadline.testkit.Await;
import dev.threadline.testkit.ThreadlineCluster;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A tenant names an MCP server's tools in an agent, {@code {"mcp": server, "tools": [...]}}, from
 * what the tool executor published of its servers: the door lists what the tenant may use, copies
 * the tools' descriptions and schemas into the definition (so a server's later list changes no
 * agent already written), and refuses a server, tool or grant the tenant does not have.
 */
@QuarkusTest
@QuarkusTestResource(ClusterResource.class)
class McpServersAtTheDoorTest {
  private static final String ECHO_SCHEMA =
      "{\"type\":\"object\",\"properties\":{\"message\":{\"type\":\"string\"}},\"required\":[\"message\"]}";
  private static final String SUM_SCHEMA =
      "{\"$schema\":\"http://json-schema.org/draft-07/schema#\",\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"number\"},\"b\":{\"type\":\"number\"}}}";

  // Each test's: a static @BeforeAll runs before the application listens.
  @BeforeEach
  void publishTheExecutorsServers() throws InterruptedException {
    publish(
        new McpServerTools(
            "door-everything",
            false,
            List.of(
                new McpServerTool("echo", "Echoes back the input", ECHO_SCHEMA, false, null),
                new McpServerTool(
                    "get-sum", "Adds two numbers", SUM_SCHEMA, false, List.of("tenant-a"))),
            null,
            Instant.now()),
        new McpServerTools(
            "door-gated",
            true,
            List.of(new McpServerTool("search", null, ECHO_SCHEMA, true, List.of("tenant-a"))),
            null,
            Instant.now()),
        new McpServerTools("door-down", false, List.of(), "connection refused", Instant.now()));
    Await.until(
        () ->
            get("key-a", "/v1/mcp-servers").extract().jsonPath().getList("servers.name").size()
                >= 3,
        "the door read the executor's servers",
        Duration.ofSeconds(30));
  }

  private static void publish(McpServerTools... servers) {
    var topic = ClusterResource.topics().mcpServers();
    try (var producer = ThreadlineCluster.shared().producer(topic.valueSerde().serializer())) {
      for (McpServerTools s : servers) {
        producer.send(new ProducerRecord<>(topic.name(), s.getServer(), s));
      }
    }
  }

  private static String agent(String tools) {
    return "{\"model\": {\"provider\": \"scripted\", \"script\": [{\"text\":\"ok\"}]}, \"tools\": "
        + tools
        + "}";
  }

  @Test
  void aTenantIsListedTheToolsItMayUseOfEachServer() {
    get("key-a", "/v1/mcp-servers")
        .statusCode(200)
        .body("servers.find { it.name == 'door-everything' }.tools.name", hasItem("get-sum"))
        .body(
            "servers.find { it.name == 'door-everything' }.tools.find { it.name == 'echo' }.callAs",
            equalTo("mcp__door-everything__echo"))
        .body("servers.find { it.name == 'door-gated' }.tools[0].readOnly", equalTo(true))
        .body("servers.find { it.name == 'door-down' }.unreachable", equalTo("connection refused"));
    get("key-b", "/v1/mcp-servers")
        .statusCode(200)
        .body("servers.find { it.name == 'door-everything' }.tools.name", not(hasItem("get-sum")))
        .body("servers.name", not(hasItem("door-gated")));
  }

  @Test
  void anMcpEntryIsStoredAsItsToolsEntriesWithTheServersDescriptionAndSchema() {
    put(
            "key-a",
            "/v1/agents/mcp-chosen",
            agent(
                "[{\"mcp\": \"door-everything\", \"tools\": [\"echo\"], \"permission\": \"ask\"}]"))
        .statusCode(200);

    get("key-a", "/v1/agents/mcp-chosen")
        .statusCode(200)
        .body("tools.size()", equalTo(1))
        .body("tools[0].name", equalTo("mcp__door-everything__echo"))
        .body("tools[0].permission", equalTo("ask"))
        .body("tools[0].description", equalTo("Echoes back the input"))
        .body("tools[0].parameters.required[0]", equalTo("message"));
  }

  @Test
  void withoutToolsAnEntryNamesEveryToolOfTheServerTheTenantMayUse() {
    put("key-b", "/v1/agents/mcp-all", agent("[{\"mcp\": \"door-everything\"}]")).statusCode(200);

    get("key-b", "/v1/agents/mcp-all")
        .statusCode(200)
        .body("tools.name", equalTo(List.of("mcp__door-everything__echo")));
  }

  /** The definition holds the list as it was: a server that drops a tool later changes nothing. */
  @Test
  void aServersLaterListLeavesAWrittenAgentsToolsAsTheyWere() throws InterruptedException {
    put("key-a", "/v1/agents/mcp-frozen", agent("[{\"mcp\": \"door-gated\"}]")).statusCode(200);
    publish(new McpServerTools("door-gated", true, List.of(), null, Instant.now()));
    Await.until(
        () ->
            !get("key-a", "/v1/mcp-servers")
                .extract()
                .jsonPath()
                .getList("servers.name")
                .contains("door-gated"),
        "the door read the server's new list",
        Duration.ofSeconds(30));

    get("key-a", "/v1/agents/mcp-frozen")
        .statusCode(200)
        .body("tools.name", equalTo(List.of("mcp__door-gated__search")));
  }

  @Test
  void aServerOrToolTheTenantMayNotUseIsRefusedNamingTheEntry() {
    put("key-b", "/v1/agents/mcp-bad", agent("[{\"mcp\": \"door-nowhere\"}]"))
        .spec(unprocessable("tools[0].mcp"))
        .body("detail", containsString("GET /v1/mcp-servers"));
    put(
            "key-b",
            "/v1/agents/mcp-bad",
            agent(
                "[{\"name\": \"echo\"}, {\"mcp\": \"door-everything\", \"tools\": [\"get-sum\"]}]"))
        .spec(unprocessable("tools[1].tools[0]"))
        .body("detail", containsString("not granted"));
    put("key-b", "/v1/agents/mcp-bad", agent("[{\"mcp\": \"door-gated\"}]"))
        .spec(unprocessable("tools[0].mcp"));
    put(
            "key-a",
            "/v1/agents/mcp-bad",
            agent("[{\"mcp\": \"door-everything\", \"tools\": [\"nope\"]}]"))
        .spec(unprocessable("tools[0].tools[0]"));
    put(
            "key-a",
            "/v1/agents/mcp-bad",
            agent("[{\"mcp\": \"door-everything\", \"name\": \"echo\"}]"))
        .spec(unprocessable("tools[0].name"));
    put("key-a", "/v1/agents/mcp-bad", agent("[{\"mcp\": \"door-down\"}]"))
        .statusCode(503)
        .body("detail", containsString("connection refused"));
    get("key-b", "/v1/agents/mcp-bad").statusCode(404);
  }
}
