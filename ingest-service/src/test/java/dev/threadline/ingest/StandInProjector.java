package dev.threadline.ingest;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Consumer;

/**
 * A stand-in projector for a test's ingest: an HTTP server on a free local port, each request on a
 * virtual thread (a held read holds none of the others up), and the settings that point the ingest
 * at it with an internal token.
 */
public final class StandInProjector {
  private StandInProjector() {}

  /** Starts a server whose contexts {@code routes} creates. */
  public static HttpServer start(Consumer<HttpServer> routes) {
    try {
      HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
      routes.accept(server);
      server.setExecutor(java.util.concurrent.Executors.newVirtualThreadPerTaskExecutor());
      server.start();
      return server;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The ingest's settings for {@code server}, its passes signed with {@code token}, and more. */
  public static Map<String, String> settings(
      HttpServer server, String token, Map<String, String> more) {
    Map<String, String> settings = new HashMap<>(more);
    settings.put("threadline.projector.url", "http://127.0.0.1:" + server.getAddress().getPort());
    settings.put("threadline.internal.token", token);
    return settings;
  }
}
