package dev.threadline.ingest.identity;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;

import dev.threadline.ingest.ClusterResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

/**
 * A read-only key ({@code key:tenant:read}) reads — any {@code GET}, and the searches sent as
 * {@code POST} — and every route that writes refuses it with 403 before it runs.
 */
@QuarkusTest
@QuarkusTestResource(ClusterResource.class)
class ReadOnlyKeysTest {
  @Test
  void aReadOnlyKeyReadsAndIsForbiddenEveryWrite() {
    given().header("Authorization", "Bearer key-ro").get("/v1/agents").then().statusCode(200);
    given()
        .header("x-api-key", "key-ro")
        .contentType("application/json")
        .body("{}")
        .post("/assistants/search")
        .then()
        .statusCode(200);
    given()
        .header("Authorization", "Bearer key-ro")
        .contentType("application/json")
        .body("{\"model\": {\"provider\": \"scripted\"}}")
        .put("/v1/agents/written")
        .then()
        .statusCode(403)
        .body("detail", containsString("read-only key may not call PUT /v1/agents/written"));
    given()
        .header("x-api-key", "key-ro")
        .contentType("application/json")
        .body("{}")
        .post("/threads")
        .then()
        .statusCode(403);
    given()
        .header("Authorization", "Bearer key-a")
        .contentType("application/json")
        .body("{}")
        .post("/assistants/search")
        .then()
        .statusCode(200);
  }
}
