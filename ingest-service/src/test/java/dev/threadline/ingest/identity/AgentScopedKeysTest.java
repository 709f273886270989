package dev.threadline.ingest.identity;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.hasSize;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.threadline.ingest.ClusterResource;
import dev.threadline.ingest.StandInProjector;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.specification.RequestSpecification;
import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A key scoped to agents ({@code key:tenant:agents=a|b}) reaches the threads those agents run and
 * nothing else of its tenant's: another agent's thread answers as a missing one, a thread is
 * created only on one of its agents, a list or search is of their threads, and the routes that do
 * not keep it to them refuse it. A stand-in projector knows two threads: {@code t-support} (agent
 * {@code support}) and {@code t-billing} (agent {@code billing}), and one declared without a graph.
 */
@QuarkusTest
@QuarkusTestResource(ClusterResource.class)
@TestProfile(AgentScopedKeysTest.WithProjector.class)
class AgentScopedKeysTest {
  private static final String SUPPORT = "key-support";
  private static final List<String> ASKED = new CopyOnWriteArrayList<>();
  private static final HttpServer PROJECTOR = projector();

  /** The stand-in projector ({@code key-support} is one of ClusterResource's keys). */
  public static final class WithProjector implements QuarkusTestProfile {
    @Override
    public Map<String, String> getConfigOverrides() {
      return StandInProjector.settings(PROJECTOR, "internal-token-for-scoped-keys", Map.of());
    }
  }

  private static HttpServer projector() {
    return StandInProjector.start(
        server -> {
          server.createContext("/v1/", AgentScopedKeysTest::answer);
          // Asked over HTTP: a QuarkusTest loads its classes twice, and the statics the test sees
          // are not those of the stand-in the ingest was given.
          server.createContext("/asked", AgentScopedKeysTest::asked);
        });
  }

  private static void answer(HttpExchange exchange) throws IOException {
    try (exchange) {
      String path = exchange.getRequestURI().getRawPath();
      String query = exchange.getRequestURI().getRawQuery();
      ASKED.add(
          path + (query == null ? "" : "?" + URLDecoder.decode(query, StandardCharsets.UTF_8)));
      String body =
          switch (path) {
            case "/v1/threads" -> "{\"threads\": []}";
            case "/v1/threads/t-support" -> summary("t-support", "support");
            case "/v1/threads/t-billing" -> summary("t-billing", "billing");
            case "/v1/threads/t-support/messages" -> "{\"messages\": []}";
            case "/v1/store/item" ->
                query.contains("key=t-declared")
                    ? "{\"item\": {\"key\": \"t-declared\", \"value\": {}}}"
                    : "{\"item\": null}";
            default -> null;
          };
      byte[] bytes = (body == null ? "{}" : body).getBytes(StandardCharsets.UTF_8);
      exchange.getResponseHeaders().set("Content-Type", "application/json");
      exchange.sendResponseHeaders(body == null ? 404 : 200, bytes.length);
      exchange.getResponseBody().write(bytes);
    }
  }

  /** What the stand-in was asked since the last look, a line each; forgotten once told. */
  private static void asked(HttpExchange exchange) throws IOException {
    try (exchange) {
      byte[] bytes = String.join("\n", ASKED).getBytes(StandardCharsets.UTF_8);
      ASKED.clear();
      exchange.sendResponseHeaders(200, bytes.length);
      exchange.getResponseBody().write(bytes);
    }
  }

  /** What the projector was asked since the last look. */
  private static List<String> asked() {
    // The stand-in the ingest was given: this class's own static is another, loaded twice.
    String projector =
        ConfigProvider.getConfig().getValue("threadline.projector.url", String.class);
    String lines = given().baseUri(projector).port(-1).get("/asked").asString();
    return lines.isEmpty() ? List.of() : List.of(lines.split("\n"));
  }

  private static String summary(String threadId, String agent) {
    return "{\"threadId\": \""
        + threadId
        + "\", \"agent\": \""
        + agent
        + "\", \"status\": \"IDLE\", \"lastActivity\": \"2026-12-07T00:00:00Z\","
        + " \"metadata\": {}}";
  }

  @AfterAll
  static void stopProjector() {
    PROJECTOR.stop(0);
  }

  @BeforeEach
  void defineTheAgents() {
    for (String agent : List.of("support", "billing")) {
      as("key-a")
          .body("{\"model\": {\"provider\": \"scripted\"}}")
          .put("/v1/agents/" + agent)
          .then()
          .statusCode(200);
    }
  }

