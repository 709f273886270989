package dev.threadline.ingest;

import static dev.threadline.ingest.Door.as;
import static dev.threadline.ingest.Door.delete;
import static dev.threadline.ingest.Door.put;
import static dev.threadline.ingest.Door.unprocessable;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;

import dev.threadline.avro.SetValue;
import dev.threadline.avro.ThreadCommand;
import dev.threadline.config.KvLimits;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.util.List;
import org.junit.jupiter.api.Test;

/** KV over HTTP, the write side: PUT and DELETE become SetValue commands. */
@QuarkusTest
@QuarkusTestResource(ClusterResource.class)
class ThreadValuesApiTest {

  private static List<Object> payloads(String threadId, int atLeast) {
    return CommandTopic.commands(ClusterResource.topics(), threadId, atLeast).stream()
        .map(ThreadCommand::getPayload)
        .toList();
  }

  @Test
  void putAndDeleteBecomeSetValueCommandsOfTheThread() {
    put("key-a", "/v1/threads/kv-1/values/color", "{\"name\": \"teal\", \"rgb\": [0, 128, 128]}")
        .statusCode(202);
    delete("key-a", "/v1/threads/kv-1/values/color").statusCode(202);

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
        .spec(unprocessable("key"))
        .body("detail", containsString("the key limit is 256"));
    put("key-a", "/v1/threads/kv-2/values/big", "\"" + "v".repeat(KvLimits.MAX_VALUE_CHARS) + "\"")
        .statusCode(413)
        .body("detail", containsString("the value limit is 65536"));
    put("key-a", "/v1/threads/kv-2/values/broken", "{not json").statusCode(400);

    assertThat(payloads("kv-2", 0)).isEmpty();
  }
}
