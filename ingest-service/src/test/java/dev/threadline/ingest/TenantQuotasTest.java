package dev.threadline.ingest;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import dev.threadline.avro.TenantThreads;
import dev.threadline.testkit.ThreadlineCluster;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.specification.RequestSpecification;
import java.time.Instant;
import java.util.Map;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;

/**
 * A tenant's agents are bounded in number and size, so the agent view every ingest instance holds
 * is too, and its live threads in number. Small quotas here: 3 agents of at most 2,000 bytes, 2
 * live threads, 5,000 bytes of definitions, 3 requests at once and 1 a second for tenant-r1; 3
 * files a thread and 20,000 bytes of files a tenant ({@link FileQuotasTest}).
 */
@QuarkusTest
@QuarkusTestResource(ClusterResource.class)
@TestProfile(TenantQuotasTest.SmallQuotas.class)
class TenantQuotasTest {
  public static final class SmallQuotas implements QuarkusTestProfile {
    @Override
    public Map<String, String> getConfigOverrides() {
      return Map.of(
          "threadline.limits.agents.per.tenant", "3",
          "threadline.limits.agent.bytes", "2000",
          "threadline.limits.threads.per.tenant", "2",
          "threadline.files.per.thread", "3",
          "threadline.files.bytes.per.tenant", "20000",
          "threadline.limits.definitions.bytes.per.tenant", "5000",
          "threadline.ratelimit.tenant.tenant-r1.per.second", "1",
          "threadline.ratelimit.tenant.tenant-r1.burst", "3");
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
      as("key-q1").body(AGENT).put("/v1/agents/" + name).then().statusCode(200);
    }

    as("key-q1")
        .body(AGENT)
        .put("/v1/agents/q-4")
        .then()
        .statusCode(422)
        .body("errors[0].field", equalTo("name"))
        .body("detail", containsString("threadline.limits.agents.per.tenant"));
    as("key-q1").body(AGENT).put("/v1/agents/q-2").then().statusCode(200);
    as("key-q1").delete("/v1/agents/q-3").then().statusCode(204);
    as("key-q1").get("/v1/agents/q-3").then().statusCode(404);
    as("key-q1").body(AGENT).put("/v1/agents/q-4").then().statusCode(200);
  }

  /** What the ingest holds of a tenant's definitions is bounded in bytes, not only in number. */
  @Test
  void definitionsPastTheTenantsBytesAre413NamingTheQuotaAndNotKept() {
    String agent =
        "{\"model\": {\"provider\": \"scripted\", \"script\": []}, \"systemPrompt\": \""
            + "p".repeat(1_800)
            + "\"}";
    as("key-d1").body(agent).put("/v1/agents/d-1").then().statusCode(200);
    as("key-d1").body(agent).put("/v1/agents/d-2").then().statusCode(200);

    as("key-d1")
        .body(agent)
        .put("/v1/agents/d-3")
        .then()
        .statusCode(413)
        .body("detail", containsString("threadline.limits.definitions.bytes.per.tenant"));
    as("key-d1").get("/v1/agents/d-3").then().statusCode(404);
    as("key-d1").delete("/v1/agents/d-1").then().statusCode(204);
    as("key-d1").body(agent).put("/v1/agents/d-3").then().statusCode(200);
  }

  /** One tenant's flood is refused before it does any work; the others are served as before. */
  @Test
  void aTenantPastItsRequestRateIs429WithRetryAfterAndAnotherTenantIsServed() {
    // A burst of 3, one more a second: past the burst a request meets the limit, however slowly
    // a loaded machine sends them (50 requests would need 47 seconds to pass).
    io.restassured.response.Response answer = null;
    for (int i = 0; i < 50 && (answer == null || answer.statusCode() != 429); i++) {
      answer = as("key-r1").get("/v1/agents");
    }
    answer
        .then()
        .statusCode(429)
        .header("Retry-After", "1")
        .contentType(Problem.MEDIA_TYPE)
        .body("detail", containsString("threadline.ratelimit.per.second"));
    as("key-q1").get("/v1/agents").then().statusCode(200);
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

  @Test
  void aTenantRunningItsQuotaOfThreadsCannotStartAnotherButMayCreateIdleOnes() throws Exception {
    as("key-q3").body(AGENT).put("/v1/agents/quota-other").then().statusCode(200);
    as("key-q2").body(AGENT).put("/v1/agents/quota-b").then().statusCode(200);
    var topic = ClusterResource.topics().tenantThreads();
    try (var producer =
        new KafkaProducer<>(
            java.util.Map.<String, Object>of(
                "bootstrap.servers", ThreadlineCluster.shared().bootstrapServers()),
            new StringSerializer(),
            topic.valueSerde().serializer())) {
      producer.send(
          new ProducerRecord<>(
              topic.name(),
              "tenant-q2/0",
              new TenantThreads("tenant-q2", 0, 9L, 1L, Instant.now())));
      producer.send(
          new ProducerRecord<>(
              topic.name(),
              "tenant-q2/1",
              new TenantThreads("tenant-q2", 1, 9L, 1L, Instant.now())));
    }

    long deadline = System.nanoTime() + 30_000_000_000L;
    int status;
    do {
      Thread.sleep(100);
      status =
          as("key-q2")
              .body("{\"agent\":\"quota-b\", \"message\":\"go\"}")
              .post("/v1/threads")
              .then()
              .extract()
              .statusCode();
    } while (status != 429 && System.nanoTime() < deadline);

    as("key-q2")
        .body("{\"agent\":\"quota-b\", \"message\":\"go\"}")
        .post("/v1/threads")
        .then()
        .statusCode(429)
        .body("detail", containsString("2 threads running"))
        .body("detail", containsString("threadline.limits.threads.per.tenant"));
    // An idle conversation costs nobody's running work: it may be created at any count.
    as("key-q2").body("{\"agent\":\"quota-b\"}").post("/v1/threads").then().statusCode(201);
    as("key-q3")
        .body("{\"agent\":\"quota-other\", \"message\":\"go\"}")
        .post("/v1/threads")
        .then()
        .statusCode(201);
  }
}
