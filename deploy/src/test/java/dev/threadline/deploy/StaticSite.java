package dev.threadline.deploy;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * A folder of built front-end files served on a loopback port, as a developer's dev server serves a
 * page: the browser's origin is {@code http://127.0.0.1:<port>}, another origin than the stack's.
 */
record StaticSite(HttpServer server) implements AutoCloseable {
  private static final Map<String, String> TYPES =
      Map.of(
          "html", "text/html; charset=utf-8",
          "js", "text/javascript; charset=utf-8",
          "css", "text/css; charset=utf-8");

  static StaticSite serve(Path root) throws IOException {
    HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext(
        "/",
        exchange -> {
          Path file = root.resolve(exchange.getRequestURI().getPath().substring(1)).normalize();
          if (!file.startsWith(root) || !Files.isRegularFile(file)) {
            exchange.sendResponseHeaders(404, -1);
            exchange.close();
            return;
          }
          String name = file.getFileName().toString();
          String type = TYPES.getOrDefault(name.substring(name.lastIndexOf('.') + 1), "text/plain");
          exchange.getResponseHeaders().set("Content-Type", type);
          byte[] body = Files.readAllBytes(file);
          exchange.sendResponseHeaders(200, body.length);
          try (var out = exchange.getResponseBody()) {
            out.write(body);
          }
        });
    server.start();
    return new StaticSite(server);
  }

  String url(String file) {
    return "http://127.0.0.1:" + server.getAddress().getPort() + "/" + file;
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
