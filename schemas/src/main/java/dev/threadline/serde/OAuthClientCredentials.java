package dev.threadline.serde;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A bearer token for the registry from an OAuth 2.0 token endpoint, by the client credentials grant
 * (RFC 6749 §4.4, the client authenticated with HTTP Basic as §2.3.1 says), as Confluent's clients
 * get one with {@code bearer.auth.credentials.source=OAUTHBEARER}: fetched on the first request,
 * reused until four fifths of its lifetime have passed, fetched anew after a 401. An endpoint out
 * of reach or failing is a registry outage (the request is tried again); one that refuses the
 * client says which settings to check.
 */
final class OAuthClientCredentials implements RegistryCredentials {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Duration UNSTATED_LIFETIME = Duration.ofMinutes(5);

  private final URI endpoint;
  private final String clientId;
  private final String basic;
  private final String scope;
  private final Map<String, String> extraHeaders;
  private final HttpClient http;
  private final Clock clock;
  private String token;
  private Instant renewAt = Instant.MIN;

  OAuthClientCredentials(
      URI endpoint,
      String clientId,
      String clientSecret,
      String scope,
      Map<String, String> extraHeaders,
      HttpClient http,
      Clock clock) {
    this.endpoint = endpoint;
    this.clientId = clientId;
    this.basic =
        Base64.getEncoder()
            .encodeToString(
                (form(clientId) + ":" + form(clientSecret)).getBytes(StandardCharsets.UTF_8));
    this.scope = scope;
    this.extraHeaders = Map.copyOf(extraHeaders);
    this.http = http;
    this.clock = clock;
  }

  @Override
  public synchronized Map<String, String> headers() {
    if (token == null || !clock.instant().isBefore(renewAt)) {
      fetch();
    }
    Map<String, String> headers = new LinkedHashMap<>(extraHeaders);
    headers.put("Authorization", "Bearer " + token);
    return headers;
  }

  @Override
  public synchronized boolean refused() {
    boolean had = token != null;
    token = null;
    return had;
  }

  private void fetch() {
    String body = "grant_type=client_credentials" + (scope == null ? "" : "&scope=" + form(scope));
    HttpRequest request =
        HttpRequest.newBuilder(endpoint)
            .timeout(Duration.ofSeconds(10))
            .header("Authorization", "Basic " + basic)
            .header("Content-Type", "application/x-www-form-urlencoded")
            .header("Accept", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(body))
            .build();
    Instant asked = clock.instant();
    HttpResponse<String> response;
    try {
      response = http.send(request, HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      throw failure("unreachable (" + e + ")", -1, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw failure("interrupted", -1, e);
    }
    JsonNode answer;
    try {
      answer = JSON.readTree(response.body());
    } catch (IOException e) {
      answer = JSON.createObjectNode();
    }
    if (response.statusCode() / 100 != 2 || !answer.path("access_token").isTextual()) {
      throw failure(
          "answered HTTP "
              + response.statusCode()
              + " "
              + answer.path("error").asText("")
              + " "
              + answer.path("error_description").asText("")
              + " — check bearer.auth.client.id ("
              + clientId
              + "), bearer.auth.client.secret and bearer.auth.scope",
          response.statusCode(),
          null);
    }
    token = answer.get("access_token").asText();
    long lifetime = answer.path("expires_in").asLong(UNSTATED_LIFETIME.toSeconds());
    renewAt = asked.plusMillis(Math.max(1_000, lifetime * 800));
  }

  private SchemaRegistryException failure(String what, int status, Throwable cause) {
    // A refusal of the client is the operator's to fix, not an outage to wait out.
    int as = status / 100 == 4 && status != 408 && status != 429 ? status : -1;
    return new SchemaRegistryException(
        "Could not get a registry token: the OAuth token endpoint " + endpoint + " " + what,
        as,
        -1,
        cause);
  }

  private static String form(String value) {
    return URLEncoder.encode(value, StandardCharsets.UTF_8);
  }
}
