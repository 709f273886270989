package dev.threadline.executor.tools;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.threadline.config.ApiKeys;
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
 * Reads a tool's thread from the projector's read API with the services' internal token, for the
 * thread's tenant, fenced at the event seq the call was issued at: the projector answers once it
 * holds every event up to it, so a read sees each write the thread made before the call.
 */
final class ProjectorThreadReader implements ThreadReader {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final HttpClient HTTP =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

  private final String baseUrl;
  private final String token;
  private final String tenant;
  private final String threadId;
  private final long eventSeq;

  ProjectorThreadReader(
      String baseUrl, String token, String tenant, String threadId, long eventSeq) {
    this.baseUrl = baseUrl.endsWith("/") ? baseUrl.substring(0, baseUrl.length() - 1) : baseUrl;
    this.token = token;
    this.tenant = tenant;
    this.threadId = threadId;
    this.eventSeq = eventSeq;
  }

  @Override
  public ThreadReader relative(String other) {
    return new ProjectorThreadReader(baseUrl, token, tenant, other, 0);
  }

  @Override
  public Optional<JsonNode> read(String path) {
    String separator = path.contains("?") ? "&" : "?";
    URI uri =
        URI.create(
            baseUrl
                + "/v1/threads/"
                + URLEncoder.encode(threadId, StandardCharsets.UTF_8)
                + path
                + separator
                + "atLeastSeq="
                + eventSeq);
    HttpRequest request =
        HttpRequest.newBuilder(uri)
            .header("Authorization", "Bearer " + token)
            .header(ApiKeys.TENANT_HEADER, tenant)
            .timeout(Duration.ofSeconds(15))
            .build();
    HttpResponse<String> response;
    try {
      response = HTTP.send(request, HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      throw new IllegalStateException("could not read the thread (" + e.getMessage() + ")", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while reading the thread", e);
    }
    if (response.statusCode() == 404) {
      return Optional.empty();
    }
    if (response.statusCode() != 200) {
      throw new IllegalStateException(
          "reading the thread answered " + response.statusCode() + ": " + response.body());
    }
    try {
      return Optional.of(JSON.readTree(response.body()));
    } catch (IOException e) {
      throw new IllegalStateException("the thread read was not JSON", e);
    }
  }
}
