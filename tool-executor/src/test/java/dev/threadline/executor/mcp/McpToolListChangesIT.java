package dev.threadline.executor.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.avro.McpServerTool;
import dev.threadline.avro.McpServerTools;
import dev.threadline.config.Limits;
import dev.threadline.executor.Requests;
import dev.threadline.executor.tools.ToolGrants;
import dev.threadline.executor.tools.ToolRegistry;
import dev.threadline.executor.tools.ToolRunner;
import dev.threadline.testkit.Await;
import dev.threadline.testkit.ThreadlineCluster;
import dev.threadline.topics.Topics;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A server whose tool list changes while the executor runs ({@code
 * notifications/tools/list_changed}, sent by the official TypeScript SDK's server): the executor
 * lists it again, calls a tool it gained at once, answers {@code unknown_tool} for one it lost, and
 * tells the door each new list on {@code mcp-servers}, so agents written after the change name what
 * the server offers then.
 */
class McpToolListChangesIT {
  private static final ThreadlineCluster cluster = ThreadlineCluster.shared();
  private List<ListedMcpServer> servers = List.of();

  @AfterEach
  void close() {
    servers.forEach(ListedMcpServer::close);
  }

  private static ToolRunner.Outcome call(ToolRunner runner, String tool) {
    return runner.run(
        Requests.tool("t-1", "mcp__growing__" + tool, "{}", Requests.T0.plusSeconds(600)),
        Requests.T0);
  }

  @Test
  void aServersChangedListIsCalledAtOnceAndPublishedToTheDoor() throws Exception {
    Topics topics = CatalogTopic.provisioned("mcp-list-changes-it.");
    Map<String, String> settings = new HashMap<>();
    settings.put(McpServerSettings.SERVERS, "growing");
    settings.put("threadline.mcp.growing.command", "node " + ReferenceServers.growing());
    servers = McpTools.from(settings, Map.of());
    McpCatalog.follow(cluster.clientConfig(), topics, servers, ToolGrants.OPEN, Clock.systemUTC());
    ToolRegistry registry = new ToolRegistry(List.of(), servers, ToolGrants.OPEN);
    ToolRunner runner = new ToolRunner(registry, Limits.defaults());
    assertThat(registry.names())
        .containsExactly("mcp__growing__grow", "mcp__growing__shrink", "mcp__growing__wait");
    assertThat(call(runner, "added").error().getCode()).isEqualTo("unknown_tool");

    assertThat(call(runner, "grow").output()).isEqualTo("grown");
    Await.until(
        () -> registry.get("mcp__growing__added").isPresent(),
        "the executor listed the server again after it said its list changed",
        Duration.ofSeconds(30));
    assertThat(call(runner, "added").output()).isEqualTo("I was added");
    assertThat(published(topics)).contains("added");

    assertThat(call(runner, "shrink").output()).isEqualTo("shrunk");
    Await.until(
        () -> registry.get("mcp__growing__added").isEmpty(),
        "the executor dropped the tool the server removed",
        Duration.ofSeconds(30));
    assertThat(call(runner, "added").error().getCode()).isEqualTo("unknown_tool");
  }

  /** The tool names the door was last told of the server, once it was told of {@code added}. */
  private static List<String> published(Topics topics) throws InterruptedException {
    Map<String, McpServerTools> latest =
        CatalogTopic.readUntil(
            topics,
            "mcp-list-changes-it",
            servers ->
                servers.get("growing") != null
                    && servers.get("growing").getTools().stream()
                        .anyMatch(t -> t.getName().equals("added")),
            "the door was told of the server's new list");
    return latest.get("growing").getTools().stream().map(McpServerTool::getName).toList();
  }
}
