package dev.threadline.projector.http;

import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.io.InputStream;
import java.util.Map;

/**
 * The web dashboard: plain static files from {@code /dashboard} on the classpath. The page asks for
 * the API key (or takes it from the URL fragment {@code #key=…}, which never leaves the browser),
 * keeps it for the tab's session only, and calls the same {@code /v1} API as any client.
 */
final class Dashboard {
  private static final Map<String, String> FILES =
      Map.of(
          "/", "index.html",
          "/index.html", "index.html",
          "/app.js", "app.js",
          "/chat.js", "chat.js",
          "/actions.js", "actions.js",
          "/style.css", "style.css");
  private static final Map<String, String> TYPES =
      Map.of(
          "html", "text/html; charset=utf-8",
          "js", "text/javascript; charset=utf-8",
          "css", "text/css; charset=utf-8");

  /**
   * Scripts, styles and API calls from this origin only, no framing, no plugins: text a tenant put
   * in a thread that slipped into the page as markup could not run, nor send the key elsewhere.
   */
  static final String CONTENT_SECURITY_POLICY =
      "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self';"
          + " img-src 'self' data:; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

  private Dashboard() {}

  static void serve(HttpExchange exchange, String path) throws IOException {
    String file = FILES.get(path);
    if (file == null) {
      throw Problem.notFound("no such page: " + path);
    }
    byte[] body;
    try (InputStream in = Dashboard.class.getResourceAsStream("/dashboard/" + file)) {
      if (in == null) {
        throw new IllegalStateException("dashboard file missing from the jar: " + file);
      }
      body = in.readAllBytes();
    }
    exchange
        .getResponseHeaders()
        .set("Content-Type", TYPES.get(file.substring(file.lastIndexOf('.') + 1)));
    exchange.getResponseHeaders().set("Cache-Control", "no-cache");
    exchange.getResponseHeaders().set("Content-Security-Policy", CONTENT_SECURITY_POLICY);
    exchange.getResponseHeaders().set("X-Content-Type-Options", "nosniff");
    exchange.getResponseHeaders().set("Referrer-Policy", "no-referrer");
    exchange.sendResponseHeaders(200, body.length);
    exchange.getResponseBody().write(body);
  }
}
