package dev.threadline.testkit;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A schema registry that can go down: a proxy in front of a real one that, while {@link #down},
 * answers every request with 503 — as a registry being restarted, or behind a failing load
 * balancer, does. Counts the requests it refused. It can also require credentials, as a secured
 * registry does.
 */
public final class RegistryProxy implements AutoCloseable {
  private final HttpServer server;
  private final HttpClient http = HttpClient.newHttpClient();
  private final String target;
  private final AtomicBoolean down = new AtomicBoolean();
  private final AtomicInteger refused = new AtomicInteger();
  private volatile java.util.function.Predicate<String> authorized;

  /**
   * @param registryUrl the real registry, e.g. {@code http://127.0.0.1:8085/apis/ccompat/v7}
   */
  public RegistryProxy(String registryUrl) throws IOException {
    URI uri = URI.create(registryUrl);
    this.target = uri.getScheme() + "://" + uri.getAuthority();
    this.server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext("/", this::handle);
    server.start();
  }

  /** This proxy's URL for the same API path as {@code registryUrl}. */
  public String url(String registryUrl) {
    return "http://127.0.0.1:" + server.getAddress().getPort() + URI.create(registryUrl).getPath();
  }

  public void down(boolean isDown) {
    down.set(isDown);
  }

  public int refused() {
    return refused.get();
  }

  /** From now on, a request without exactly this {@code Authorization} header is answered 401. */
  public void requireAuthorization(String header) {
    requireAuthorization(header::equals);
  }

  /**
   * From now on, a request whose {@code Authorization} header {@code valid} refuses (null when it
   * has none) is answered 401 — a token checked with the provider that issued it, for example.
   */
  public void requireAuthorization(java.util.function.Predicate<String> valid) {
    authorized = valid;
  }

  private void handle(HttpExchange exchange) throws IOException {
    try (exchange) {
      if (down.get()) {
        refused.incrementAndGet();
        byte[] body = "{\"error_code\":50301,\"message\":\"registry down\"}".getBytes();
        exchange.sendResponseHeaders(503, body.length);
        exchange.getResponseBody().write(body);
        return;
      }
      java.util.function.Predicate<String> valid = authorized;
      if (valid != null && !valid.test(exchange.getRequestHeaders().getFirst("Authorization"))) {
        byte[] body = "{\"error_code\":401,\"message\":\"Unauthorized\"}".getBytes();
        exchange.sendResponseHeaders(401, body.length);
        exchange.getResponseBody().write(body);
        return;
      }
      byte[] request;
      try (InputStream in = exchange.getRequestBody()) {
        request = in.readAllBytes();
      }
      HttpRequest.Builder forward =
          HttpRequest.newBuilder(URI.create(target + exchange.getRequestURI()))
              .method(
                  exchange.getRequestMethod(),
                  request.length == 0
                      ? HttpRequest.BodyPublishers.noBody()
                      : HttpRequest.BodyPublishers.ofByteArray(request));
      String contentType = exchange.getRequestHeaders().getFirst("Content-Type");
      if (contentType != null) {
        forward.header("Content-Type", contentType);
      }
      HttpResponse<byte[]> response =
          http.send(forward.build(), HttpResponse.BodyHandlers.ofByteArray());
      exchange.getResponseHeaders().set("Content-Type", "application/json");
      exchange.sendResponseHeaders(response.statusCode(), response.body().length);
      try (OutputStream out = exchange.getResponseBody()) {
        out.write(response.body());
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
