package dev.threadline.ingest;

import static dev.threadline.ingest.Door.post;
import static dev.threadline.ingest.Door.put;
import static dev.threadline.ingest.Door.unprocessable;
import static org.hamcrest.Matchers.containsString;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A request body is taken as its documented type or refused naming the field (422): nothing is
 * coerced, dropped or ignored on the way to a command.
 */
@QuarkusTest
@QuarkusTestResource(ClusterResource.class)
class StrictBodiesTest {

  @BeforeEach
  void anAgent() {
    put(
            "key-a",
            "/v1/agents/strict",
            "{\"model\": {\"provider\": \"scripted\", \"script\": [{\"text\": \"ok\"}]}}")
        .statusCode(200);
  }

  private static void refused(String path, String body, String field, String message) {
    post("key-a", path, body)
        .spec(unprocessable(field))
        .body("errors[0].message", containsString(message));
  }

  @Test
  void aNumberWhereTextBelongsIsRefusedNotTurnedIntoText() {
    refused("/v1/threads", "{\"agent\": 5}", "agent", "text");
    refused("/v1/threads/strict-1/tools", "{\"name\": 7}", "name", "text");
  }

  @Test
  void metadataThatIsNotAnObjectOfTextIsRefusedNotDropped() {
    refused("/v1/threads", "{\"agent\": \"strict\", \"metadata\": \"x\"}", "metadata", "object");
    refused(
        "/v1/threads", "{\"agent\": \"strict\", \"metadata\": {\"k\": 5}}", "metadata.k", "text");
  }

  @Test
  void aFieldTheBodyDoesNotHaveIsRefusedNamingWhatItHas() {
    refused("/v1/threads", "{\"agent\": \"strict\", \"mesage\": \"hi\"}", "mesage", "message");
    refused(
        "/v1/threads/strict-1/effects",
        "{\"delaySeconds\": 5, \"tool\": {\"name\": \"echo\", \"args\": {}}}",
        "tool.args",
        "arguments");
  }

  @Test
  void wrongTypesOfAToolsApprovalsAndEffectsFieldsAreRefused() {
    refused(
        "/v1/threads/strict-1/tools",
        "{\"name\": \"echo\", \"arguments\": [1]}",
        "arguments",
        "object");
    refused(
        "/v1/threads/strict-1/approvals/c1", "{\"approve\": \"yes\"}", "approve", "true or false");
    refused(
        "/v1/threads/strict-1/approvals/c1",
        "{\"approve\": true, \"epoch\": 1.5}",
        "epoch",
        "whole number");
    refused(
        "/v1/threads/strict-1/effects",
        "{\"delaySeconds\": \"5\", \"message\": \"hi\"}",
        "delaySeconds",
        "whole number");
    refused(
        "/v1/threads/strict-1/effects",
        "{\"delaySeconds\": -1, \"message\": \"hi\"}",
        "delaySeconds",
        "at least 0");
  }

  @Test
  void wellTypedBodiesStillPass() {
    post(
            "key-a",
            "/v1/threads",
            "{\"agent\": \"strict\", \"metadata\": {\"k\": \"v\"}, \"message\": \"hi\"}")
        .statusCode(201);
    post("key-a", "/v1/threads/strict-1/tools", "{\"name\": \"echo\", \"arguments\": {\"n\": 1}}")
        .statusCode(202);
  }
}
