package dev.threadline.executor.tools;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.threadline.config.ApiKeys;
import dev.threadline.serde.PooledJson;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Optional;

/**
 * GETs of the services' read APIs as one tenant, with a pass the internal token signs for that
 * tenant alone ({@link ApiKeys#tenantPass}: the token itself is never sent): the answer's JSON, or
 * empty for a 404.
 */
record TenantGets(String token, String tenant) {
  private static final ObjectMapper JSON = PooledJson.MAPPER;
  private static final HttpClient HTTP =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

  /** {@code uri}'s JSON, or empty for a 404; {@code what} names it in a failure. */
  Optional<JsonNode> get(URI uri, String what) {
    HttpRequest request =
        HttpRequest.newBuilder(uri)
            .header("Authorization", "Bearer " + pass())
            .timeout(Duration.ofSeconds(15))
            .build();
    HttpResponse<String> response;
    try {
      response = HTTP.send(request, HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      throw new IllegalStateException("could not read " + what + " (" + e.getMessage() + ")", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while reading " + what, e);
    }
    if (response.statusCode() == 404) {
      return Optional.empty();
    }
    if (response.statusCode() != 200) {
      throw new IllegalStateException(
          "reading " + what + " answered " + response.statusCode() + ": " + response.body());
    }
    try {
      return Optional.of(JSON.readTree(response.body()));
    } catch (IOException e) {
      throw new IllegalStateException("the read of " + what + " was not JSON", e);
    }
  }

  private String pass() {
    return ApiKeys.parse(null, null)
        .withInternalToken(token)
        .tenantPass(tenant, java.time.Instant.now())
        .orElseThrow(() -> new IllegalStateException("reading a thread needs the internal token"));
  }

  static String trimmed(String url) {
    return url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
  }
}
