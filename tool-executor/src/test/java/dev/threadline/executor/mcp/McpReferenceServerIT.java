package dev.threadline.executor.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.threadline.config.Limits;
import dev.threadline.executor.Requests;
import dev.threadline.executor.tools.Tool;
import dev.threadline.executor.tools.ToolRegistry;
import dev.threadline.executor.tools.ToolRunner;
import dev.threadline.testkit.Await;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The executor calls the tools of the MCP reference server ({@code server-everything}, from the npm
 * registry, over stdio) through the official MCP Java SDK, as it runs any tool: listed under {@code
 * mcp__everything__…}, arguments checked against the server's own schemas, results mapped, a slow
 * call cut at its timeout, and a server that dies a retryable failure after which the next call
 * reaches a fresh one.
 */
class McpReferenceServerIT {
  @TempDir Path dir;
  private McpConnection connection;
  private dev.threadline.files.FolderThreadFiles files;

  @AfterEach
  void close() {
    if (connection != null) {
      connection.close();
    }
  }

  private ToolRunner runner(String... settings) throws Exception {
    Path pidFile = dir.resolve("pid");
    Path wrapper = ReferenceServers.killable(ReferenceServers.everything(), pidFile);
    Map<String, String> config =
        new java.util.HashMap<>(
            Map.of(
                McpServerSettings.SERVERS,
                "everything",
                "threadline.mcp.everything.command",
                "sh " + wrapper));
    for (int i = 0; i < settings.length; i += 2) {
      config.put(settings[i], settings[i + 1]);
    }
    connection = new McpConnection(McpServerSettings.from(config, Map.of()).getFirst());
    files = new dev.threadline.files.FolderThreadFiles(dir.resolve("files"));
    return new ToolRunner(
        new ToolRegistry(McpTools.list(connection).offered()),
        Limits.defaults(),
        dev.threadline.executor.tools.ThreadReaders.NONE,
        null,
        files,
        request ->
            (progress, total, message) ->
                reports.add(request.getRequestId() + " " + progress + "/" + total));
  }

  private final List<String> reports = new java.util.concurrent.CopyOnWriteArrayList<>();

  private static ToolRunner.Outcome call(ToolRunner runner, String tool, String args) {
    return runner.run(
        Requests.tool("t-1", "mcp__everything__" + tool, args, Requests.T0.plusSeconds(600)),
        Requests.T0);
  }

  @Test
  void theServersToolsAreListedUnderItsNameAndCalledThroughTheSdk() throws Exception {
    ToolRunner runner = runner();
    List<Tool> tools = McpTools.list(connection).offered();

    assertThat(tools)
        .extracting(Tool::name)
        .contains("mcp__everything__echo", "mcp__everything__get-sum");
    assertThat(tools).noneMatch(Tool::readOnly); // the server is not trusted
    assertThat(call(runner, "echo", "{\"message\": \"hi\"}").output()).isEqualTo("Echo: hi");
    assertThat(call(runner, "get-sum", "{\"a\": 2, \"b\": 3}").output()).contains("5");
  }

  /**
   * An image the server answers with is kept in the thread's folder and shown with the result (a
   * model that sees images is shown it), its text naming where: never pasted as base64.
   */
  @Test
  void anImageAnswerIsKeptInTheThreadsFolderAndShownWithTheResult() throws Exception {
    var outcome = call(runner(), "get-tiny-image", "{}");

    assertThat(outcome.shown())
        .singleElement()
        .satisfies(
            image -> {
              assertThat(image.getPath())
                  .startsWith("/attachments/mcp/everything/")
                  .endsWith(".png");
              assertThat(image.getMediaType()).isEqualTo("image/png");
              assertThat(outcome.output()).contains("[image " + image.getPath() + ": image/png");
              assertThat(outcome.effects())
                  .anySatisfy(write -> assertThat(write.getContent()).contains(image.getPath()));
            });
    assertThat(outcome.output()).doesNotContain("iVBORw0KGgo"); // no base64 in the model's text
    Path staging = files.folder("acme", "t-1").resolve(".staging");
    try (var staged = Files.list(staging)) {
      byte[] png =
          Files.readAllBytes(
              staged.filter(p -> p.toString().endsWith(".staged")).findFirst().orElseThrow());
      assertThat(png).startsWith((byte) 0x89, (byte) 'P', (byte) 'N', (byte) 'G');
    }
  }

