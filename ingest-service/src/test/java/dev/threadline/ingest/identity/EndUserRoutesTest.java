package dev.threadline.ingest.identity;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;

import dev.threadline.ingest.ClusterResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * An end user's token is closed out of every route not shown to keep users apart: a 403 before the
 * route runs, whether the token comes as a bearer or in {@code x-api-key}; an admin's token and the
 * tenant's key pass; a token that cannot be taken is a 401 saying why. (Users kept apart on the
 * routes open to them: EndUsersAcceptance, on a stack, with a real OpenID provider.)
 */
@QuarkusTest
@QuarkusTestResource(ClusterResource.class)
@TestProfile(EndUserRoutesTest.WithIssuer.class)
class EndUserRoutesTest {
  static final TestIssuer ISSUER = start();

  private static TestIssuer start() {
    try {
      return TestIssuer.shared();
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  /** The app taking the test issuer's tokens, for tenant-a's users. */
  public static final class WithIssuer implements QuarkusTestProfile {
    @Override
    public Map<String, String> getConfigOverrides() {
      return Map.of(
          "threadline.auth.oidc.issuer", ISSUER.url(),
          "threadline.auth.oidc.audience", "threadline",
          "threadline.ratelimit.user.per.second", "1",
          "threadline.ratelimit.user.burst", "5");
    }
  }

  @Test
  void anEndUsersTokenIsForbiddenOnARouteNotOpenToEndUsers() throws Exception {
    String ada = ISSUER.token("tenant-a", "ada");
    given()
        .header("Authorization", "Bearer " + ada)
        .get("/v1/agents")
        .then()
        .statusCode(403)
        .body("detail", containsString("GET /v1/agents"));
    given().header("x-api-key", ada).get("/v1/agents").then().statusCode(403);
    given()
        .header("Authorization", "Bearer " + ada)
        .contentType("application/json")
        .body("{\"namespace\": [\"a\"], \"key\": \"k\", \"value\": {}}")
        .put("/store/items")
        .then()
        .statusCode(403);
    given().header("Authorization", "Bearer " + ada).get("/info").then().statusCode(200);
  }

  /**
   * A thread's files are open to its user (an attachment for a chat): the route is not closed to
   * the token, and the thread's owner decides — here no projector answers the owner check, so the
   * route cannot say more than that it is unavailable. (a user's files kept from another's on a
   * stack: EndUsersAcceptance.)
   */
  @Test
  void theFilesRoutesAreNotClosedToAnEndUsersToken() throws Exception {
    // A user of their own: each user's rate is theirs, and the other tests spend ada's.
    String cy = "Bearer " + ISSUER.token("tenant-a", "cy");
    given()
        .header("Authorization", cy)
        .get("/v1/threads/no-such/files")
        .then()
        .statusCode(org.hamcrest.Matchers.not(403));
    given()
        .header("Authorization", cy)
        .contentType("text/plain")
        .body("hi")
        .post("/v1/threads/no-such/files?path=/attachments/a.txt")
        .then()
        .statusCode(org.hamcrest.Matchers.not(403));
  }

  /**
   * A user's store items live under a namespace labelled with their id: under it a request goes on
   * to the store's own rules (here a value that is no object: 422), under another user's it is a
   * 403 — writes, reads, searches and listings alike. (Items written and read back, and a search
   * holding a user's own alone: EndUsersAcceptance, on a stack.)
   */
  @Test
  void anEndUserReachesTheStoreUnderTheirOwnNamespaceOnly() throws Exception {
    String gus = "Bearer " + ISSUER.token("tenant-a", "gus");
    given()
        .header("Authorization", gus)
        .contentType("application/json")
        .body("{\"namespace\": [\"gus\", \"prefs\"], \"key\": \"k\", \"value\": [1]}")
        .put("/store/items")
        .then()
        .statusCode(422);
    given()
        .header("Authorization", gus)
        .contentType("application/json")
        .body("{\"namespace\": [\"hal\", \"prefs\"], \"key\": \"k\", \"value\": {}}")
        .put("/store/items")
        .then()
        .statusCode(403)
        .body("detail", containsString("\"gus\""));
    given()
        .header("Authorization", gus)
        .get("/store/items?namespace=hal.prefs&key=k")
        .then()
        .statusCode(403);
    String ivy = "Bearer " + ISSUER.token("tenant-a", "ivy");
    given()
        .header("Authorization", ivy)
        .contentType("application/json")
        .body("{\"namespace_prefix\": [\"hal\"]}")
        .post("/store/items/search")
        .then()
        .statusCode(403);
    given()
        .header("Authorization", ivy)
        .contentType("application/json")
        .body("{\"prefix\": [\"hal\"]}")
        .post("/store/namespaces")
        .then()
        .statusCode(403);
  }

  @Test
  void anAdminsTokenAndTheTenantsKeyReachTheTenantsRoutes() throws Exception {
    String root =
        ISSUER.token(
            TestIssuer.claims(
                ISSUER.url(), "threadline", "tenant-a", "root", 5, List.of("threadline-admin")));
    given().header("Authorization", "Bearer " + root).get("/v1/agents").then().statusCode(200);
    given().header("Authorization", "Bearer key-a").get("/v1/agents").then().statusCode(200);
  }

  /** One user's flood spends their own rate, not the tenant's: others of the tenant go on. */
  @Test
  void anEndUserIsHeldToARateOfTheirOwn() throws Exception {
    String eve = "Bearer " + ISSUER.token("tenant-a", "eve");
    // However slow the machine, a burst of 5 at 1 a second runs out within 100 requests.
    io.restassured.response.Response refused = null;
    for (int i = 0; i < 100 && refused == null; i++) {
      var answer = given().header("Authorization", eve).get("/info");
      refused = answer.statusCode() == 429 ? answer : null;
    }
    org.assertj.core.api.Assertions.assertThat(refused).as("refused past the burst").isNotNull();
    refused
        .then()
        .header("Retry-After", org.hamcrest.Matchers.notNullValue())
        .body("detail", containsString("from you"));
    given()
        .header("Authorization", "Bearer " + ISSUER.token("tenant-a", "fay"))
        .get("/info")
        .then()
        .statusCode(200);
    given().header("Authorization", "Bearer key-a").get("/v1/agents").then().statusCode(200);
  }

  @Test
  void aTokenThatCannotBeTakenIsA401SayingWhy() throws Exception {
    String expired =
        ISSUER.token(
            TestIssuer.claims(ISSUER.url(), "threadline", "tenant-a", "ada", -5, List.of()));
    given()
        .header("Authorization", "Bearer " + expired)
        .get("/threads/t-1")
        .then()
        .statusCode(401)
        .body("detail", containsString("expired"));
  }
}
