package dev.threadline.executor.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.config.Limits;
import dev.threadline.executor.Requests;
import dev.threadline.executor.tools.ToolRegistry;
import dev.threadline.executor.tools.ToolRunner;
import dev.threadline.testkit.Await;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A call the executor cuts at its timeout is cancelled on the server too ({@code
 * notifications/cancelled}, naming the request the SDK sent): a server built on the official
 * TypeScript SDK sees its call's signal aborted, with the reason, and serves the next call on the
 * same session.
 */
class McpCancellationIT {
  @TempDir Path dir;
  private McpConnection connection;

  @AfterEach
  void close() {
    if (connection != null) {
      connection.close();
    }
  }

  @Test
  void aCallCutAtItsTimeoutIsCancelledOnTheServer() throws Exception {
    Path cancelled = dir.resolve("cancelled.log");
    Files.writeString(cancelled, "");
    Map<String, String> settings =
        Map.of(
            McpServerSettings.SERVERS,
            "growing",
            "threadline.mcp.growing.command",
            "node " + ReferenceServers.growing() + " " + cancelled,
            "threadline.mcp.growing.timeout.ms",
            "1000");
    connection = new McpConnection(McpServerSettings.from(settings, Map.of()).getFirst());
    ToolRunner runner =
        new ToolRunner(new ToolRegistry(McpTools.list(connection).offered()), Limits.defaults());

    var cut = call(runner, "wait");

    assertThat(cut.error().getCode()).isEqualTo("timeout");
    Await.until(
        () -> read(cancelled).contains("cancelled: the call passed its timeout"),
        "the server saw the call cancelled",
        Duration.ofSeconds(30));
    assertThat(call(runner, "grow").output()).as("the session goes on").isEqualTo("grown");
  }

  private static String read(Path file) {
    try {
      return Files.readString(file);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  private static ToolRunner.Outcome call(ToolRunner runner, String tool) {
    return runner.run(
        Requests.tool("t-1", "mcp__growing__" + tool, "{}", Requests.T0.plusSeconds(600)),
        Requests.T0);
  }
}
