package dev.threadline.ingest;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.specification.RequestSpecification;
import jakarta.ws.rs.core.Response;
import org.junit.jupiter.api.Test;

/** The door as an attacker meets it. */
@QuarkusTest
@QuarkusTestResource(ClusterResource.class)
class IngestHardeningTest {
  private static final String AGENT =
      "{\"model\": {\"provider\": \"scripted\", \"script\": [{\"text\":\"done\"}]}}";

  private static RequestSpecification as(String key) {
    return given().header("Authorization", "Bearer " + key).contentType("application/json");
  }

  private String newThread() {
    as("key-a").body(AGENT).put("/v1/agents/hardened").then().statusCode(200);
    return as("key-a")
        .body("{\"agent\":\"hardened\"}")
        .post("/v1/threads")
        .then()
        .statusCode(201)
        .extract()
        .path("threadId");
  }

  @Test
  void anIdempotencyKeyReusedWithADifferentBodyIsRefusedWith422() {
    String url = "/v1/threads/" + newThread() + "/messages";
    as("key-a")
        .header("Idempotency-Key", "reused-1")
        .body("{\"text\":\"first\"}")
        .post(url)
        .then()
        .statusCode(202);

    as("key-a")
        .header("Idempotency-Key", "reused-1")
        .body("{\"text\":\"something else\"}")
        .post(url)
        .then()
        .statusCode(422)
        .body("errors[0].field", equalTo("Idempotency-Key"))
        .body("detail", containsString("new key"));
  }

  @Test
  void anEffectOutsideTheTimeHorizonIs400NamingTheLimit() {
    String url = "/v1/threads/" + newThread() + "/effects";
    for (String when :
        new String[] {
          "\"at\": \"9999-12-31T00:00:00Z\"",
          "\"at\": \"0001-01-01T00:00:00Z\"",
          "\"delaySeconds\": 9223372036854775807",
          "\"delaySeconds\": 40000000"
        }) {
      as("key-a")
          .body("{" + when + ", \"message\": \"later\"}")
          .post(url)
          .then()
          .statusCode(400)
          .body("detail", containsString("threadline.limits.effect.horizon.seconds"));
    }
    as("key-a")
        .body("{\"delaySeconds\": 60, \"message\": \"later\"}")
        .post(url)
        .then()
        .statusCode(202);
  }

  @Test
  void aKeyThatIsAPrefixOrExtensionOfAValidKeyIsRefused() {
    for (String key : new String[] {"key-", "key-aa", "KEY-A", " key-a x", ""}) {
      as(key).get("/v1/agents/hardened").then().statusCode(401);
    }
  }

  @Test
  void anUnexpectedFailureIsA500ThatSaysNothingOfItsCause() {
    Response response =
        new UnexpectedFailures()
            .toResponse(new IllegalStateException("secret at /srv/threadline/keys.txt"));

    assertThat(response.getStatus()).isEqualTo(500);
    Problem problem = (Problem) response.getEntity();
    assertThat(problem.detail())
        .doesNotContain("secret")
        .doesNotContain("IllegalStateException")
        .contains("reference");
  }

  @Test
  void aRequestTheFrameworkRefusesKeepsItsStatus() {
    Response response =
        new UnexpectedFailures().toResponse(new jakarta.ws.rs.NotAllowedException("GET"));

    assertThat(response.getStatus()).isEqualTo(405);
  }
}
