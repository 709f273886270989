package dev.threadline.executor.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.config.Limits;
import dev.threadline.executor.Requests;
import dev.threadline.executor.tools.ToolRegistry;
import dev.threadline.executor.tools.ToolRunner;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The reference {@code server-filesystem} over stdio, on a scratch folder: a file in the folder is
 * read, and the server's own refusal of a path outside it ({@code isError}) is the call's tool
 * error, with the server's words.
 */
class McpFilesystemServerIT {
  @TempDir Path scratch;
  private McpConnection connection;

  @AfterEach
  void close() {
    if (connection != null) {
      connection.close();
    }
  }

  @Test
  void aFileInTheFolderIsReadAndAPathOutsideItIsTheServersToolError() throws Exception {
    Path folder = scratch.toRealPath();
    Files.writeString(folder.resolve("hello.txt"), "hello from the scratch folder");
    connection =
        new McpConnection(
            McpServerSettings.from(
                    Map.of(
                        McpServerSettings.SERVERS,
                        "files",
                        "threadline.mcp.files.command",
                        "node " + ReferenceServers.filesystem() + " " + folder),
                    Map.of())
                .getFirst());
    ToolRunner runner =
        new ToolRunner(new ToolRegistry(McpTools.list(connection).offered()), Limits.defaults());

    var read = call(runner, "{\"path\": \"" + folder.resolve("hello.txt") + "\"}");
    var outside = call(runner, "{\"path\": \"/etc/hostname\"}");

    assertThat(read.output()).isEqualTo("hello from the scratch folder");
    assertThat(outside.error().getCode()).isEqualTo("tool_failed");
    assertThat(outside.error().getMessage()).containsIgnoringCase("denied");
  }

  private static ToolRunner.Outcome call(ToolRunner runner, String args) {
    return runner.run(
        Requests.tool("t-1", "mcp__files__read_text_file", args, Requests.T0.plusSeconds(60)),
        Requests.T0);
  }
}