  @Test
  void aLongRunningToolsProgressIsReportedForItsCallAsItRuns() throws Exception {
    var outcome =
        call(runner(), "trigger-long-running-operation", "{\"duration\": 1, \"steps\": 3}");

    assertThat(outcome.output()).contains("Long running operation completed");
    // In order, while it ran: the SDK hands notifications and the answer to different threads, so
    // the last step's report may come after the answer, when the call follows none any more.
    assertThat(reports).hasSizeGreaterThanOrEqualTo(2);
    assertThat(List.of("t-1/t1/s1/c0 1.0/3.0", "t-1/t1/s1/c0 2.0/3.0", "t-1/t1/s1/c0 3.0/3.0"))
        .startsWith(reports.toArray(String[]::new));
  }

  @Test
  void argumentsAreCheckedAgainstTheServersDraft07SchemaBeforeTheCall() throws Exception {
    var outcome = call(runner(), "get-sum", "{\"a\": \"two\", \"b\": 3}");

    assertThat(outcome.error().getCode()).isEqualTo("invalid_arguments");
    assertThat(outcome.error().getMessage()).contains("/a");
  }

  @Test
  void aTrustedServersReadOnlyHintMakesItsToolReadOnly() throws Exception {
    runner("threadline.mcp.everything.trusted", "true");

    assertThat(McpTools.list(connection).offered())
        .filteredOn(t -> t.name().equals("mcp__everything__echo"))
        .singleElement()
        .satisfies(t -> assertThat(t.readOnly()).isTrue());
  }

  /** One call's cut ends that call only: the session others share goes on, on the same process. */
  @Test
  void aCallPastItsTimeoutIsCutAndTheSameServerServesTheNextCall() throws Exception {
    ToolRunner runner = runner("threadline.mcp.everything.timeout.ms", "2000");
    String server = Files.readString(dir.resolve("pid"));

    var slow = call(runner, "trigger-long-running-operation", "{\"duration\": 30, \"steps\": 3}");

    assertThat(slow.error().getCode()).isEqualTo("timeout");
    assertThat(call(runner, "echo", "{\"message\": \"still here\"}").output())
        .isEqualTo("Echo: still here");
    assertThat(Files.readString(dir.resolve("pid"))).isEqualTo(server);
  }

  /** An error the server answers with is that call's; the session is not broken by it. */
  @Test
  void aProtocolErrorFromTheServerKeepsItsSession() throws Exception {
    runner();
    String server = Files.readString(dir.resolve("pid"));
    var missing =
        new McpTool(
            connection,
            io.modelcontextprotocol.spec.McpSchema.Tool.builder(
                    "no-such-tool", Map.of("type", "object"))
                .build());

    assertThatThrownBy(
            () ->
                missing.call(
                    Requests.context("t-1/t1/s1/c0"),
                    com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode()))
        .isInstanceOf(Exception.class);
    assertThat(connection.tools()).isNotEmpty();
    assertThat(Files.readString(dir.resolve("pid"))).isEqualTo(server);
  }

  @Test
  void aServerKilledMidCallIsAFailedCallAndTheNextCallReachesAFreshServer() throws Exception {
    ToolRunner runner = runner("threadline.mcp.everything.timeout.ms", "20000");
    Path pidFile = dir.resolve("pid");
    long first = Long.parseLong(Files.readString(pidFile).strip());
    Thread killer =
        Thread.ofVirtual()
            .start(
                () -> {
                  try {
                    Thread.sleep(500);
                  } catch (InterruptedException e) {
                    return;
                  }
                  ProcessHandle.of(first).ifPresent(ProcessHandle::destroyForcibly);
                });

    var killed = call(runner, "trigger-long-running-operation", "{\"duration\": 10, \"steps\": 5}");
    killer.join();

    assertThat(killed.error()).isNotNull();
    String answer =
        Await.value(
            () -> {
              var next = call(runner, "echo", "{\"message\": \"again\"}");
              return next.error() == null ? next.output() : null;
            },
            "an echo from a fresh server",
            Duration.ofSeconds(60));
    assertThat(answer).isEqualTo("Echo: again");
    assertThat(Long.parseLong(Files.readString(pidFile).strip())).isNotEqualTo(first);
  }
}
