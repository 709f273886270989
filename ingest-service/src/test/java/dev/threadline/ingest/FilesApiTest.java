package dev.threadline.ingest;

import static dev.threadline.ingest.Door.as;
import static dev.threadline.ingest.Door.delete;
import static dev.threadline.ingest.Door.get;
import static dev.threadline.ingest.Door.unprocessable;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.specification.RequestSpecification;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A thread's files over HTTP: upload, list, download, per tenant, capped. */
@QuarkusTest
@QuarkusTestResource(ClusterResource.class)
class FilesApiTest {
  private static final byte[] PNG = {(byte) 0x89, 'P', 'N', 'G', 13, 10, 26, 10, 0, 0, 0, 13};

  @TestHTTPResource("/")
  java.net.URL root;

  private static RequestSpecification as(String key) {
    return given().header("Authorization", "Bearer " + key);
  }

  @Test
  void anUploadedFileKeepsItsContentTypeAndIsListedAndDownloaded() {
    as("key-a")
        .contentType("image/png")
        .body(PNG)
        .post("/v1/threads/files-1/files?path=/attachments/photo.png")
        .then()
        .statusCode(201)
        .body("path", equalTo("/attachments/photo.png"))
        .body("contentType", equalTo("image/png"))
        .body("bytes", equalTo(PNG.length));

    get("key-a", "/v1/threads/files-1/files")
        .statusCode(200)
        .body("files.path", hasItem("/attachments/photo.png"));
    byte[] downloaded =
        get("key-a", "/v1/threads/files-1/files/attachments/photo.png")
            .statusCode(200)
            .contentType("image/png")
            .extract()
            .asByteArray();
    assertThat(downloaded).isEqualTo(PNG);
  }

  @Test
  void anotherTenantSeesNoneOfTheThreadsFiles() {
    as("key-a")
        .contentType("text/plain")
        .body("mine")
        .post("/v1/threads/files-2/files?path=/attachments/notes.txt")
        .then()
        .statusCode(201);

    get("key-b", "/v1/threads/files-2/files").statusCode(200).body("files.size()", equalTo(0));
    get("key-b", "/v1/threads/files-2/files/attachments/notes.txt").statusCode(404);
  }

  @Test
  void aPathOutsideTheAttachmentsOrAFileOverTheCapIsRefused() {
    as("key-a")
        .contentType("text/plain")
        .body("x")
        .post("/v1/threads/files-3/files?path=/attachments/../../other/x")
        .then()
        .spec(unprocessable("path"));
    as("key-a")
        .contentType("text/plain")
        .body("x")
        .post("/v1/threads/files-3/files?path=/etc/passwd")
        .then()
        .statusCode(422);
    as("key-a")
        .contentType("application/octet-stream")
        .body(new byte[100_001])
        .post("/v1/threads/files-3/files?path=/attachments/big.bin")
        .then()
        .statusCode(413);
    get("key-a", "/v1/threads/files-3/files").body("files.size()", equalTo(0));
  }

  /**
   * A path is checked as it is written, before anything resolves it: no segment may climb out of
   * {@code /attachments/} and come back elsewhere, and no name may hold what another system reads
   * as a separator or a control.
   */
  @Test
  void aPathThatLeavesTheAttachmentsOrHoldsASeparatorOrControlIsRefusedAndNothingStored() {
    for (String path :
        List.of(
            "/attachments/../x.txt",
            "/attachments/./x.txt",
            "/attachments//x.txt",
            "/attachments/a\\b.txt",
            "/attachments/a\nb.txt",
            "/attachments/")) {
      as("key-a")
          .contentType("text/plain")
          .body("x")
          .queryParam("path", path)
          .post("/v1/threads/files-5/files")
          .then()
          .spec(unprocessable("path"));
    }
    get("key-a", "/v1/threads/files-5/files").body("files.size()", equalTo(0));
  }

  /**
   * Over the HTTP layer's own limit, the answer is still problem details naming the limit, read
   * before any of the body is sent by a client that asks first (as curl does for large bodies).
   */
  @Test
  void anUploadOverTheHttpLayersLimitIsAProblemNamingTheLimit() throws Exception {
    var request =
        java.net.http.HttpRequest.newBuilder(
                root.toURI().resolve("/v1/threads/files-6/files?path=/attachments/big.bin"))
            .header("Authorization", "Bearer key-a")
            .header("Content-Type", "application/octet-stream")
            .expectContinue(true)
            .POST(java.net.http.HttpRequest.BodyPublishers.ofByteArray(new byte[9 << 20]))
            .build();
    try (var client =
        java.net.http.HttpClient.newBuilder()
            .version(java.net.http.HttpClient.Version.HTTP_1_1)
            .build()) {
      var response = client.send(request, java.net.http.HttpResponse.BodyHandlers.ofString());
      assertThat(response.statusCode()).isEqualTo(413);
      assertThat(response.headers().firstValue("Content-Type")).contains(Problem.MEDIA_TYPE);
      assertThat(response.body()).contains("threadline.files.max.bytes");
    }
    get("key-a", "/v1/threads/files-6/files").body("files.size()", equalTo(0));
  }

  @Test
  void aDeletedFileIsGoneAndDeletingItAgainIs404() {
    as("key-a")
        .contentType("text/plain")
        .body("x")
        .post("/v1/threads/files-7/files?path=/attachments/x.txt")
        .then()
        .statusCode(201);

    delete("key-a", "/v1/threads/files-7/files/attachments/x.txt").statusCode(204);
    get("key-a", "/v1/threads/files-7/files/attachments/x.txt").statusCode(404);
    delete("key-a", "/v1/threads/files-7/files/attachments/x.txt").statusCode(404);
    get("key-a", "/v1/threads/files-7/files").body("files.size()", equalTo(0));
  }

  @Test
  void aJsonBodyOverOneMebibyteIsStillRefused() {
    as("key-a")
        .contentType("application/json")
        .body("{\"systemPrompt\": \"" + "x".repeat(1_100_000) + "\"}")
        .put("/v1/agents/huge")
        .then()
        .statusCode(413);
  }
}
