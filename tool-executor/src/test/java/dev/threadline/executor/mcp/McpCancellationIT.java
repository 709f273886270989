package dev.threadline.executor.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.threadline.config.Limits;
import dev.threadline.executor.Requests;
import dev.threadline.executor.tools.ThreadReader;
import dev.threadline.executor.tools.ThreadReaders;
import dev.threadline.executor.tools.ToolRegistry;
import dev.threadline.executor.tools.ToolRunner;
import dev.threadline.executor.tools.TurnWatch;
import dev.threadline.serde.PooledJson;
import dev.threadline.testkit.Await;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A call the executor gives up is cancelled on the server too ({@code notifications/cancelled},
 * naming the request the SDK sent) — cut at its timeout, or its turn over (aborted) while it ran: a
 * server built on the official TypeScript SDK sees its call's signal aborted, with the reason, and
 * serves the next call on the same session.
 */
class McpCancellationIT {
  @TempDir Path dir;
  private Path cancelled;
  private McpConnection connection;

  @org.junit.jupiter.api.BeforeEach
  void log() {
    cancelled = dir.resolve("cancelled.log");
  }

  @AfterEach
  void close() {
    if (connection != null) {
      connection.close();
    }
  }

  @Test
  void aCallCutAtItsTimeoutIsCancelledOnTheServer() throws Exception {
    ToolRunner runner = runner(Duration.ofSeconds(1), ThreadReaders.NONE);

    var cut = call(runner, "wait");

    assertThat(cut.error().getCode()).isEqualTo("timeout");
    Await.until(
        () -> read(cancelled).contains("cancelled: the call passed its timeout"),
        "the server saw the call cancelled",
        Duration.ofSeconds(30));
    assertThat(call(runner, "grow").output()).as("the session goes on").isEqualTo("grown");
  }

  @Test
  void aCallWhoseTurnIsAbortedWhileItRunsIsCancelledOnTheServer() throws Exception {
    AtomicReference<JsonNode> summary = new AtomicReference<>(summary("running"));
    AtomicInteger reads = new AtomicInteger();
    ThreadReader thread =
        path -> {
          reads.incrementAndGet();
          return Optional.of(summary.get());
        };
    ToolRunner runner = runner(Duration.ofMinutes(5), request -> thread);

    var waiting = CompletableFuture.supplyAsync(() -> call(runner, "wait"));
    Await.until(() -> reads.get() > 0, "the call watches its turn", Duration.ofSeconds(30));
    summary.set(summary("idle"));

    Await.until(
        () -> read(cancelled).contains("cancelled: " + TurnWatch.TURN_ENDED),
        "the server saw the call cancelled",
        Duration.ofSeconds(30));
    var given = waiting.get(30, TimeUnit.SECONDS);
    assertThat(given.error().getMessage()).contains(TurnWatch.TURN_ENDED);
    summary.set(summary("running")); // the next turn
    assertThat(call(runner, "grow").output()).as("the session goes on").isEqualTo("grown");
  }

  private ToolRunner runner(Duration timeout, ThreadReaders readers) throws Exception {
    Files.writeString(cancelled, "");
    Map<String, String> settings =
        Map.of(
            McpServerSettings.SERVERS,
            "growing",
            "threadline.mcp.growing.command",
            "node " + ReferenceServers.growing() + " " + cancelled,
            "threadline.mcp.growing.timeout.ms",
            String.valueOf(timeout.toMillis()));
    connection = new McpConnection(McpServerSettings.from(settings, Map.of()).getFirst());
    return new ToolRunner(
        new ToolRegistry(McpTools.list(connection).offered()), Limits.defaults(), readers);
  }

  private static JsonNode summary(String status) {
    return PooledJson.MAPPER.createObjectNode().put("status", status).put("turns", 2);
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
