package dev.threadline.executor.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import dev.threadline.config.Limits;
import dev.threadline.executor.Requests;
import dev.threadline.executor.tools.ToolRegistry;
import dev.threadline.executor.tools.ToolRunner;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * An MCP server over Streamable HTTP: the reference {@code server-everything} in its HTTP mode,
 * reached through a recording relay that shows the executor sends the operator's token from the
 * environment on every request, and never a tenant's.
 */
class McpStreamableHttpIT {
  private Process server;
  private HttpServer relay;
  private McpConnection connection;

  @AfterEach
  void stop() {
    if (connection != null) {
      connection.close();
    }
    if (relay != null) {
      relay.stop(0);
    }
    if (server != null) {
      server.destroyForcibly();
    }
  }

  @Test
  void theExecutorCallsAnHttpServerSendingTheTokenFromTheEnvironment() throws Exception {
    int port = freePort();
    ProcessBuilder command =
        new ProcessBuilder("node", ReferenceServers.everything().toString(), "streamableHttp")
            .redirectErrorStream(true);
    command.environment().put("PORT", String.valueOf(port));
    server = command.start();
    server.getOutputStream().close();
    var started = new BufferedReader(new InputStreamReader(server.getInputStream()));
    String line;
    while ((line = started.readLine()) != null && !line.contains("listening on port")) {
      // the server prints its port once it listens
    }
    assertThat(line).as("the server started").isNotNull();
    Thread.ofVirtual().start(() -> started.lines().forEach(rest -> {})); // keep its pipe drained
    Set<String> tokens = ConcurrentHashMap.newKeySet();
    relay = relay(port, tokens);

    connection =
        new McpConnection(
            McpServerSettings.from(
                    Map.of(
                        McpServerSettings.SERVERS,
                        "web",
                        "threadline.mcp.web.url",
                        "http://127.0.0.1:" + relay.getAddress().getPort() + "/mcp",
                        "threadline.mcp.web.token.env",
                        "WEB_MCP_TOKEN"),
                    Map.of("WEB_MCP_TOKEN", "operator-secret"))
                .getFirst());
    ToolRunner runner =
        new ToolRunner(new ToolRegistry(McpTools.list(connection).offered()), Limits.defaults());

    var echoed =
        runner.run(
            Requests.tool(
                "t-1",
                "mcp__web__echo",
                "{\"message\": \"over http\"}",
                Requests.T0.plusSeconds(60)),
            Requests.T0);

    assertThat(echoed.output()).isEqualTo("Echo: over http");
    assertThat(tokens).containsExactly("Bearer operator-secret");
  }

  /** Passes requests on to the server at {@code target}, noting each one's Authorization. */
  private static HttpServer relay(int target, Set<String> tokens) throws Exception {
    HttpClient client = HttpClient.newHttpClient();
    HttpServer relay = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    relay.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
    relay.createContext(
        "/",
        exchange -> {
          String auth = exchange.getRequestHeaders().getFirst("Authorization");
          tokens.add(auth == null ? "(none)" : auth);
          HttpRequest.Builder forward =
              HttpRequest.newBuilder(
                      URI.create("http://127.0.0.1:" + target + exchange.getRequestURI()))
                  .method(
                      exchange.getRequestMethod(),
                      HttpRequest.BodyPublishers.ofByteArray(
                          exchange.getRequestBody().readAllBytes()));
          for (String name :
              List.of("Content-Type", "Accept", "Mcp-Session-Id", "Mcp-Protocol-Version")) {
            String value = exchange.getRequestHeaders().getFirst(name);
            if (value != null) {
              forward.header(name, value);
            }
          }
          try {
            HttpResponse<java.io.InputStream> answer =
                client.send(forward.build(), HttpResponse.BodyHandlers.ofInputStream());
            answer
                .headers()
                .map()
                .forEach(
                    (name, values) -> {
                      if (!name.equalsIgnoreCase("content-length")
                          && !name.equalsIgnoreCase("transfer-encoding")
                          && !name.startsWith(":")) {
                        exchange.getResponseHeaders().put(name, values);
                      }
                    });
            exchange.sendResponseHeaders(answer.statusCode(), answer.statusCode() == 204 ? -1 : 0);
            try (var in = answer.body();
                var out = exchange.getResponseBody()) {
              byte[] chunk = new byte[8192];
              int n;
              while ((n = in.read(chunk)) > 0) {
                out.write(chunk, 0, n);
                out.flush();
              }
            }
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          } finally {
            exchange.close();
          }
        });
    relay.start();
    return relay;
  }

  private static int freePort() throws Exception {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }
}
