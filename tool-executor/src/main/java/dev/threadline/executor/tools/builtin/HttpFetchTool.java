package dev.threadline.executor.tools.builtin;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.threadline.executor.net.UrlGuard;
import dev.threadline.executor.tools.Tool;
import dev.threadline.executor.tools.ToolContext;
import dev.threadline.executor.tools.Tools;
import dev.threadline.serde.PooledJson;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Objects;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;

/**
 * GET a public http(s) URL and return readable text: HTML is converted to text (scripts and styles
 * dropped, block elements on their own lines). Redirects are followed by hand (at most 5) so every
 * hop passes the {@link UrlGuard}, which is also the client's DNS (no second resolution); the body
 * is read up to a size cap.
 */
public final class HttpFetchTool implements Tool {
  private static final ObjectMapper JSON = PooledJson.MAPPER;
  private static final int MAX_REDIRECTS = 5;

  private final UrlGuard guard;
  private final int maxBytes;
  private final OkHttpClient http;

  public HttpFetchTool(UrlGuard guard, int maxBytes) {
    this.guard = guard;
    this.maxBytes = maxBytes;
    // The guard is the client's DNS: it connects to the very addresses the guard checked.
    this.http =
        guard
            .client()
            .connectTimeout(Duration.ofSeconds(5))
            .callTimeout(Duration.ofSeconds(15))
            .build();
  }

  /** Free of side effects: a GET of a public page. */
  @Override
  public boolean readOnly() {
    return true;
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
    return Tools.schema(
        "{\"type\":\"object\",\"properties\":{\"url\":{\"type\":\"string\",\"minLength\":1}},\"required\":[\"url\"],\"additionalProperties\":false}");
  }

  @Override
  public Duration timeout() {
    return Duration.ofSeconds(20);
  }

  @Override
  public String call(ToolContext context, JsonNode arguments) throws IOException {
    String asked = arguments.get("url").asText();
    URI uri;
    try {
      uri = URI.create(asked);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("not a URL: " + asked);
    }
    for (int hop = 0; ; hop++) {
      try {
        guard.check(uri);
      } catch (UrlGuard.Blocked e) {
        throw new IllegalArgumentException(e.getMessage());
      }
      Request request =
          new Request.Builder()
              .url(uri.toString())
              .header("User-Agent", "threadline-http-fetch/1")
              .get()
              .build();
      String location;
      try (Response response = http.newCall(request).execute()) {
        location = response.header("location");
        if (response.code() < 300 || response.code() >= 400 || location == null) {
          return read(uri, response);
        }
      } catch (UrlGuard.Blocked e) {
        throw new IllegalArgumentException(e.getMessage());
      } catch (IOException e) {
        // The client's own texts name the addresses it tried; a tenant learns only what failed.
        throw new IOException(
            "could not fetch " + uri.getHost() + ": " + e.getClass().getSimpleName());
      }
      if (hop >= MAX_REDIRECTS) {
        throw new IOException("too many redirects from " + asked);
      }
      uri = uri.resolve(location);
    }
  }

  private String read(URI uri, Response response) throws IOException {
    int status = response.code();
    byte[] body;
    boolean truncated;
    try (InputStream in = response.body().byteStream()) {
      body = in.readNBytes(maxBytes);
      truncated = in.read() != -1;
    }
    String contentType = Objects.requireNonNullElse(response.header("content-type"), "");
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
