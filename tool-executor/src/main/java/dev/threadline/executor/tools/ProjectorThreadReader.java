package dev.threadline.executor.tools;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.threadline.config.ApiKeys;
import dev.threadline.serde.PooledJson;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;

/**
 * Reads a tool's thread from the projector's read API for the thread's tenant, with a pass the
 * services' internal token signs for that tenant alone ({@link ApiKeys#tenantPass}: the token
 * itself is never sent), fenced at the event seq the call was issued at: the projector answers once
 * it holds every event up to it, so a read sees each write the thread made before the call. The
 * tenant's definitions it reads from the ingest's API, with the same kind of pass.
 */
final class ProjectorThreadReader implements ThreadReader {
  private static final ObjectMapper JSON = PooledJson.MAPPER;
  private static final HttpClient HTTP =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

  private final String baseUrl;
  private final String ingestUrl;
  private final String token;
  private final String tenant;
  private final String threadId;
  private final long eventSeq;

  /** {@code ingestUrl}: where definitions are read, or null. */
  ProjectorThreadReader(
      String baseUrl,
      String ingestUrl,
      String token,
      String tenant,
      String threadId,
      long eventSeq) {
    this.baseUrl = trimmed(baseUrl);
    this.ingestUrl = ingestUrl == null ? null : trimmed(ingestUrl);
    this.token = token;
    this.tenant = tenant;
    this.threadId = threadId;
    this.eventSeq = eventSeq;
  }

  private String pass() {
    return ApiKeys.parse(null, null)
        .withInternalToken(token)
        .tenantPass(tenant, java.time.Instant.now())
        .orElseThrow(() -> new IllegalStateException("reading a thread needs the internal token"));
  }

  private static String trimmed(String url) {
    return url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
  }

  @Override
  public ThreadReader relative(String other) {
    return new ProjectorThreadReader(baseUrl, ingestUrl, token, tenant, other, 0);
  }

  @Override
  public Optional<JsonNode> read(String path) {
    String separator = path.contains("?") ? "&" : "?";
    return get(
        URI.create(
            baseUrl
                + "/v1/threads/"
                + URLEncoder.encode(threadId, StandardCharsets.UTF_8)
                + path
                + separator
                + "atLeastSeq="
                + eventSeq),
        "the thread");
  }

  @Override
  public Optional<JsonNode> definition(String collection, String name) {
    if (ingestUrl == null) {
      return ThreadReader.super.definition(collection, name);
    }
    return get(
        URI.create(
            ingestUrl
                + "/v1/"
                + collection
                + "/"
                + URLEncoder.encode(name, StandardCharsets.UTF_8).replace("+", "%20")),
        collection + " '" + name + "'");
  }

  /** A GET as the tenant, with a pass for it: the JSON, or empty for a 404. */
  private Optional<JsonNode> get(URI uri, String what) {
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
}
