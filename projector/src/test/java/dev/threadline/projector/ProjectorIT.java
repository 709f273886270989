package dev.threadline.projector;

import static dev.threadline.projector.TwoProjectors.*;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.threadline.avro.Role;
import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Two projector instances on a real broker and registry: every read answered right by either
 * instance (forwarded to the owner of the thread's partition, or gathered from both), the live
 * stream resumable with Last-Event-ID across instances, and bad requests refused clearly.
 */
class ProjectorIT {
  @BeforeAll
  static void startTwoInstancesAndProjectThreads() throws Exception {
    TwoProjectors.start();
  }

  @AfterAll
  static void stopThem() {
    TwoProjectors.stop();
  }

  @Test
  void eitherInstanceAnswersForEveryThread() {
    int forwarded = 0;
    for (String threadId : threads.keySet()) {
      for (int instance = 0; instance < 2; instance++) {
        Answer answer = get(instance, path(threadId), ACME);
        assertThat(answer.status()).as(threadId + " via " + instance).isEqualTo(200);
        assertThat(answer.body().path("threadId").asText()).isEqualTo(threadId);
        assertThat(answer.body().path("steps").asInt()).isEqualTo(2);
        assertThat(answer.body().path("status").asText()).isEqualTo("IDLE");
      }
      forwarded += nonOwner(threadId);
    }
    assertThat(forwarded)
        .as("both instances own some threads, so some answers were forwarded")
        .isBetween(1, THREADS - 1);
  }

  @Test
  void aThreadsValuesAreReadFromEitherInstanceByItsTenantOnly() throws Exception {
    awaitUntil(() -> get(0, path("it-foreign") + "/values/gone", OTHER).status() == 404);
    for (int instance = 0; instance < 2; instance++) {
      Answer all = get(instance, path("it-foreign") + "/values", OTHER);
      assertThat(all.status()).isEqualTo(200);
      assertThat(all.body().path("values").path("color").asText()).isEqualTo("teal");
      assertThat(all.body().path("values").has("gone")).isFalse();
      Answer one = get(instance, path("it-foreign") + "/values/color", OTHER);
      assertThat(one.body().path("value").asText()).isEqualTo("teal");
      assertThat(get(instance, path("it-foreign") + "/values/gone", OTHER).status()).isEqualTo(404);
      assertThat(get(instance, path("it-foreign") + "/values", ACME).status()).isEqualTo(404);
    }
  }

  @Test
  void theListGathersBothInstancesAndKeepsTenantsApart() {
    for (int instance = 0; instance < 2; instance++) {
      JsonNode list = get(instance, "/v1/threads?limit=100", ACME).body().path("threads");
      List<String> ids = new ArrayList<>();
      list.forEach(t -> ids.add(t.path("threadId").asText()));
      assertThat(ids).containsExactlyInAnyOrderElementsOf(threads.keySet());
      List<String> activity = new ArrayList<>();
      list.forEach(t -> activity.add(t.path("lastActivity").asText()));
      assertThat(activity)
          .as("newest first")
          .isSortedAccordingTo(java.util.Comparator.reverseOrder());
      assertThat(get(instance, "/v1/threads?limit=5&agent=helper", ACME).body().path("threads"))
          .hasSize(5);
      assertThat(
              get(instance, "/v1/threads?limit=5&agent=nobody,helper", ACME).body().path("threads"))
          .as("any of the agents listed")
          .hasSize(5);
      assertThat(get(instance, "/v1/threads?agent=nobody,none", ACME).body().path("threads"))
          .isEmpty();
      assertThat(get(instance, "/v1/threads?status=running", ACME).body().path("threads"))
          .isEmpty();
      assertThat(get(instance, "/v1/threads", OTHER).body().path("threads"))
          .extracting(t -> t.path("threadId").asText())
          .containsExactly("it-foreign");
    }
  }

  @Test
  void aMetadataSearchFindsEveryThreadThatHasItAndPagesByOffsetNewestFirstOrOldest()
      throws Exception {
    awaitUntil(
        () ->
            get(0, "/v1/threads?limit=500&offset=500", MANY).body().path("threads").size()
                == MANY_THREADS - 500);
    for (int instance = 0; instance < 2; instance++) {
      assertThat(ids(get(instance, "/v1/threads?metadata=" + encode("{\"topic\":\"rare\"}"), MANY)))
          .containsExactly("many-2", "many-1", "many-0");
      assertThat(
              ids(
                  get(
                      instance,
                      "/v1/threads?metadata=" + encode("{\"topic\":\"rare\",\"graph_id\":\"g0\"}"),
                      MANY)))
          .containsExactly("many-2", "many-0");
      assertThat(
              ids(
                  get(
                      instance,
                      "/v1/threads?order=asc&limit=2&metadata=" + encode("{\"topic\":\"rare\"}"),
                      MANY)))
          .containsExactly("many-0", "many-1");
      List<String> paged = new ArrayList<>();
      for (int offset = 0; offset < MANY_THREADS; offset += 200) {
        paged.addAll(ids(get(instance, "/v1/threads?limit=200&offset=" + offset, MANY)));
      }
      assertThat(paged)
          .as("every thread once, newest first")
          .hasSize(MANY_THREADS)
          .doesNotHaveDuplicates();
      assertThat(paged.getFirst()).isEqualTo("many-" + (MANY_THREADS - 1));
      assertThat(paged.getLast()).isEqualTo("many-0");
    }
    assertThat(get(0, "/v1/threads?metadata=" + encode("[1]"), MANY).status()).isEqualTo(400);
    assertThat(get(0, "/v1/threads?order=sideways", MANY).status()).isEqualTo(400);
    assertThat(get(0, "/v1/threads?offset=-1", MANY).status()).isEqualTo(400);
  }

  private static List<String> ids(Answer answer) {
    assertThat(answer.status()).as(answer.body().toString()).isEqualTo(200);
    List<String> ids = new ArrayList<>();
    answer.body().path("threads").forEach(t -> ids.add(t.path("threadId").asText()));
    return ids;
  }

  private static String encode(String text) {
    return URLEncoder.encode(text, StandardCharsets.UTF_8);
  }

  @Test
  void theTimelinePagesInSeqOrder() {
    Answer page = get(1, path("it-thread-3") + "/events?after=5&limit=3", ACME);
    assertThat(page.status()).isEqualTo(200);
    assertThat(page.body().path("events"))
        .extracting(e -> e.path("seq").asLong())
        .containsExactly(6L, 7L, 8L);
    assertThat(page.body().path("events").get(0).path("type").asText())
        .isEqualTo("ModelCallCompleted");
    assertThat(
            page.body()
                .path("events")
                .get(0)
                .path("payload")
                .path("usage")
                .path("inputTokens")
                .asLong())
        .isEqualTo(100);
    assertThat(page.body().path("lastSeq").asLong()).isEqualTo(8);
  }

  @Test
  void statsAreTheSameFromEitherInstance() {
    // Each answer's series ends at the minute it is asked in: ask both within one minute.
    JsonNode first;
    JsonNode second;
    long minute;
    do {
      minute = System.currentTimeMillis() / 60_000;
      first = get(0, "/v1/stats?minutes=5", ACME).body();
      second = get(1, "/v1/stats?minutes=5", ACME).body();
    } while (minute != System.currentTimeMillis() / 60_000);
    assertThat(first.path("models")).isEqualTo(second.path("models"));
    assertThat(first.path("tools")).isEqualTo(second.path("tools"));
    long steps = 0;
    for (JsonNode model : first.path("models")) {
      steps += model.path("steps").asLong();
    }
    assertThat(steps).isEqualTo(2L * THREADS);
    assertThat(first.path("tools").get(0).path("tool").asText()).isEqualTo("echo");
    assertThat(first.path("tools").get(0).path("calls").asLong()).isEqualTo(THREADS);
    assertThat(first.path("tools").get(0).path("p50Ms").asLong()).isBetween(12L, 15L);
    assertThat(first.path("threads").path("byStatus").path("IDLE").asLong()).isEqualTo(THREADS);
  }

  @Test
  void theLiveStreamResumesAfterLastEventIdThroughEitherInstanceAndGoesOnLive() throws Exception {
    String threadId = "it-thread-5";
    int via = nonOwner(threadId);
    HttpRequest request =
        HttpRequest.newBuilder(
                URI.create(
                    "http://127.0.0.1:" + projectors.get(via).port() + path(threadId) + "/stream"))
            .header("Authorization", "Bearer " + ACME)
            .header("Last-Event-ID", "10")
            .build();
    HttpResponse<InputStream> response =
        http.send(request, HttpResponse.BodyHandlers.ofInputStream());
    assertThat(response.statusCode()).isEqualTo(200);
    BlockingQueue<String> ids = new LinkedBlockingQueue<>();
    Thread reader =
        Thread.ofVirtual()
            .start(
                () -> {
                  try (var lines =
                      new BufferedReader(
                          new InputStreamReader(response.body(), StandardCharsets.UTF_8))) {
                    lines
                        .lines()
                        .filter(l -> l.startsWith("id: "))
                        .forEach(l -> ids.add(l.substring(4)));
                  } catch (Exception e) {
                    // closed by the test
                  }
                });
    try {
      assertThat(ids.poll(10, TimeUnit.SECONDS)).isEqualTo("11");
      assertThat(ids.poll(10, TimeUnit.SECONDS)).isEqualTo("12");
      // live: the thread goes on
      Events thread = threads.get(threadId);
      send(List.of(thread.turnStarted(), thread.message(Role.USER, "more")));
      producer.flush();
      assertThat(ids.poll(10, TimeUnit.SECONDS)).isEqualTo("13");
      assertThat(ids.poll(10, TimeUnit.SECONDS)).isEqualTo("14");
      assertThat(ids.poll(300, TimeUnit.MILLISECONDS)).isNull();
    } finally {
      response.body().close();
      reader.interrupt();
    }
  }

  @Test
  void badRequestsGetClearErrors() throws Exception {
    assertThat(get(0, "/v1/threads", null).status()).isEqualTo(401);
    assertThat(get(0, "/v1/threads", "wrong-key").status()).isEqualTo(401);
    Answer foreign = get(0, path("it-foreign"), ACME);
    assertThat(foreign.status()).isEqualTo(404);
    assertThat(get(1, path("it-foreign"), ACME).status()).isEqualTo(404);
    assertThat(get(0, path("no-such-thread"), ACME).status()).isEqualTo(404);
    Answer badLimit = get(0, "/v1/threads?limit=abc", ACME);
    assertThat(badLimit.status()).isEqualTo(400);
    assertThat(badLimit.body().path("detail").asText()).contains("limit");
    assertThat(get(0, "/v1/threads?status=BOGUS", ACME).status()).isEqualTo(400);
    assertThat(get(1, path("it-thread-1") + "/events?after=-1", ACME).status()).isEqualTo(400);
    assertThat(get(0, "/v1/stats?minutes=0", ACME).status()).isEqualTo(400);
    assertThat(get(0, "/v1/nothing", ACME).status()).isEqualTo(404);
    HttpResponse<String> post =
        http.send(
            HttpRequest.newBuilder(
                    URI.create("http://127.0.0.1:" + projectors.getFirst().port() + "/v1/threads"))
                .header("Authorization", "Bearer " + ACME)
                .POST(HttpRequest.BodyPublishers.ofString("{}"))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(post.statusCode()).isEqualTo(405);
    assertThat(post.headers().firstValue("Content-Type")).contains("application/problem+json");
  }

  /**
   * The projector reads for a whole tenant: a key scoped to some agents' threads is refused, not
   * taken as its tenant's — it reads its threads through the ingest, which keeps it to them.
   */
  @Test
  void aKeyScopedToAgentsIsForbiddenHere() throws Exception {
    Answer list = get(0, "/v1/threads", TwoProjectors.ACME_SUPPORT);
    assertThat(list.status()).isEqualTo(403);
    assertThat(list.body().path("detail").asText()).contains("agents").contains("ingest");
    assertThat(get(1, path("it-thread-1"), TwoProjectors.ACME_SUPPORT).status()).isEqualTo(403);
    assertThat(get(0, "/v1/stats", TwoProjectors.ACME_SUPPORT).status()).isEqualTo(403);
  }

  @Test
  void healthAndDashboardAreServedWithoutAKey() {
    assertThat(get(0, "/q/health/ready", null).status()).isEqualTo(200);
    HttpResponse<String> page;
    try {
      page =
          http.send(
              HttpRequest.newBuilder(
                      URI.create("http://127.0.0.1:" + projectors.getFirst().port() + "/"))
                  .build(),
              HttpResponse.BodyHandlers.ofString());
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
    assertThat(page.statusCode()).isEqualTo(200);
    assertThat(page.body()).contains("<title>Threadline</title>", "/app.js");
  }

  @Test
  void theDashboardSendsAContentSecurityPolicyAndKeepsTheKeyForTheSessionOnly() throws Exception {
    String base = "http://127.0.0.1:" + projectors.getFirst().port();
    HttpResponse<String> page =
        http.send(
            HttpRequest.newBuilder(URI.create(base + "/")).build(),
            HttpResponse.BodyHandlers.ofString());
    HttpResponse<String> script =
        http.send(
            HttpRequest.newBuilder(URI.create(base + "/app.js")).build(),
            HttpResponse.BodyHandlers.ofString());

    assertThat(page.headers().firstValue("Content-Security-Policy"))
        .hasValueSatisfying(
            csp -> assertThat(csp).contains("script-src 'self'", "frame-ancestors 'none'"));
    assertThat(page.headers().firstValue("X-Content-Type-Options")).contains("nosniff");
    assertThat(script.body())
        .contains("sessionStorage.setItem(\"threadline.key\"")
        .doesNotContain("localStorage.setItem");
  }

  /**
   * An instance forwards only its own word for the tenant, signed with the internal token: a
   * request that claims to be forwarded without a valid signature is refused, whatever tenant it
   * names.
   */
  @Test
  void aRequestClaimingToBeForwardedWithoutAValidSignatureIsRefused() throws Exception {
    for (String signature : List.of("1.forged", Instant.now().getEpochSecond() + ".forged", "")) {
      HttpResponse<String> response =
          http.send(
              HttpRequest.newBuilder(
                      URI.create(
                          "http://127.0.0.1:" + projectors.get(0).port() + "/v1/threads?limit=5"))
                  .header("X-Threadline-Forwarded", signature)
                  .header("X-Threadline-Tenant", "acme")
                  .build(),
              HttpResponse.BodyHandlers.ofString());

      assertThat(response.statusCode()).as(signature).isEqualTo(401);
    }
  }
}
