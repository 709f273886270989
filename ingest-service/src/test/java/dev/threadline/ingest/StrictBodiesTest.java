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
  void aMessageIsTakenAsItsTypeNotCoercedOrIgnored() {
    refused(
        "/v1/threads/strict-1/messages",
        "{\"text\": \"hi\", \"meta\": {\"k\": 5}}",
        "meta.k",
        "text");
    refused("/v1/threads/strict-1/messages", "{\"text\": \"hi\", \"mode\": 1}", "mode", "text");
    refused("/v1/threads/strict-1/messages", "{\"text\": \"hi\", \"txet\": \"x\"}", "txet", "text");
    refused(
        "/v1/threads/strict-1/messages",
        "{\"text\": \"hi\", \"attachments\": [{\"path\": \"/attachments/a\", \"sizeBytes\": \"9\"}]}",
        "attachments[0].sizeBytes",
        "whole number");
    refused("/v1/threads/strict-1/runs", "{\"text\": \"hi\", \"stream\": true}", "stream", "mode");
    refused(
        "/v1/threads",
        "{\"agent\": \"strict\", \"message\": {\"text\": \"hi\", \"mode\": \"queue\"}}",
        "message.mode",
        "text");
    refused(
        "/v1/threads",
        "{\"agent\": \"strict\", \"message\": 5}",
        "message",
        "text or a JSON object");
  }

  @Test
  void anAgentDefinitionIsTakenAsItsTypeNotCoercedOrIgnored() {
    String model = "\"model\": {\"provider\": \"scripted\"}";
    defined("{" + model + ", \"systemPrompt\": 5}", "systemPrompt", "text");
    defined("{" + model + ", \"sytemPrompt\": \"x\"}", "sytemPrompt", "systemPrompt");
    defined(
        "{" + model + ", \"stop\": {\"stopOnResponse\": \"no\"}}",
        "stop.stopOnResponse",
        "true or false");
    defined("{" + model + ", \"stop\": {\"maxStep\": 3}}", "stop.maxStep", "maxSteps");
    defined(
        "{" + model + ", \"tools\": [{\"name\": \"t\", \"description\": 1}]}",
        "tools[0].description",
        "text");
    defined(
        "{\"model\": {\"provider\": \"scripted\", \"temprature\": 0.2}}",
        "model.temprature",
        "provider");
    defined("{" + model + ", \"group\": 3}", "group", "text");
    defined(
        "{" + model + ", \"stop\": {\"maxSteps\": 3000000000}}", "stop.maxSteps", "whole number");
    put("key-a", "/v1/models/typed", "{\"provider\": \"scripted\", \"stream\": \"yes\"}")
        .spec(unprocessable("stream"));
    put("key-a", "/v1/prompts/typed", "{\"prompt\": \"p\", \"includeChat\": 1}")
        .spec(unprocessable("includeChat"));
    defined(
        "{"
            + model
            + ", \"subagents\": [{\"name\": \"s\", \"agent\": \"strict\", \"maxInstances\": \"2\"}]}",
        "subagents[0].maxInstances",
        "whole number");
  }

  @Test
  void aRoundTripOfAnAgentAsGetShowsItIsAccepted() {
    String shown = Door.get("key-a", "/v1/agents/strict").statusCode(200).extract().asString();
    put("key-a", "/v1/agents/strict", shown).statusCode(200);
    put("key-a", "/v1/models/strict-model", "{\"provider\": \"scripted\", \"script\": []}")
        .statusCode(200);
    put("key-a", "/v1/agents/strict-named", "{\"model\": \"strict-model\"}").statusCode(200);
    String named = Door.get("key-a", "/v1/agents/strict-named").extract().asString();
    put("key-a", "/v1/agents/strict-named", named)
        .statusCode(200)
        .body("written", org.hamcrest.Matchers.nullValue());
  }

  private static void defined(String body, String field, String message) {
    put("key-a", "/v1/agents/strict-typed", body)
        .spec(unprocessable(field))
        .body("errors[0].message", containsString(message));
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
