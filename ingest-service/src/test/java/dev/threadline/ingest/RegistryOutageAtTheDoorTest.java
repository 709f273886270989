package dev.threadline.ingest;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import org.junit.jupiter.api.Test;

/**
 * End to end: while the schema registry is out of reach, a request the ingest cannot encode is
 * answered 503 with Retry-After within its retry budget (2 s) — not a 500, not a hung request — and
 * nothing is written; when it is back, the same request succeeds.
 */
@QuarkusTest
@QuarkusTestResource(value = ProxiedRegistryResource.class, restrictToAnnotatedClass = true)
@TestProfile(RegistryOutageAtTheDoorTest.OwnApp.class)
class RegistryOutageAtTheDoorTest {
  /** An app of its own, so its serializers have not met the registry yet. */
  public static final class OwnApp implements QuarkusTestProfile {}

  private static final String AGENT =
      "{\"model\": {\"provider\": \"scripted\", \"script\": [{\"text\":\"done\"}]}}";

  @Test
  void aRegistryOutageIs503WithRetryAfterAndTheRetryAfterItSucceeds() {
    ProxiedRegistryResource.proxy.down(true);
    try {
      putAgent()
          .statusCode(503)
          .header("Retry-After", org.hamcrest.Matchers.notNullValue())
          .body("detail", containsString("schema registry"));
    } finally {
      ProxiedRegistryResource.proxy.down(false);
    }
    putAgent().statusCode(200);
  }

  private static io.restassured.response.ValidatableResponse putAgent() {
    return given()
        .header("Authorization", "Bearer key-q3")
        .contentType("application/json")
        .body(AGENT)
        .put("/v1/agents/during-outage")
        .then();
  }
}
