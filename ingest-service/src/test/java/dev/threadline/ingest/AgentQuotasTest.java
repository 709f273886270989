package dev.threadline.ingest;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.specification.RequestSpecification;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Issue 22 item 11: a tenant's agents are bounded in number and size, so the agent view every
 * ingest instance holds is too. Small quotas here: 3 agents of at most 2,000 bytes.
 */
@QuarkusTest
@QuarkusTestResource(ClusterResource.class)
@TestProfile(AgentQuotasTest.SmallQuotas.class)
class AgentQuotasTest {
  public static final class SmallQuotas implements QuarkusTestProfile {
    @Override
    public Map<String, String> getConfigOverrides() {
      return Map.of(
          "threadline.limits.agents.per.tenant", "3",
          "threadline.limits.agent.bytes", "2000");
    }
  }

  private static final String AGENT =
      "{\"model\": {\"provider\": \"scripted\", \"script\": [{\"text\":\"done\"}]}}";

  private static RequestSpecification as(String key) {
    return given().header("Authorization", "Bearer " + key).contentType("application/json");
  }

  @Test
  void aTenantAtItsAgentQuotaMayRedefineOrDeleteButNotAddOne() {
    for (String name : new String[] {"q-1", "q-2", "q-3"}) {
      as("key-b").body(AGENT).put("/v1/agents/" + name).then().statusCode(200);
    }

    as("key-b")
        .body(AGENT)
        .put("/v1/agents/q-4")
        .then()
        .statusCode(422)
        .body("errors[0].field", equalTo("name"))
        .body("detail", containsString("threadline.limits.agents.per.tenant"));
    as("key-b").body(AGENT).put("/v1/agents/q-2").then().statusCode(200);
    as("key-b").delete("/v1/agents/q-3").then().statusCode(204);
    as("key-b").get("/v1/agents/q-3").then().statusCode(404);
    as("key-b").body(AGENT).put("/v1/agents/q-4").then().statusCode(200);
  }

  @Test
  void anAgentDefinitionOverTheByteLimitIs413NamingIt() {
    String prompt = "p".repeat(2_100);
    as("key-a")
        .body(
            "{\"model\": {\"provider\": \"scripted\", \"script\": []}, \"systemPrompt\": \""
                + prompt
                + "\"}")
        .put("/v1/agents/verbose")
        .then()
        .statusCode(413)
        .body("detail", containsString("threadline.limits.agent.bytes"));
  }
}
