package dev.threadline.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

/**
 * A front end served from this machine works against the local stack out of the box, as a browser
 * checks it: the preflight of a LangGraph run from {@code http://localhost:3000} (Agent Chat UI's
 * dev server) is allowed, {@code /info} answers that origin, and a page of another site is not
 * allowed to read anything.
 */
record BrowserOriginsAcceptance(StackClient stack) {
  private static final HttpClient HTTP = HttpClient.newHttpClient();

  void run() throws Exception {
    HttpResponse<String> preflight =
        HTTP.send(
            HttpRequest.newBuilder(URI.create(stack.ingest() + "/threads/search"))
                .method("OPTIONS", HttpRequest.BodyPublishers.noBody())
                .header("Origin", "http://localhost:3000")
                .header("Access-Control-Request-Method", "POST")
                .header("Access-Control-Request-Headers", "content-type,x-api-key")
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(preflight.headers().firstValue("Access-Control-Allow-Origin"))
        .as("the preflight of a local app's request: %s", preflight.headers().map())
        .contains("http://localhost:3000");

    HttpResponse<String> info = get("/info", "http://127.0.0.1:5173");
    assertThat(info.statusCode()).isEqualTo(200);
    assertThat(info.headers().firstValue("Access-Control-Allow-Origin"))
        .contains("http://127.0.0.1:5173");

    HttpResponse<String> foreign = get("/info", "https://evil.example");
    assertThat(foreign.headers().firstValue("Access-Control-Allow-Origin"))
        .as("another site's page may not read the local stack")
        .isEmpty();
  }

  private HttpResponse<String> get(String path, String origin) throws Exception {
    return HTTP.send(
        HttpRequest.newBuilder(URI.create(stack.ingest() + path)).header("Origin", origin).build(),
        HttpResponse.BodyHandlers.ofString());
  }
}
