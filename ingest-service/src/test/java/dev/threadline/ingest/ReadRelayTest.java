package dev.threadline.ingest;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.threadline.config.ApiKeys;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * Reads on the ingest's base URL are the projector's answers: asked with a pass the internal token
 * signs for the caller's tenant (by bearer key or {@code x-api-key}) — never the token itself —
 * path and query as sent, status, type and body passed on — a stream too. Here a stand-in projector
 * echoes what it was asked.
 */
@QuarkusTest
@QuarkusTestResource(ClusterResource.class)
@TestProfile(ReadRelayTest.WithProjector.class)
class ReadRelayTest {
  private static final String TOKEN = "internal-token-for-reads";

  /** Reads the tenant of the passes the ingest signs with {@link #TOKEN}, as a projector does. */
  private static final ApiKeys PASSES = ApiKeys.parse(null, null).withInternalToken(TOKEN);

  private static final CountDownLatch FIRST_READ = new CountDownLatch(1);
  private static final CountDownLatch RELEASE = new CountDownLatch(1);
  private static final HttpServer PROJECTOR = projector();

  private static HttpServer projector() {
    return StandInProjector.start(
        server -> {
          server.createContext("/v1/", ReadRelayTest::answer);
          HeldReads.serve(server);
        });
  }

  /** Echoes the request; a stream is two events; a thread named "missing" is a 404. */
  private static void answer(HttpExchange exchange) throws IOException {
    try (exchange) {
      String asked = exchange.getRequestURI().getRawPath();
      String query = exchange.getRequestURI().getRawQuery();
      String authorization = exchange.getRequestHeaders().getFirst("Authorization");
      boolean token = ("Bearer " + TOKEN).equals(authorization);
      String tenant = PASSES.passTenant(authorization, java.time.Instant.now()).orElse(null);
      if (asked.endsWith("/held/stream")) {
        exchange.getResponseHeaders().set("Content-Type", "text/event-stream");
        exchange.sendResponseHeaders(200, 0);
        exchange.getResponseBody().write(": open\n\n".getBytes(StandardCharsets.UTF_8));
        exchange.getResponseBody().flush();
        try {
          RELEASE.await(60, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
        return;
      }
      if (asked.endsWith("/slow/stream")) {
        exchange.getResponseHeaders().set("Content-Type", "text/event-stream");
        exchange.sendResponseHeaders(200, 0);
        OutputStream out = exchange.getResponseBody();
        out.write("id: 1\nevent: e\ndata: {}\n\n".getBytes(StandardCharsets.UTF_8));
        out.flush();
        try {
          FIRST_READ.await(60, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
        out.write("id: 2\nevent: e\ndata: {}\n\n".getBytes(StandardCharsets.UTF_8));
        return;
      }
      if (asked.endsWith("/stream")) {
        exchange.getResponseHeaders().set("Content-Type", "text/event-stream");
        exchange.sendResponseHeaders(200, 0);
        OutputStream out = exchange.getResponseBody();
        for (int seq = 1; seq <= 2; seq++) {
          out.write(("id: " + seq + "\nevent: e\ndata: {}\n\n").getBytes(StandardCharsets.UTF_8));
          out.flush();
        }
        return;
      }
      int status = asked.contains("missing") ? 404 : 200;
      byte[] body =
          ("{\"path\": \""
                  + asked
                  + "\", \"query\": \""
                  + (query == null ? "" : query)
                  + "\", \"tenant\": \""
                  + tenant
                  + "\", \"token\": "
                  + token
                  + "}")
              .getBytes(StandardCharsets.UTF_8);
      exchange
          .getResponseHeaders()
          .set("Content-Type", status == 200 ? "application/json" : Problem.MEDIA_TYPE);
      exchange.sendResponseHeaders(status, body.length);
      exchange.getResponseBody().write(body);
    }
  }

  public static final class WithProjector implements QuarkusTestProfile {
    @Override
    public Map<String, String> getConfigOverrides() {
      return StandInProjector.settings(
          PROJECTOR,
          TOKEN,
          Map.of(
              "threadline.ingest.held.reads.per.tenant",
              "1",
              // Fewer workers than HeldReads' tenants hold reads: a held read on a worker starves
              // all.
              "quarkus.thread-pool.max-threads",
              "4",
              "quarkus.http.cors.enabled",
              "true",
              "quarkus.http.cors.origins",
              "http://app.example"));
    }
  }

  @Test
  void everyReadIsTheProjectorsAnswerForTheCallersTenant() {
    for (String path :
        new String[] {
          "/v1/threads",
          "/v1/stats",
          "/v1/usage",
          "/v1/threads/t-1",
          "/v1/threads/t-1/events",
          "/v1/threads/t-1/messages",
          "/v1/threads/t-1/values",
          "/v1/threads/t-1/values/k",
          "/v1/threads/t-1/effects",
          "/v1/threads/t-1/env",
          "/v1/threads/t-1/variables",
          "/v1/threads/t-1/variables/r-1"
        }) {
      given()
          .header("Authorization", "Bearer key-a")
          .get(path + "?limit=5")
          .then()
          .statusCode(200)
          .body("path", equalTo(path))
          .body("query", equalTo("limit=5"))
          .body("tenant", equalTo("tenant-a"))
          .body("token", equalTo(false));
    }
  }

  /**
   * A service's tool loads its tenant's definitions by name with the internal token and the tenant
   * it acts for; the token reads nothing else here, and writes nothing.
   */
  @Test
  void theInternalTokenReadsTheDefinitionsOfTheTenantItNamesAndWritesNothing() {
    Door.put("key-a", "/v1/models/relay-model", "{\"provider\": \"scripted\"}").statusCode(200);
    Door.put("key-a", "/v1/agents/relay-agent", "{\"model\": \"relay-model\"}").statusCode(200);
    for (String path : new String[] {"/v1/agents/relay-agent", "/v1/models/relay-model"}) {
      given()
          .header("Authorization", "Bearer " + TOKEN)
          .header(ApiKeys.TENANT_HEADER, "tenant-a")
          .get(path)
          .then()
          .statusCode(200)
          .body("name", containsString("relay-"));
      given()
          .header("Authorization", "Bearer " + TOKEN)
          .header(ApiKeys.TENANT_HEADER, "tenant-b")
          .get(path)
          .then()
          .statusCode(404);
      given().header("Authorization", "Bearer " + TOKEN).get(path).then().statusCode(401);
      String pass =
          "Bearer " + PASSES.tenantPass("tenant-a", java.time.Instant.now()).orElseThrow();
      given().header("Authorization", pass).get(path).then().statusCode(200);
      // A pass reads for its own tenant, whatever a header says.
      given()
          .header("Authorization", pass)
          .header(ApiKeys.TENANT_HEADER, "tenant-b")
          .get(path)
          .then()
          .statusCode(200);
      String theirs =
          "Bearer " + PASSES.tenantPass("tenant-b", java.time.Instant.now()).orElseThrow();
      given().header("Authorization", theirs).get(path).then().statusCode(404);
    }
    given()
        .header("Authorization", "Bearer " + TOKEN)
        .header(ApiKeys.TENANT_HEADER, "tenant-a")
        .contentType("application/json")
        .body("{\"provider\": \"scripted\"}")
        .put("/v1/models/relay-model")
        .then()
        .statusCode(401);
    given()
        .header("Authorization", "Bearer " + TOKEN)
        .header(ApiKeys.TENANT_HEADER, "tenant-a")
        .get("/v1/threads/t-1")
        .then()
        .statusCode(401);
  }

  @Test
  void aRunIsReadFromTheProjector() {
    given()
        .header("Authorization", "Bearer key-a")
        .get("/v1/threads/t-1/runs/run-1")
        .then()
        .statusCode(200)
        .body("path", equalTo("/v1/threads/t-1/runs/run-1"))
        .body("tenant", equalTo("tenant-a"));
  }

  @Test
  void aKeySentAsXApiKeyReadsAsItsTenant() {
    given()
        .header("x-api-key", "key-b")
        .get("/v1/threads/t-1")
        .then()
        .statusCode(200)
        .body("tenant", equalTo("tenant-b"));
  }

  @Test
  void theProjectorsRefusalIsPassedOnAndNoKeyIsRefusedHere() {
    given()
        .header("Authorization", "Bearer key-a")
        .get("/v1/threads/missing")
        .then()
        .statusCode(404)
        .contentType(Problem.MEDIA_TYPE);
    given().get("/v1/threads/t-1").then().statusCode(401);
  }

  /**
   * A run the ingest accepted is never reported missing: when the projector has not seen it by the
   * end of the wait (its thread not projected yet on a stack busy starting), runs/wait answers it
   * pending, as a wait that passed first.
   */
  @Test
  void aRunAcceptedButNotYetProjectedIsPendingNotMissing() {
    given()
        .header("Authorization", "Bearer key-a")
        .contentType("application/json")
        .body("{\"text\": \"hello\"}")
        .post("/v1/threads/missing-yet/runs/wait?wait=1")
        .then()
        .statusCode(202)
        .header("Content-Location", containsString("/v1/threads/missing-yet/runs/"))
        .body("run.status", equalTo("pending"))
        .body("run.threadId", equalTo("missing-yet"));
  }

  @Test
  void aThreadsStreamIsPassedOnAsServerSentEvents() {
    given()
        .header("Authorization", "Bearer key-a")
        .get("/v1/threads/t-1/stream")
        .then()
        .statusCode(200)
        .contentType(containsString("text/event-stream"))
        .body(containsString("id: 2\nevent: e"));
  }

  /** A browser app on an origin the operator listed reads; one on another origin does not. */
  @Test
  void aListedOriginReadsAcrossOriginsAndSeesWhereARunWent() {
    given()
        .header("Origin", "http://app.example")
        .header("Authorization", "Bearer key-a")
        .get("/v1/threads/t-1")
        .then()
        .statusCode(200)
        .header("Access-Control-Allow-Origin", "http://app.example")
        .header("Access-Control-Expose-Headers", containsString("Content-Location"));
    given()
        .header("Origin", "http://elsewhere.example")
        .header("Authorization", "Bearer key-a")
        .get("/v1/threads/t-1")
        .then()
        .statusCode(403);
  }

  /** Each event reaches the client as the projector sends it, not when the stream ends. */
  @Test
  void aStreamsEventsArePassedOnAsTheyCome() throws Exception {
    HttpResponse<Stream<String>> response = lines("/v1/threads/slow/stream", "key-a");
    try (Stream<String> lines = response.body()) {
      Iterator<String> it = lines.iterator();
      CompletableFuture<String> first =
          CompletableFuture.supplyAsync(
              () -> {
                while (it.hasNext()) {
                  String line = it.next();
                  if (line.startsWith("id:")) {
                    return line;
                  }
                }
                return null;
              });
      // The second event is only sent once the first was read: a buffered relay never ends.
      assertThat(first.get(30, TimeUnit.SECONDS)).isEqualTo("id: 1");
      FIRST_READ.countDown();
    }
  }

  /**
   * A stream or a wait holds a worker thread for as long as it lasts: one tenant's are capped, and
   * a run refused for the cap is refused before its message is sent.
   */
  @Test
  void aTenantPastItsHeldReadsIsRefusedBeforeItsMessageIsSent() throws Exception {
    HttpResponse<Stream<String>> held = lines("/v1/threads/held/stream", "key-b");
    try (Stream<String> lines = held.body()) {
      assertThat(held.statusCode()).isEqualTo(200);
      assertThat(lines.iterator().next()).as("the held stream is open").isEqualTo(": open");
      given()
          .header("Authorization", "Bearer key-b")
          .get("/v1/threads/t-1/stream")
          .then()
          .statusCode(429)
          .body("detail", containsString("threadline.ingest.held.reads.per.tenant"));
      given()
          .header("Authorization", "Bearer key-b")
          .contentType("application/json")
          .body("{\"text\": \"never sent\"}")
          .post("/v1/threads/held-run/runs/stream")
          .then()
          .statusCode(429);
      given().header("Authorization", "Bearer key-a").get("/v1/threads/t-1").then().statusCode(200);
    } finally {
      RELEASE.countDown();
    }
    assertThat(CommandTopic.commands(ClusterResource.topics(), "held-run", 0)).isEmpty();
  }

  @Test
  void aStreamWhoseClientWentAwayGivesItsPlaceBackAtOnce() throws Exception {
    HeldReads.aStreamWhoseClientWentAwayGivesItsPlaceBackAtOnce();
  }

  @Test
  void aFencedReadHoldsOneOfItsTenantsPlaces() throws Exception {
    HeldReads.aFencedReadHoldsOneOfItsTenantsPlaces();
  }

  @Test
  void readsOtherTenantsHoldTakeNoWorkerFromATenantThatWaitsForNothing() throws Exception {
    HeldReads.readsOtherTenantsHoldTakeNoWorkerFromATenantThatWaitsForNothing();
  }

  @AfterAll
  static void endTheHeldReads() throws Exception {
    HeldReads.end();
  }

  /** {@code GET path} with {@code key}, its body read line by line as it comes. */
  private static HttpResponse<Stream<String>> lines(String path, String key) throws Exception {
    HttpRequest request =
        HttpRequest.newBuilder(
                URI.create(
                    "http://127.0.0.1:"
                        + ConfigProvider.getConfig()
                            .getValue("quarkus.http.test-port", Integer.class)
                        + path))
            .header("Authorization", "Bearer " + key)
            .build();
    return HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofLines());
  }
}
