package dev.threadline.testkit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;

/**
 * What the strict stand-ins for model APIs share: a local HTTP server answering one path, and why
 * each refused request was refused.
 */
public abstract class StrictEndpoint implements AutoCloseable {
  private static final ObjectMapper JSON = new ObjectMapper();
  private final HttpServer server;
  private final List<String> refusals = new CopyOnWriteArrayList<>();

  /** Binds a free port of the loopback address; {@link #listen} starts answering. */
  protected StrictEndpoint() throws IOException {
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
  }

  /** Starts answering {@code path}: once constructed, so no request meets a half-made stand-in. */
  protected final void listen(String path) {
    server.createContext(path, this::handle);
    server.setExecutor(Executors.newFixedThreadPool(4));
    server.start();
  }

  /** Answers one request. */
  protected abstract void handle(HttpExchange exchange) throws IOException;

  /** Answers {@code exchange} with the API's 400 saying {@code why}, and records it. */
  protected abstract void refuse(HttpExchange exchange, String why) throws IOException;

  /** The request's body as JSON; or, refused as the API refuses a body that is not, null. */
  protected JsonNode readBody(HttpExchange exchange) throws IOException {
    try {
      return JSON.readTree(exchange.getRequestBody());
    } catch (IOException e) {
      refuse(exchange, "the body is not JSON: " + e.getMessage());
      return null;
    }
  }

  /**
   * Adds to {@code problems}, in the API's words ({@code says}), each top-level field of {@code
   * request} the API does not know.
   */
  static void unknownFields(
      JsonNode request,
      java.util.Set<String> known,
      java.util.function.UnaryOperator<String> says,
      List<String> problems) {
    request
        .fieldNames()
        .forEachRemaining(
            f -> {
              if (!known.contains(f)) {
                problems.add(says.apply(f));
              }
            });
  }

  /** {@code http://127.0.0.1:<port>}. */
  protected String origin() {
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }

  /** Records that a request was refused, and why. */
  protected void refused(String why) {
    refusals.add(why);
  }

  /** Why each refused request was refused. */
  public List<String> refusals() {
    return List.copyOf(refusals);
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
