package dev.threadline.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;

/**
 * End users of one tenant, as a multi-user app has them: a real OpenID provider nobody here wrote
 * (panva's {@code oidc-provider} from the npm registry, {@code src/test/js/oidc-users}) signs each
 * user's token with its published keys, and the stack's ingest takes it ({@code
 * threadline.auth.oidc.*}, set by LocalStackIT where {@code port} will be). Ada's thread is hers:
 * Bob neither reads, runs, searches nor re-owns it; an admin's token reads it; a route that would
 * reach past a user's own threads is a 403; a token with a broken signature is a 401 saying so.
 * Needs Node.js and npm; without, says so and checks nothing.
 */
record EndUsersAcceptance(StackClient stack, int port) {
  private static final NodeScripts PROVIDER = new NodeScripts("oidc-users");
  static final String AUDIENCE = "urn:threadline";

  /** The stack's {@code threadline.limits.threads.stored.per.user} (LocalStackIT sets it). */
  static final int THREADS_PER_USER = 3;

  private static final HttpClient HTTP = HttpClient.newHttpClient();

  void run() throws Exception {
    if (!NodeScripts.available()) {
      System.out.println("EndUsersAcceptance: no node and npm on this machine; not run");
      return;
    }
    PROVIDER.install("oidc-provider");
    Process provider =
        PROVIDER.spawn(List.of("node", "oidc-users.mjs"), Map.of("PORT", String.valueOf(port)));
    try {
      awaitReady();
      stack.putAgent(
          "end-user-chat",
          "{\"model\": {\"provider\": \"scripted\", \"script\": [{\"text\": \"hello\"}]},"
              + " \"stop\": {\"stopOnResponse\": true}}");
      String ada = token("ada");
      String bob = token("bob");
      String root = token("root");

      HttpResponse<String> ran = call("POST", "/runs/wait", ada, run("hi from ada"));
      assertThat(ran.statusCode()).as(ran.body()).isEqualTo(200);
      String thread = ran.headers().firstValue("Content-Location").orElseThrow().split("/")[2];
      JsonNode hers = json(call("GET", "/threads/" + thread, ada), 200);
      assertThat(hers.path("metadata").path("owner").asText()).isEqualTo("ada");

      json(call("GET", "/threads/" + thread, bob), 404);
      json(call("POST", "/threads/" + thread + "/runs/wait", bob, run("hijack")), 404);
      json(call("POST", "/threads/" + thread + "/history", bob, "{}"), 404);
      assertThat(
              json(call("POST", "/threads/search", bob, "{\"limit\": 500}"), 200)
                  .findValuesAsText("thread_id"))
          .doesNotContain(thread);
      assertThat(
              json(call("POST", "/threads/search", ada, "{\"limit\": 500}"), 200)
                  .findValuesAsText("thread_id"))
          .contains(thread);
      json(call("PATCH", "/threads/" + thread, ada, "{\"metadata\": {\"owner\": \"bob\"}}"), 422);
      eachUserReachesTheFilesOfTheirOwnThreadsOnly(thread, ada, bob);
      json(call("GET", "/threads/" + thread, root), 200);
      // A fork carries none of its source's metadata, so copying is not an end user's.
      json(call("POST", "/threads/" + thread + "/copy", ada, "{}"), 403);

      json(call("GET", "/v1/agents", ada), 403);
      json(
          call(
              "PUT",
              "/store/items",
              ada,
              "{\"namespace\": [\"a\"], \"key\": \"k\", \"value\": {}}"),
          403);
      eachUserReachesTheirOwnStoreItemsOnly(ada, bob);
      json(call("GET", "/info", ada), 200);
      HttpResponse<String> asKey =
          HTTP.send(
              HttpRequest.newBuilder(URI.create(stack.ingest() + "/v1/agents"))
                  .header("x-api-key", ada)
                  .build(),
              HttpResponse.BodyHandlers.ofString());
      json(asKey, 403);
      eachUserKeepsAtMostTheirOwnQuotaOfThreads(ada, bob, root);
      String forged = ada.substring(0, ada.lastIndexOf('.') + 1) + "AAAA";
      assertThat(json(call("GET", "/threads/" + thread, forged), 401).path("detail").asText())
          .contains("not signed");
    } finally {
      provider.destroy();
    }
  }

