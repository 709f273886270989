package dev.threadline.executor.tools.builtin;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.threadline.executor.tools.Tool;
import dev.threadline.executor.tools.ToolContext;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;

/**
 * GET a public http(s) URL and return readable text: HTML is converted to text (scripts and styles
 * dropped, block elements on their own lines). Redirects are followed by hand (at most 5) so every
 * hop passes the {@link UrlGuard}; the body is read up to a size cap.
 */
public final class HttpFetchTool implements Tool {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final int MAX_REDIRECTS = 5;

  private final UrlGuard guard;
  private final int maxBytes;
  private final HttpClient http =
      HttpClient.newBuilder()
          .followRedirects(HttpClient.Redirect.NEVER)
          .connectTimeout(Duration.ofSeconds(5))
          .build();

  public HttpFetchTool(UrlGuard guard, int maxBytes) {
    this.guard = guard;
    this.maxBytes = maxBytes;
  }

  @Override
  public String name() {
    return "http_fetch";
  }

  @Override
  public String description() {
    return "Fetches a public web page (GET) and returns its readable text. Only http and https; private and loopback addresses are refused.";
  }

  @Override
  public JsonNode parametersSchema() {
    try {
      return JSON.readTree(
          "{\"type\":\"object\",\"properties\":{\"url\":{\"type\":\"string\",\"minLength\":1}},\"required\":[\"url\"],\"additionalProperties\":false}");
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  @Override
  public Duration timeout() {
    return Duration.ofSeconds(20);
  }

  @Override
  public String call(ToolContext context, JsonNode arguments)
      throws IOException, InterruptedException {
    URI uri;
    try {
      uri = URI.create(arguments.get("url").asText());
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("not a URL: " + arguments.get("url").asText());
    }
    for (int hop = 0; ; hop++) {
      guard.check(uri);
      HttpRequest request =
          HttpRequest.newBuilder(uri)
              .timeout(Duration.ofSeconds(15))
              .header("User-Agent", "threadline-http-fetch/1")
              .GET()
              .build();
      HttpResponse<InputStream> response =
          http.send(request, HttpResponse.BodyHandlers.ofInputStream());
      int status = response.statusCode();
      if (status >= 300 && status < 400 && response.headers().firstValue("location").isPresent()) {
        response.body().close();
        if (hop >= MAX_REDIRECTS) {
          throw new IOException("too many redirects from " + arguments.get("url").asText());
        }
        uri = uri.resolve(response.headers().firstValue("location").get());
        continue;
      }
      byte[] body;
      boolean truncated;
      try (InputStream in = response.body()) {
        body = in.readNBytes(maxBytes);
        truncated = in.read() != -1;
      }
      String contentType = response.headers().firstValue("content-type").orElse("");
      String raw = new String(body, StandardCharsets.UTF_8);
      ObjectNode result =
          JSON.createObjectNode()
              .put("url", uri.toString())
              .put("status", status)
              .put("contentType", contentType);
      if (contentType.contains("html") || raw.stripLeading().startsWith("<")) {
        Document doc = Jsoup.parse(raw, uri.toString());
        doc.select("script, style, noscript, template").remove();
        doc.select("br").after("\n");
        doc.select("p, div, li, tr, h1, h2, h3, h4, h5, h6, pre, blockquote, section, article")
            .before("\n");
        result.put("title", doc.title());
        raw =
            doc.body() == null
                ? ""
                : doc.body()
                    .wholeText()
                    .replaceAll("[ \\t\\x0B\\f\\r]+", " ")
                    .replaceAll("\\s*\\n\\s*", "\n")
                    .strip();
      }
      result.put("text", raw);
      if (truncated) {
        result.put("truncated", "body larger than " + maxBytes + " bytes; the rest was not read");
      }
      return result.toString();
    }
  }
}
