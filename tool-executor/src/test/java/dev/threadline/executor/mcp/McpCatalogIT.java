package dev.threadline.executor.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.avro.McpServerTool;
import dev.threadline.avro.McpServerTools;
import dev.threadline.executor.tools.ToolGrants;
import dev.threadline.testkit.ThreadlineCluster;
import dev.threadline.topics.Topics;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The executor tells the door what it lists: the reference {@code server-everything}'s tools on
 * {@code mcp-servers} with the tenants granted each restricted one, a server it cannot start marked
 * unreachable, and a server it no longer registers removed.
 */
class McpCatalogIT {
  private static final ThreadlineCluster cluster = ThreadlineCluster.shared();
  private List<ListedMcpServer> servers = List.of();

  @AfterEach
  void close() {
    servers.forEach(ListedMcpServer::close);
  }

  @Test
  void theExecutorPublishesEachServersToolsAndRemovesAServerNoLongerRegistered() throws Exception {
    Topics topics = CatalogTopic.provisioned("mcp-catalog-it.");
    var topic = topics.mcpServers();
    try (var producer = cluster.producer(topic.valueSerde().serializer())) {
      producer
          .send(
              new ProducerRecord<>(
                  topic.name(),
                  "retired",
                  new McpServerTools("retired", false, List.of(), null, Instant.EPOCH)))
          .get();
    }
    Map<String, String> settings = new HashMap<>();
    settings.put(McpServerSettings.SERVERS, "everything,broken");
    settings.put("threadline.mcp.everything.command", "node " + ReferenceServers.everything());
    settings.put("threadline.mcp.broken.command", "false");
    settings.put("threadline.mcp.broken.timeout.ms", "2000");
    settings.put("threadline.tools.restricted", "run_code,mcp__everything__get-sum");
    settings.put("threadline.tools.tenant.acme.granted", "mcp__everything__get-sum");
    servers = McpTools.from(settings, Map.of());

    McpCatalog.publish(
        cluster.clientConfig(),
        topics,
        servers.stream().map(ListedMcpServer::listing).toList(),
        ToolGrants.from(settings),
        Instant.now());

    Map<String, McpServerTools> latest =
        CatalogTopic.readUntil(
            topics,
            "mcp-catalog-it",
            servers ->
                servers.containsKey("everything")
                    && servers.containsKey("broken")
                    && servers.containsKey("retired")
                    && servers.get("retired") == null,
            "the catalog published and the retired server removed");
    McpServerTools everything = latest.get("everything");
    assertThat(everything.getUnreachable()).isNull();
    assertThat(everything.getTools())
        .extracting(McpServerTool::getName)
        .contains("echo", "get-sum");
    McpServerTool echo = tool(everything, "echo");
    assertThat(echo.getTenants()).as("open to every tenant").isNull();
    assertThat(echo.getDescription()).isNotBlank();
    assertThat(echo.getParametersJson()).contains("\"message\"");
    assertThat(tool(everything, "get-sum").getTenants()).containsExactly("acme");
    assertThat(latest.get("broken").getTools()).isEmpty();
    assertThat(latest.get("broken").getUnreachable()).isNotBlank();
  }

  private static McpServerTool tool(McpServerTools server, String name) {
    return server.getTools().stream()
        .filter(t -> t.getName().equals(name))
        .findFirst()
        .orElseThrow();
  }
}
