package dev.threadline.ingest;

import static dev.threadline.ingest.Door.as;
import static dev.threadline.ingest.Door.delete;
import static dev.threadline.ingest.Door.get;
import static dev.threadline.ingest.Door.post;
import static dev.threadline.ingest.Door.put;
import static dev.threadline.ingest.Door.unprocessable;
import static org.hamcrest.Matchers.containsString;

import dev.threadline.avro.TenantThreads;
import dev.threadline.testkit.ThreadlineCluster;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import java.time.Instant;
import java.util.Map;
import org.apache.kafka.clients.producer.ProducerRecord;
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
      return Map.ofEntries(
          Map.entry("threadline.limits.agents.per.tenant", "3"),
          Map.entry("threadline.limits.agent.bytes", "2000"),
          Map.entry("threadline.limits.threads.per.tenant", "2"),
          Map.entry("threadline.limits.threads.stored.per.tenant", "20"),
          Map.entry("threadline.threads.idle.expiry", "P30D"),
          Map.entry("threadline.limits.threads.bytes.per.tenant", "50000"),
          Map.entry("threadline.files.per.thread", "3"),
          Map.entry("threadline.files.bytes.per.tenant", "20000"),
          Map.entry("threadline.limits.definitions.bytes.per.tenant", "5000"),
          Map.entry("threadline.ratelimit.tenant.tenant-r1.per.second", "1"),
          Map.entry("threadline.ratelimit.tenant.tenant-r1.burst", "3"),
          Map.entry("threadline.ratelimit.tenant.tenant-r2.per.second", "1"),
          Map.entry("threadline.ratelimit.tenant.tenant-r2.burst", "3"),
          Map.entry("threadline.ratelimit.tenant.tenant-l1.per.second", "1"),
          Map.entry("threadline.ratelimit.tenant.tenant-l1.burst", "3"));
    }
  }

  private static final String AGENT =
      "{\"model\": {\"provider\": \"scripted\", \"script\": [{\"text\":\"done\"}]}}";

  @Test
  void aTenantAtItsAgentQuotaMayRedefineOrDeleteButNotAddOne() {
    for (String name : new String[] {"q-1", "q-2", "q-3"}) {
      put("key-q1", "/v1/agents/" + name, AGENT).statusCode(200);
    }

    put("key-q1", "/v1/agents/q-4", AGENT)
        .spec(unprocessable("name"))
        .body("detail", containsString("threadline.limits.agents.per.tenant"));
    put("key-q1", "/v1/agents/q-2", AGENT).statusCode(200);
    delete("key-q1", "/v1/agents/q-3").statusCode(204);
    get("key-q1", "/v1/agents/q-3").statusCode(404);
    put("key-q1", "/v1/agents/q-4", AGENT).statusCode(200);
  }

  /** What the ingest holds of a tenant's definitions is bounded in bytes, not only in number. */
  @Test
  void definitionsPastTheTenantsBytesAre413NamingTheQuotaAndNotKept() {
    String agent =
        "{\"model\": {\"provider\": \"scripted\", \"script\": []}, \"systemPrompt\": \""
            + "p".repeat(1_800)
            + "\"}";
    put("key-d1", "/v1/agents/d-1", agent).statusCode(200);
    put("key-d1", "/v1/agents/d-2", agent).statusCode(200);

    put("key-d1", "/v1/agents/d-3", agent)
        .statusCode(413)
        .body("detail", containsString("threadline.limits.definitions.bytes.per.tenant"));
    get("key-d1", "/v1/agents/d-3").statusCode(404);
    delete("key-d1", "/v1/agents/d-1").statusCode(204);
    put("key-d1", "/v1/agents/d-3", agent).statusCode(200);
  }

  /**
   * Every thread a tenant keeps costs its stores and projection until it is deleted, idle or ended:
   * past the stored-threads quota no thread is created, with or without a message, through either
   * API, and the refusal says how to make room.
   */
  @Test
  void aTenantAtItsStoredThreadsQuotaCreatesNoneUntilItDeletesSome() throws Exception {
    put("key-f1", "/v1/agents/stored", AGENT).statusCode(200);
    publish(new TenantThreads("tenant-f1", 0, 0L, 0L, 20L, 0L, Instant.now()));
    awaitRefused("key-f1", "{\"agent\":\"stored\"}");

    post("key-f1", "/v1/threads", "{\"agent\":\"stored\"}")
        .statusCode(429)
        .body("detail", containsString("you have 20 threads"))
        .body("detail", containsString("threadline.limits.threads.stored.per.tenant"))
        .body("detail", containsString("DELETE /v1/threads/{id}"))
        .body("detail", containsString("a thread idle for P30D is deleted"));
  }

  /** The LangGraph routes are held to the tenant's request rate as the /v1 ones are. */
  @Test
  void theLangGraphRoutesAreHeldToTheTenantsRate() {
    io.restassured.response.Response answer = null;
    for (int i = 0; i < 50 && (answer == null || answer.statusCode() != 429); i++) {
      answer = as("key-l1").body("{}").post("/threads");
    }
    answer.then().statusCode(429).header("Retry-After", "1");
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
    get("key-q1", "/v1/agents").statusCode(200);
  }

  /** The key the SDKs send as {@code x-api-key} names the tenant and meets the same rate. */
  @Test
  void aKeySentAsXApiKeyIsTheTenantsAndHeldToItsRate() {
    io.restassured.response.Response answer = null;
    for (int i = 0; i < 50 && (answer == null || answer.statusCode() == 200); i++) {
      answer = io.restassured.RestAssured.given().header("x-api-key", "key-r2").get("/v1/agents");
    }
    answer.then().statusCode(429).header("Retry-After", "1");
    io.restassured.RestAssured.given()
        .header("x-api-key", "key-nobody-has")
        .get("/v1/agents")
        .then()
        .statusCode(401);
  }

  @Test
  void anAgentDefinitionOverTheByteLimitIs413NamingIt() {
    String prompt = "p".repeat(2_100);
    put(
            "key-a",
            "/v1/agents/verbose",
            "{\"model\": {\"provider\": \"scripted\", \"script\": []}, \"systemPrompt\": \""
                + prompt
                + "\"}")
        .statusCode(413)
        .body("detail", containsString("threadline.limits.agent.bytes"));
  }

  @Test
  void aTenantRunningItsQuotaOfThreadsCannotStartAnotherButMayCreateIdleOnes() throws Exception {
    put("key-q3", "/v1/agents/quota-other", AGENT).statusCode(200);
    put("key-q2", "/v1/agents/quota-b", AGENT).statusCode(200);
    publish(
        new TenantThreads("tenant-q2", 0, 9L, 1L, 9L, 0L, Instant.now()),
        new TenantThreads("tenant-q2", 1, 9L, 1L, 9L, 0L, Instant.now()));
    awaitRefused("key-q2", "{\"agent\":\"quota-b\", \"message\":\"go\"}");

    post("key-q2", "/v1/threads", "{\"agent\":\"quota-b\", \"message\":\"go\"}")
        .statusCode(429)
        .body("detail", containsString("2 threads running"))
        .body("detail", containsString("threadline.limits.threads.per.tenant"));
    // An idle conversation costs nobody's running work: it may be created at any count.
    post("key-q2", "/v1/threads", "{\"agent\":\"quota-b\"}").statusCode(201);
    post("key-q3", "/v1/threads", "{\"agent\":\"quota-other\", \"message\":\"go\"}")
        .statusCode(201);
  }

  /**
   * What a tenant's threads hold in events is bounded too: past it nothing that adds to a thread is
   * taken — a creation, a message, a value — while what ends work (abort, delete) still is.
   */
  @Test
  void aTenantWhoseThreadsHoldTheirMostBytesAddsNothingButMayDelete() throws Exception {
    put("key-b1", "/v1/agents/bulky", AGENT).statusCode(200);
    publish(
        new TenantThreads("tenant-b1", 0, 1L, 0L, 1L, 30_000L, Instant.now()),
        new TenantThreads("tenant-b1", 1, 1L, 0L, 1L, 20_000L, Instant.now()));
    awaitRefused("key-b1", "{\"agent\":\"bulky\"}");

    post("key-b1", "/v1/threads/t-bulky/messages", "{\"text\":\"more\"}")
        .statusCode(429)
        .body("title", containsString("Threads hold too much"))
        .body("detail", containsString("your threads hold 50000 bytes"))
        .body("detail", containsString("threadline.limits.threads.bytes.per.tenant (50000)"))
        .body("detail", containsString("DELETE /v1/threads/{id}"));
    put("key-b1", "/v1/threads/t-bulky/values/k", "1").statusCode(429);
    delete("key-b1", "/v1/threads/t-bulky/values/k").statusCode(202);
    post("key-b1", "/v1/threads/t-bulky/abort", "{}").statusCode(202);
    delete("key-b1", "/v1/threads/t-bulky").statusCode(202);
  }

  /** The tenant's thread counts, as the projector would publish them. */
  private static void publish(TenantThreads... counts) {
    var topic = ClusterResource.topics().tenantThreads();
    try (var producer = ThreadlineCluster.shared().producer(topic.valueSerde().serializer())) {
      for (TenantThreads c : counts) {
        producer.send(
            new ProducerRecord<>(topic.name(), c.getTenantId() + "/" + c.getPartition(), c));
      }
    }
  }

  /** Until the door has read the counts: a creation of {@code body} is refused (30 s at most). */
  private static void awaitRefused(String key, String body) throws InterruptedException {
    long deadline = System.nanoTime() + 30_000_000_000L;
    int status;
    do {
      Thread.sleep(100);
      status = post(key, "/v1/threads", body).extract().statusCode();
    } while (status != 429 && System.nanoTime() < deadline);
  }
}
