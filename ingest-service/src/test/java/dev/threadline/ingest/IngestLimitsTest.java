package dev.threadline.ingest;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.specification.RequestSpecification;
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

  private static RequestSpecification as(String key) {
    return given().header("Authorization", "Bearer " + key).contentType("application/json");
  }

  @BeforeEach
  void agentExists() {
    as("key-a").body(AGENT).put("/v1/agents/limited").then().statusCode(200);
  }

  private String newThread() {
    return as("key-a")
        .body("{\"agent\":\"limited\"}")
        .post("/v1/threads")
        .then()
        .statusCode(201)
        .extract()
        .path("threadId");
  }

  @Test
  void aMessageOverTheByteLimitIs413NamingTheLimitThoughItHasFewerCharacters() {
    String url = "/v1/threads/" + newThread() + "/messages";

    as("key-a")
        .body("{\"text\":\"" + "€".repeat(100_000) + "\"}")
        .post(url)
        .then()
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

    as("key-a")
        .body("{\"text\":\"hi\",\"meta\":{\"blob\":\"" + "x".repeat(262_144) + "\"}}")
        .post(url)
        .then()
        .statusCode(413)
        .body("detail", containsString("threadline.limits.message.bytes"));
  }

  @Test
  void aQueuedToolWhoseArgumentsAreOverTheLimitIs413() {
    String url = "/v1/threads/" + newThread() + "/tools";

    as("key-a")
        .body("{\"name\":\"echo\",\"arguments\":{\"text\":\"" + "x".repeat(262_144) + "\"}}")
        .post(url)
        .then()
        .statusCode(413)
        .body("errors[0].field", equalTo("arguments"))
        .body("detail", containsString("threadline.limits.tool.arguments.bytes"));
  }

  @Test
  void aContextWindowOverTheLimitIs422NamingTheLimit() {
    as("key-a")
        .body(
            """
            {"model": {"provider": "scripted", "script": []},
             "context": {"windowTokens": 5000000}}""")
        .put("/v1/agents/vast")
        .then()
        .statusCode(422)
        .body("errors[0].field", equalTo("context.windowTokens"))
        .body("detail", containsString("threadline.limits.context.window.tokens"));
  }
}
