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
    ToolRunner runner = runnerOn(folder);

    var read = call(runner, "{\"path\": \"" + folder.resolve("hello.txt") + "\"}");
    var outside = call(runner, "{\"path\": \"/etc/hostname\"}");

    assertThat(read.output()).isEqualTo("hello from the scratch folder");
    assertThat(outside.error().getCode()).isEqualTo("tool_failed");
    assertThat(outside.error().getMessage()).containsIgnoringCase("denied");
  }

  /**
   * What a tenant's thread pays for a huge result is the tool's budget, not the result's size; one
   * past what the executor reads from a server fails that call, saying so, and the next call
   * reaches a fresh session.
   */
  @Test
  void aLargeResultIsCutToTheToolsBudgetAndOnePastTheReadLimitFailsThatCallOnly() throws Exception {
    Path folder = scratch.toRealPath();
    Path large = file(folder.resolve("large.txt"), 10);
    Path huge = file(folder.resolve("huge.txt"), 50);
    ToolRunner runner = runnerOn(folder);

    var read = call(runner, "{\"path\": \"" + large + "\"}");
    var tooLarge = call(runner, "{\"path\": \"" + huge + "\"}");
    var after = call(runner, "{\"path\": \"" + large + "\"}");

    assertThat(read.error()).isNull();
    assertThat(read.output().length()).isLessThanOrEqualTo(16_384);
    assertThat(read.output()).startsWith("FIRST LINE").endsWith("LAST LINE").contains("truncated");
    assertThat(tooLarge.error().getCode()).isEqualTo("tool_failed");
    assertThat(tooLarge.error().getMessage()).contains("32 MiB");
    assertThat(after.output()).isEqualTo(read.output());
  }

  /** A text file of about {@code megabytes} MB between a first and a last line. */
  private static Path file(Path path, int megabytes) throws java.io.IOException {
    String line = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ!?\n";
    try (var out = Files.newBufferedWriter(path)) {
      out.write("FIRST LINE\n");
      for (int i = 0; i < megabytes * 1024 * 1024 / line.length(); i++) {
        out.write(line);
      }
      out.write("LAST LINE");
    }
    return path;
  }

  /** A runner of the tools of {@code server-filesystem} serving {@code folder}. */
  private ToolRunner runnerOn(Path folder) throws Exception {
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
    return new ToolRunner(new ToolRegistry(McpTools.list(connection).offered()), Limits.defaults());
  }

  private static ToolRunner.Outcome call(ToolRunner runner, String args) {
    return runner.run(
        Requests.tool("t-1", "mcp__files__read_text_file", args, Requests.T0.plusSeconds(60)),
        Requests.T0);
  }
}
