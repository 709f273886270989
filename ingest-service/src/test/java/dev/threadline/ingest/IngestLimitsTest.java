package dev.threadline.ingest;

import static dev.threadline.ingest.Door.post;
import static dev.threadline.ingest.Door.put;
import static dev.threadline.ingest.Door.unprocessable;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

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
