package dev.threadline.executor.mcp;

import dev.threadline.executor.tools.ProgressReports;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import java.net.URI;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The executor's one session with an MCP server, through the official MCP Java SDK, shared by every
 * call to it. Opened when first needed; a call that fails because the session broke (the server
 * process died, the HTTP server went away) drops it, so the next call opens a new one instead of
 * every later call failing on a dead session. A call cut at its timeout or answered with an error
 * leaves the session as it is.
 */
class McpConnection implements AutoCloseable {
  /**
   * The largest answer read from a server (bytes over HTTP, characters over stdio); a tool's output
   * is cut to its budget after. A larger one ends the session: it cannot be skipped on a pipe.
   */
  static final int MAX_RESPONSE_BYTES = 32 * 1024 * 1024;

  private static final Duration SESSION_SLACK = Duration.ofSeconds(5);
  private static final Duration STARTUP = Duration.ofSeconds(60);

  private final McpServerSettings server;
  private final Consumer<List<McpSchema.Tool>> toolsChanged;
  private final Map<String, ProgressReports.Sink> progress = new ConcurrentHashMap<>();
  private McpSyncClient client;
  private volatile CancellingTransport cancelling;

  McpConnection(McpServerSettings server) {
    this(server, tools -> {});
  }

  /**
   * {@code toolsChanged} is told the server's new list each time it says its list changed (the SDK
   * lists it again on {@code notifications/tools/list_changed}).
   */
  McpConnection(McpServerSettings server, Consumer<List<McpSchema.Tool>> toolsChanged) {
    this.server = server;
    this.toolsChanged = toolsChanged;
  }

  McpServerSettings server() {
    return server;
  }

  List<McpSchema.Tool> tools() {
    return using(McpSyncClient::listTools).tools();
  }

  McpSchema.CallToolResult call(McpSchema.CallToolRequest request) {
    return using(c -> c.callTool(request));
  }

  /**
   * Passes the server's {@code notifications/progress} for the call of {@code token} to {@code
   * sink}, until the returned action runs (when the call is over).
   */
  Runnable follow(String token, ProgressReports.Sink sink) {
    progress.put(token, sink);
    return () -> progress.remove(token, sink);
  }

  private void progressed(McpSchema.ProgressNotification notification) {
    ProgressReports.Sink sink = progress.get(String.valueOf(notification.progressToken()));
    if (sink != null && notification.progress() != null) {
      sink.report(notification.progress(), notification.total(), notification.message());
    }
  }

  private <T> T using(Function<McpSyncClient, T> action) {
    McpSyncClient session = session();
    try {
      return action.apply(session);
    } catch (McpError answered) {
      throw answered; // the server answered with an error: its session is fine
    } catch (RuntimeException e) {
      // A call cut by its timeout is interrupted: that call ends, the session every other call
      // shares goes on. Anything else means the session broke.
      if (Thread.currentThread().isInterrupted()) {
        throw e;
      }
      drop(session);
      throw new IllegalStateException(
          "the session with MCP server '"
              + server.name()
              + "' broke ("
              + e.getMessage()
              + "): the server ended it, or its answer passed the "
              + MAX_RESPONSE_BYTES / (1024 * 1024)
              + " MiB the executor reads; the next call opens a new one",
          e);
    }
  }

  /**
   * Tells the server the call of {@code token} is given up (it was cut at its timeout), so it stops
   * working for nobody; a call that ended is not cancelled.
   */
  void cancel(String token, String reason) {
    CancellingTransport open = cancelling;
    if (open != null) {
      open.cancel(token, reason);
    }
  }

  /** The call of {@code token} ended: nothing is left to cancel. */
  void ended(String token) {
    CancellingTransport open = cancelling;
    if (open != null) {
      open.forget(token);
    }
  }

  private synchronized McpSyncClient session() {
    if (client == null) {
      McpClientTransport raw = transport();
      CancellingTransport transport = new CancellingTransport(raw);
      McpSyncClient opened =
          McpClient.sync(transport)
              // The tool's timeout is the executor's to enforce (an error coded "timeout"); the
              // session's own comes later, and a server starting (an npx download) may take longer.
              .requestTimeout(server.timeout().plus(SESSION_SLACK))
              .initializationTimeout(max(server.timeout(), STARTUP))
              .clientInfo(McpSchema.Implementation.builder("threadline", "0.1.0").build())
              .toolsChangeConsumer(toolsChanged)
              .progressConsumer(this::progressed)
              .build();
      try {
        opened.initialize();
      } catch (RuntimeException e) {
        opened.close();
        throw new IllegalStateException(
            "MCP server '" + server.name() + "' is unavailable: " + e.getMessage(), e);
      }
      client = opened;
      cancelling = transport;
      if (raw instanceof StdioClientTransport process) {
        // A server process that exits takes its session with it: the next call opens a new one
        // rather than waiting out its timeout on a pipe nobody reads.
        Thread.ofVirtual()
            .name("mcp-" + server.name() + "-exit")
            .start(
                () -> {
                  try {
                    process.awaitForExit();
                  } catch (RuntimeException interrupted) {
                    return;
                  }
                  drop(opened);
                });
      }
    }
    return client;
  }

  private static Duration max(Duration a, Duration b) {
    return a.compareTo(b) >= 0 ? a : b;
  }

  private synchronized void drop(McpSyncClient broken) {
    if (client == broken) {
      client = null;
      cancelling = null;
      broken.close();
    }
  }

  private McpClientTransport transport() {
    if (server.url() == null) {
      ServerParameters command =
          ServerParameters.builder(server.command().getFirst())
              .args(server.command().subList(1, server.command().size()))
              .build();
      return new StdioClientTransport(command, McpJsonDefaults.getMapper(), MAX_RESPONSE_BYTES);
    }
    URI url = URI.create(server.url());
    HttpClientStreamableHttpTransport.Builder http =
        HttpClientStreamableHttpTransport.builder(url.getScheme() + "://" + url.getRawAuthority())
            .endpoint(url.getRawPath().isEmpty() ? "/" : url.getRawPath())
            .maxResponseSize(MAX_RESPONSE_BYTES);
    if (server.token() != null) {
      http.requestBuilder(
          HttpRequest.newBuilder().header("Authorization", "Bearer " + server.token()));
    }
    return http.build();
  }

  @Override
  public synchronized void close() {
    if (client != null) {
      client.close();
      client = null;
      cancelling = null;
    }
  }
}
