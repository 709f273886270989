package dev.threadline.deploy.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.stream.Stream;

/**
 * The running stack's HTTP API as the CLI calls it: one base URL (the ingest answers reads too) and
 * the tenant's API key. A problem-details answer becomes a {@link CliException} whose message names
 * the fields the API named.
 */
final class Api {
  static final ObjectMapper JSON = new ObjectMapper();
  private final URI base;
  private final String key;
  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  Api(String baseUrl, String key) {
    this.base = URI.create(baseUrl.endsWith("/") ? baseUrl : baseUrl + "/");
    this.key = key;
  }

  static String encode(String part) {
    return URLEncoder.encode(part, StandardCharsets.UTF_8).replace("+", "%20");
  }

  JsonNode get(String path) {
    return send("GET", path, null);
  }

  /** Sends {@code body} (JSON, or null for none); answers the body as JSON (empty: {}). */
  JsonNode send(String method, String path, String body) {
    HttpResponse<String> answer =
        exchange(request(method, path, body), HttpResponse.BodyHandlers.ofString());
    check(answer.statusCode(), answer.body());
    try {
      return answer.body() == null || answer.body().isBlank()
          ? JSON.createObjectNode()
          : JSON.readTree(answer.body());
    } catch (IOException e) {
      throw new CliException(
          CliException.FAILED, "the API answered something that is not JSON: " + e.getMessage());
    }
  }

  /** The lines of a Server-Sent Events answer, as they arrive. */
  Stream<String> events(String method, String path, String body) {
    HttpRequest request = request(method, path, body);
    HttpResponse<Stream<String>> answer = exchange(request, HttpResponse.BodyHandlers.ofLines());
    if (answer.statusCode() >= 400) {
      check(answer.statusCode(), String.join("\n", answer.body().toList()));
    }
    return answer.body();
  }

  private HttpRequest request(String method, String path, String body) {
    HttpRequest.Builder builder =
        HttpRequest.newBuilder(base.resolve(path.startsWith("/") ? path.substring(1) : path))
            .header("Authorization", "Bearer " + key)
            .method(
                method,
                body == null
                    ? HttpRequest.BodyPublishers.noBody()
                    : HttpRequest.BodyPublishers.ofString(body));
    if (body != null) {
      builder.header("Content-Type", "application/json");
    }
    return builder.build();
  }

  private <T> HttpResponse<T> exchange(HttpRequest request, HttpResponse.BodyHandler<T> handler) {
    try {
      return http.send(request, handler);
    } catch (ConnectException e) {
      throw new CliException(
          CliException.UNAVAILABLE,
          "nothing answers at "
              + base
              + " (is the stack up? ./threadline up; or set THREADLINE_URL)");
    } catch (IOException e) {
      throw new CliException(CliException.UNAVAILABLE, base + ": " + e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new CliException(CliException.FAILED, "interrupted");
    }
  }

  private static void check(int status, String body) {
    if (status < 400) {
      return;
    }
    throw new CliException(CliException.forStatus(status), problem(status, body));
  }

  /** An RFC 9457 problem as one line per point: its title and detail, then each field named. */
  static String problem(int status, String body) {
    try {
      JsonNode problem = JSON.readTree(body);
      StringBuilder out = new StringBuilder(problem.path("title").asText("HTTP " + status));
      if (problem.hasNonNull("detail")) {
        out.append(": ").append(problem.get("detail").asText());
      }
      for (JsonNode error : problem.path("errors")) {
        String point = error.path("field").asText("?") + ": " + error.path("message").asText("");
        if (!out.toString().contains(point)) {
          out.append("\n  ").append(point);
        }
      }
      return out.toString();
    } catch (IOException | RuntimeException notJson) {
      return "HTTP " + status + (body == null || body.isBlank() ? "" : ": " + body.strip());
    }
  }
}
