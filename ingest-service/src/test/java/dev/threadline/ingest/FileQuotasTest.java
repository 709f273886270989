package dev.threadline.ingest;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.response.ValidatableResponse;
import org.junit.jupiter.api.Test;

/**
 * What a thread and a tenant may keep in the shared files folder, with the small quotas of {@link
 * TenantQuotasTest.SmallQuotas}: 3 files a thread, 20,000 bytes a tenant. A refusal is problem
 * details naming the setting; nothing of a refused file is kept; a delete makes room.
 */
@QuarkusTest
@QuarkusTestResource(ClusterResource.class)
@TestProfile(TenantQuotasTest.SmallQuotas.class)
class FileQuotasTest {
  private static ValidatableResponse upload(String key, String thread, String name, int bytes) {
    return given()
        .header("Authorization", "Bearer " + key)
        .contentType("application/octet-stream")
        .body(new byte[bytes])
        .post("/v1/threads/" + thread + "/files?path=/attachments/" + name)
        .then();
  }

  @Test
  void aThreadAtItsFileCountIsRefusedNamingItUntilAFileIsDeleted() {
    for (String name : new String[] {"a", "b", "c"}) {
      upload("key-f1", "q-files", name, 10).statusCode(201);
    }

    upload("key-f1", "q-files", "d", 10)
        .statusCode(413)
        .contentType(Problem.MEDIA_TYPE)
        .body("detail", containsString("threadline.files.per.thread"));
    upload("key-f1", "q-files", "b", 20).statusCode(201);

    given()
        .header("Authorization", "Bearer key-f1")
        .delete("/v1/threads/q-files/files/attachments/a")
        .then()
        .statusCode(204);
    upload("key-f1", "q-files", "d", 10).statusCode(201);
  }

  @Test
  void aFileOverTheTenantsRoomLeftIsRefusedNamingTheQuotaAndNotKept() {
    upload("key-f2", "q-big-1", "a", 15_000).statusCode(201);

    upload("key-f2", "q-big-2", "a", 10_000)
        .statusCode(413)
        .body("detail", containsString("threadline.files.bytes.per.tenant"));
    given()
        .header("Authorization", "Bearer key-f2")
        .get("/v1/threads/q-big-2/files")
        .then()
        .body("files.size()", equalTo(0));
    upload("key-f2", "q-big-2", "a", 5_000).statusCode(201);
  }
}
