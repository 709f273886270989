package dev.threadline.deploy;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

/** The launcher's and the bench's calls to the ingest service's HTTP API, with the local key. */
record IngestClient(String ingestUrl, String apiKey) {
  private static final HttpClient HTTP = HttpClient.newHttpClient();

  /** Sends a JSON request and returns the body; any other status than {@code expected} throws. */
  String call(String method, String path, String body, int expected) throws Exception {
    HttpResponse<String> response =
        HTTP.send(
            HttpRequest.newBuilder(URI.create(ingestUrl + path))
                .header("Authorization", "Bearer " + apiKey)
                .header("Content-Type", "application/json")
                .method(method, HttpRequest.BodyPublishers.ofString(body))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    if (response.statusCode() != expected) {
      throw new IllegalStateException(
          method + " " + path + " answered " + response.statusCode() + ": " + response.body());
    }
    return response.body();
  }
}
