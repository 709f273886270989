package dev.threadline.ingest;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

/**
 * The LangGraph Agent Server's {@code /info} and {@code /ok} answer without a key, as LangGraph's
 * own do: Agent Chat UI asks {@code /info} before anything else and will not connect without it.
 */
@QuarkusTest
@QuarkusTestResource(ClusterResource.class)
class AgentServerInfoTest {
  @Test
  void infoNamesTheServerAndItsFlagsWithoutAKey() {
    given()
        .get("/info")
        .then()
        .statusCode(200)
        .body("flags.assistants", equalTo(true))
        .body("flags.crons", equalTo(true))
        .body("host.kind", equalTo("self-hosted"));
  }

  @Test
  void okIsOk() {
    given().get("/ok").then().statusCode(200).body("ok", equalTo(true));
  }
}
