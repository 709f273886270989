package dev.threadline.ingest;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import dev.threadline.avro.SetValue;
import dev.threadline.avro.ThreadCommand;
import dev.threadline.config.KvLimits;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.specification.RequestSpecification;
import java.util.List;
import org.junit.jupiter.api.Test;

/** KV over HTTP, the write side: PUT and DELETE become SetValue commands. */
@QuarkusTest
@QuarkusTestResource(ClusterResource.class)
class ThreadValuesApiTest {
  private static RequestSpecification as(String key) {
    return given().header("Authorization", "Bearer " + key).contentType("application/json");
  }

  private static List<Object> payloads(String threadId, int atLeast) {
    return CommandTopic.commands(ClusterResource.topics(), threadId, atLeast).stream()
        .map(ThreadCommand::getPayload)
        .toList();
  }

  @Test
  void putAndDeleteBecomeSetValueCommandsOfTheThread() {
    as("key-a")
        .body("{\"name\": \"teal\", \"rgb\": [0, 128, 128]}")
        .put("/v1/threads/kv-1/values/color")
        .then()
        .statusCode(202);
    as("key-a").delete("/v1/threads/kv-1/values/color").then().statusCode(202);

    assertThat(payloads("kv-1", 2))
        .containsExactly(
            new SetValue("color", "{\"name\":\"teal\",\"rgb\":[0,128,128]}"),
            new SetValue("color", null));
  }

  @Test
  void aKeyOrValueOverTheToolsCapsIsRefusedAndNothingIsWritten() {
    as("key-a")
        .body("1")
        .put("/v1/threads/kv-2/values/" + "k".repeat(KvLimits.MAX_KEY_CHARS + 1))
        .then()
        .statusCode(422)
        .body("errors[0].field", equalTo("key"))
        .body("detail", containsString("the key limit is 256"));
    as("key-a")
        .body("\"" + "v".repeat(KvLimits.MAX_VALUE_CHARS) + "\"")
        .put("/v1/threads/kv-2/values/big")
        .then()
        .statusCode(413)
        .body("detail", containsString("the value limit is 65536"));
    as("key-a").body("{not json").put("/v1/threads/kv-2/values/broken").then().statusCode(400);

    assertThat(payloads("kv-2", 0)).isEmpty();
  }
}
