package dev.threadline.ingest;

import static dev.threadline.ingest.Door.as;
import static dev.threadline.ingest.Door.get;
import static dev.threadline.ingest.Door.post;
import static dev.threadline.ingest.Door.put;
import static dev.threadline.ingest.Door.unprocessable;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;

import dev.threadline.ingest.http.UnexpectedFailures;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.ws.rs.core.Response;
import org.junit.jupiter.api.Test;

/** The door as an attacker meets it. */
@QuarkusTest
@QuarkusTestResource(ClusterResource.class)
class IngestHardeningTest {
  private static final String AGENT =
      "{\"model\": {\"provider\": \"scripted\", \"script\": [{\"text\":\"done\"}]}}";

  private String newThread() {
    put("key-a", "/v1/agents/hardened", AGENT).statusCode(200);
    return post("key-a", "/v1/threads", "{\"agent\":\"hardened\"}")
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
        .spec(unprocessable("Idempotency-Key"))
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
      post("key-a", url, "{" + when + ", \"message\": \"later\"}")
          .statusCode(400)
          .body("detail", containsString("threadline.limits.effect.horizon.seconds"));
    }
    post("key-a", url, "{\"delaySeconds\": 60, \"message\": \"later\"}").statusCode(202);
  }

  @Test
  void aKeyThatIsAPrefixOrExtensionOfAValidKeyIsRefused() {
    for (String key : new String[] {"key-", "key-aa", "KEY-A", " key-a x", ""}) {
      get(key, "/v1/agents/hardened").statusCode(401);
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