  private static RequestSpecification as(String key) {
    return given().header("Authorization", "Bearer " + key).contentType("application/json");
  }

  @Test
  void aScopedKeyReachesItsAgentsThreadsAndAnotherAgentsIsMissing() {
    as(SUPPORT).get("/v1/threads/t-support/messages").then().statusCode(200);
    as(SUPPORT).get("/v1/threads/t-billing/messages").then().statusCode(404);
    as(SUPPORT).get("/v1/threads/t-billing").then().statusCode(404);
    as(SUPPORT)
        .body("{\"text\": \"hello\"}")
        .post("/v1/threads/t-billing/messages")
        .then()
        .statusCode(404);
    as(SUPPORT).delete("/threads/t-billing").then().statusCode(404);
    as(SUPPORT).get("/threads/t-billing/state").then().statusCode(404);
    // A thread declared without a graph runs none of its agents.
    as(SUPPORT).get("/v1/threads/t-declared").then().statusCode(404);
    as("key-a").get("/v1/threads/t-billing").then().statusCode(200);
  }

  @Test
  void aScopedKeyCreatesThreadsOnItsAgentsOnly() {
    as(SUPPORT)
        .body("{\"agent\": \"billing\"}")
        .post("/v1/threads")
        .then()
        .statusCode(403)
        .body("detail", containsString("billing"));
    as(SUPPORT).body("{\"graph_id\": \"billing\"}").post("/threads").then().statusCode(403);
    as(SUPPORT)
        .body(
            "{\"assistant_id\": \"billing\","
                + " \"input\": {\"messages\": [{\"role\": \"user\", \"content\": \"hi\"}]}}")
        .post("/runs/wait")
        .then()
        .statusCode(403);
    as(SUPPORT)
        .body("{}")
        .post("/threads")
        .then()
        .statusCode(403)
        .body("detail", containsString("graph_id"));
    as(SUPPORT).body("{\"agent\": \"support\"}").post("/v1/threads").then().statusCode(201);
  }

  @Test
  void aScopedKeysListAndSearchAreOfItsAgentsThreads() {
    asked();
    as(SUPPORT).get("/v1/threads?status=idle&limit=5").then().statusCode(200);
    assertThat(asked())
        .anyMatch(
            a ->
                a.startsWith("/v1/threads?")
                    && a.contains("agent=support")
                    && a.contains("status=idle")
                    && a.contains("limit=5"));
    as(SUPPORT).get("/v1/threads?agent=billing").then().statusCode(200).body("threads", empty());
    assertThat(asked()).as("nothing to ask for").isEmpty();
    as(SUPPORT).body("{}").post("/threads/search").then().statusCode(200);
    assertThat(asked()).anyMatch(a -> a.startsWith("/v1/threads?") && a.contains("agent=support"));
    as(SUPPORT)
        .body("{\"metadata\": {\"graph_id\": \"billing\"}}")
        .post("/threads/search")
        .then()
        .statusCode(200)
        .body("$", empty());
    as(SUPPORT)
        .body("{\"ids\": [\"t-support\", \"t-billing\"]}")
        .post("/threads/search")
        .then()
        .statusCode(200)
        .body("$", hasSize(1))
        .body("[0].thread_id", org.hamcrest.Matchers.equalTo("t-support"));
  }

  @Test
  void aScopedKeySeesItsAgentsAsAssistantsAndNoOther() {
    as(SUPPORT)
        .body("{}")
        .post("/assistants/search")
        .then()
        .statusCode(200)
        .body("assistant_id", org.hamcrest.Matchers.contains("support"));
    as(SUPPORT).get("/assistants/billing").then().statusCode(404);
    as(SUPPORT).get("/assistants/support").then().statusCode(200);
  }

  @Test
  void aScopedKeyIsForbiddenTheRoutesThatDoNotKeepItToItsAgents() {
    as(SUPPORT)
        .get("/v1/agents")
        .then()
        .statusCode(403)
        .body("detail", containsString("scoped to agents"));
    as(SUPPORT)
        .body("{\"model\": {\"provider\": \"scripted\"}}")
        .put("/v1/agents/support")
        .then()
        .statusCode(403);
    as(SUPPORT)
        .body("{\"namespace\": [\"a\"], \"key\": \"k\", \"value\": {}}")
        .put("/store/items")
        .then()
        .statusCode(403);
    as(SUPPORT).get("/v1/usage").then().statusCode(403);
    as(SUPPORT).body("{}").post("/runs/crons/search").then().statusCode(403);
  }
}
