package dev.threadline.ingest;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;

import com.sun.net.httpserver.HttpServer;
import dev.threadline.config.ApiKeys;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.response.ValidatableResponse;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * An upload goes only to an existing thread of the caller's, as the projector's read API knows its
 * threads (here a stand-in for it that knows tenant-a's thread "mine"): another tenant's thread and
 * a thread that does not exist are the same 404, and nothing is kept.
 */
@QuarkusTest
@QuarkusTestResource(ClusterResource.class)
@TestProfile(UploadOwnershipTest.WithProjector.class)
class UploadOwnershipTest {
  private static final String TOKEN = "internal-token-for-uploads";
  private static final HttpServer PROJECTOR = projector();

  /**
   * Answers a thread read as the projector does: 200 for tenant-a's "mine", and for its "late" once
   * fenced (created a moment ago, not projected at the first look); else 404, or 503 fenced.
   */
  private static HttpServer projector() {
    return StandInProjector.start(
        server ->
            server.createContext(
                "/v1/threads/",
                exchange -> {
                  String query = exchange.getRequestURI().getRawQuery();
                  String path = exchange.getRequestURI().getPath();
                  boolean tenantA =
                      ApiKeys.parse(null, null)
                          .withInternalToken(TOKEN)
                          .passTenant(
                              exchange.getRequestHeaders().getFirst("Authorization"),
                              java.time.Instant.now())
                          .filter("tenant-a"::equals)
                          .isPresent();
                  boolean known =
                      tenantA
                          && (path.equals("/v1/threads/mine")
                              || path.equals("/v1/threads/late") && "atLeastSeq=1".equals(query));
                  exchange.sendResponseHeaders(known ? 200 : query == null ? 404 : 503, -1);
                  exchange.close();
                }));
  }

  public static final class WithProjector implements QuarkusTestProfile {
    @Override
    public Map<String, String> getConfigOverrides() {
      return StandInProjector.settings(PROJECTOR, TOKEN, Map.of());
    }
  }

  private static ValidatableResponse upload(String key, String thread) {
    return given()
        .header("Authorization", "Bearer " + key)
        .contentType("text/plain")
        .body("hello")
        .post("/v1/threads/" + thread + "/files?path=/attachments/hello.txt")
        .then();
  }

  private static int files(String key, String thread) {
    return given()
        .header("Authorization", "Bearer " + key)
        .get("/v1/threads/" + thread + "/files")
        .then()
        .statusCode(200)
        .extract()
        .path("files.size()");
  }

  @Test
  void anUploadToTheCallersThreadIsKept() {
    upload("key-a", "mine").statusCode(201);

    assertThat(files("key-a", "mine")).isEqualTo(1);
  }

  @Test
  void anUploadToAnotherTenantsThreadIsRefusedAsOneToNoThreadAndNothingIsKept() {
    upload("key-b", "mine")
        .statusCode(404)
        .contentType(Problem.MEDIA_TYPE)
        .body("detail", containsString("no thread mine"));

    assertThat(files("key-b", "mine")).isZero();
  }

  @Test
  void anUploadToAThreadCreatedAMomentAgoWaitsForItsFirstEventToBeProjected() {
    upload("key-a", "late").statusCode(201);
  }

  @Test
  void anUploadToAThreadThatDoesNotExistIsRefused() {
    upload("key-a", "never-created")
        .statusCode(404)
        .body("detail", containsString("no thread never-created"));
  }
}
