package dev.threadline.ingest;

import static dev.threadline.ingest.Door.post;
import static dev.threadline.ingest.Door.put;
import static dev.threadline.ingest.Door.unprocessable;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import dev.threadline.ingest.http.BodyLimit;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The door holds callers to the same limits as the step processor and says which one: 413 with the
 * limit's key, nothing published.
 */
@QuarkusTest
@QuarkusTestResource(ClusterResource.class)
class IngestLimitsTest {
  private static final String AGENT =
      """
      {"model": {"provider": "scripted", "script": [{"text":"done"}]},
       "tools": [{"name": "echo", "permission": "allow"}]}""";

  @BeforeEach
  void agentExists() {
    put("key-a", "/v1/agents/limited", AGENT).statusCode(200);
  }

  private String newThread() {
    return post("key-a", "/v1/threads", "{\"agent\":\"limited\"}")
        .statusCode(201)
        .extract()
        .path("threadId");
  }

  @Test
  void aMessageOverTheByteLimitIs413NamingTheLimitThoughItHasFewerCharacters() {
    String url = "/v1/threads/" + newThread() + "/messages";

    post("key-a", url, "{\"text\":\"" + "€".repeat(100_000) + "\"}")
        .statusCode(413)
        .body("errors[0].field", equalTo("text"))
        .body(
            "detail",
            equalTo(
                "the message is 300000 bytes; the limit is 262144"
                    + " (threadline.limits.message.bytes)"));
  }

  /** A body sent in chunks says no length up front: it is counted as it is read, all the same. */
  @Test
  void aJsonBodyOverOneMebibyteIs413SentInChunksToo() throws Exception {
    String url = "/v1/threads/" + newThread() + "/messages";
    byte[] body =
        ("{\"text\": \"" + "x".repeat((int) BodyLimit.JSON_BODY_BYTES + 10) + "\"}")
            .getBytes(java.nio.charset.StandardCharsets.UTF_8);
    var request =
        java.net.http.HttpRequest.newBuilder(
                java.net.URI.create(
                    "http://127.0.0.1:"
                        + org.eclipse.microprofile.config.ConfigProvider.getConfig()
                            .getValue("quarkus.http.test-port", Integer.class)
                        + url))
            .header("Authorization", "Bearer key-a")
            .header("Content-Type", "application/json")
            // An input stream's publisher has no length: the client sends the body chunked.
            .POST(
                java.net.http.HttpRequest.BodyPublishers.ofInputStream(
                    () -> new java.io.ByteArrayInputStream(body)))
            .build();
    try (var client =
        java.net.http.HttpClient.newBuilder()
            .version(java.net.http.HttpClient.Version.HTTP_1_1)
            .build()) {
      var response = client.send(request, java.net.http.HttpResponse.BodyHandlers.ofString());
      assertThat(response.statusCode()).as(response.body()).isEqualTo(413);
      assertThat(response.body()).contains("at most " + BodyLimit.JSON_BODY_BYTES + " bytes");
    }
  }

  @Test
  void metadataCountsTowardsTheMessageLimit() {
    String url = "/v1/threads/" + newThread() + "/messages";

    post("key-a", url, "{\"text\":\"hi\",\"meta\":{\"blob\":\"" + "x".repeat(262_144) + "\"}}")
        .statusCode(413)
        .body("detail", containsString("threadline.limits.message.bytes"));
  }

  @Test
  void aQueuedToolWhoseArgumentsAreOverTheLimitIs413() {
    String url = "/v1/threads/" + newThread() + "/tools";

    post(
            "key-a",
            url,
            "{\"name\":\"echo\",\"arguments\":{\"text\":\"" + "x".repeat(262_144) + "\"}}")
        .statusCode(413)
        .body("errors[0].field", equalTo("arguments"))
        .body("detail", containsString("threadline.limits.tool.arguments.bytes"));
  }

  @Test
  void aContextWindowOverTheLimitIs422NamingTheLimit() {
    put(
            "key-a",
            "/v1/agents/vast",
            """
            {"model": {"provider": "scripted", "script": []},
             "context": {"windowTokens": 5000000}}""")
        .spec(unprocessable("context.windowTokens"))
        .body("detail", containsString("threadline.limits.context.window.tokens"));
  }
}