  /** Ada attaches a file to her thread and reads it back; Bob finds no such thread. */
  private void eachUserReachesTheFilesOfTheirOwnThreadsOnly(String thread, String ada, String bob)
      throws Exception {
    String files = "/v1/threads/" + thread + "/files";
    HttpResponse<String> upload =
        HTTP.send(
            HttpRequest.newBuilder(URI.create(stack.ingest() + files + "?path=/attachments/a.txt"))
                .header("Authorization", "Bearer " + ada)
                .header("Content-Type", "text/plain")
                .POST(HttpRequest.BodyPublishers.ofString("ada's notes"))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(upload.statusCode()).as(upload.body()).isEqualTo(201);
    assertThat(call("GET", files + "/attachments/a.txt", ada).body()).isEqualTo("ada's notes");
    json(call("GET", files + "/attachments/a.txt", bob), 404);
    json(call("GET", files, bob), 404);
    json(call("DELETE", files + "/attachments/a.txt", bob), 404);
    assertThat(json(call("GET", files, ada), 200).findValuesAsText("path"))
        .containsExactly("/attachments/a.txt");
  }

  /**
   * Ada keeps an item under her own namespace and reads it back; Bob reads none of hers, and a
   * search of either holds their own items alone.
   */
  private void eachUserReachesTheirOwnStoreItemsOnly(String ada, String bob) throws Exception {
    String item =
        "{\"namespace\": [\"ada\", \"prefs\"], \"key\": \"theme\", \"value\": {\"dark\": true}}";
    HttpResponse<String> put = call("PUT", "/store/items", ada, item);
    assertThat(put.statusCode()).as(put.body()).isEqualTo(204);
    String read = "/store/items?namespace=ada.prefs&key=theme";
    assertThat(json(call("GET", read, ada), 200).at("/value/dark").asBoolean()).isTrue();
    json(call("GET", read, bob), 403);
    JsonNode hers = json(call("POST", "/store/items/search", ada, "{}"), 200).path("items");
    assertThat(hers).isNotEmpty();
    hers.forEach(i -> assertThat(i.at("/namespace/0").asText()).isEqualTo("ada"));
    assertThat(json(call("POST", "/store/items/search", bob, "{}"), 200).path("items")).isEmpty();
  }

  /**
   * Ada has one thread (her first run's): one declared without a graph and one created make {@link
   * #THREADS_PER_USER}; a fourth of either kind, or a run starting a new thread, is a 429 — while
   * her declared thread's first run, Bob's threads and the admin's go on.
   */
  private void eachUserKeepsAtMostTheirOwnQuotaOfThreads(String ada, String bob, String root)
      throws Exception {
    String graph = "{\"graph_id\": \"end-user-chat\"}";
    String declared = json(call("POST", "/threads", ada, "{}"), 200).path("thread_id").asText();
    json(call("POST", "/threads", ada, graph), 200);
    assertThat(json(call("POST", "/threads", ada, graph), 429).path("detail").asText())
        .contains("threadline.limits.threads.stored.per.user");
    json(call("POST", "/threads", ada, "{}"), 429);
    json(call("POST", "/runs/wait", ada, run("one more")), 429);
    json(call("POST", "/threads/" + declared + "/runs/wait", ada, run("declared first")), 200);
    json(call("POST", "/threads", bob, graph), 200);
    json(call("POST", "/threads", root, graph), 200);
  }

  private static String run(String text) {
    return "{\"assistant_id\": \"end-user-chat\", \"input\": {\"messages\": [{\"type\": \"human\","
        + " \"content\": \""
        + text
        + "\"}]}}";
  }

  /** A token for user {@code id}, from the provider's token endpoint. */
  private String token(String id) throws Exception {
    HttpResponse<String> answer =
        HTTP.send(
            HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/token"))
                .header(
                    "Authorization",
                    "Basic "
                        + Base64.getEncoder()
                            .encodeToString(
                                (id + ":" + id + "-secret").getBytes(StandardCharsets.UTF_8)))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(
                    HttpRequest.BodyPublishers.ofString(
                        "grant_type=client_credentials&scope=threads"))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    return json(answer, 200).path("access_token").asText();
  }

  private HttpResponse<String> call(String method, String path, String token) throws Exception {
    return call(method, path, token, null);
  }

  private HttpResponse<String> call(String method, String path, String token, String body)
      throws Exception {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create(stack.ingest() + path))
            .timeout(Duration.ofSeconds(60))
            .header("Authorization", "Bearer " + token)
            .header("Content-Type", "application/json")
            .method(
                method,
                body == null
                    ? HttpRequest.BodyPublishers.noBody()
                    : HttpRequest.BodyPublishers.ofString(body));
    return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }

  private static JsonNode json(HttpResponse<String> answer, int expected) throws Exception {
    assertThat(answer.statusCode())
        .as(answer.request().method() + " " + answer.uri() + ": " + answer.body())
        .isEqualTo(expected);
    return StackClient.JSON.readTree(answer.body().isEmpty() ? "{}" : answer.body());
  }

  private static void awaitReady() throws Exception {
    long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
    while (!PROVIDER.output().contains("oidc-users: ready")) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("the OpenID provider did not start: " + PROVIDER.output());
      }
      Thread.sleep(100);
    }
  }
}
