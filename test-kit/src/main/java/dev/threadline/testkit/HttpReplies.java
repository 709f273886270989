package dev.threadline.testkit;

import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/** Answers of the JDK's HTTP server, as the stand-ins of tests send them. */
public final class HttpReplies {
  private HttpReplies() {}

  /** Answers {@code exchange} with {@code body} of content type {@code type}, and closes it. */
  public static void send(HttpExchange exchange, int status, String type, String body)
      throws IOException {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().add("Content-Type", type);
    exchange.sendResponseHeaders(status, bytes.length);
    exchange.getResponseBody().write(bytes);
    exchange.close();
  }
}
