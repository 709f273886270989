package dev.threadline.projector;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.threadline.avro.EffectCancelled;
import dev.threadline.avro.EffectScheduled;
import dev.threadline.avro.EnvChanged;
import dev.threadline.avro.MissingVariable;
import dev.threadline.avro.SubagentVariablesProvided;
import dev.threadline.avro.SubagentVariablesRequired;
import dev.threadline.avro.ThreadEvent;
import dev.threadline.config.ApiKeys;
import dev.threadline.testkit.ScratchDirs;
import dev.threadline.testkit.ThreadlineCluster;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * ThreadState reads from a real projector: the executor's internal token acting for the tool's
 * tenant, messages paged from the log, the effects a thread holds, and a read fenced at an event
 * seq that waits for it.
 */
class ThreadReadsIT {
  /** How long the projector holds a fenced read (ThreadReads.FENCE_WAIT). */
  private static final Duration FENCE = Duration.ofSeconds(10);

  private static final String INTERNAL = "internal-token-for-tests";
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final HttpClient HTTP = HttpClient.newHttpClient();
  private static Projector projector;
  private static KafkaProducer<String, ThreadEvent> producer;
  private static ProjectorFixture fixture;
  private static final Events THREAD = new Events("reads-1", "acme");
  private static final Events ENDED = new Events("reads-2", "acme");
  private static final Events VALUES = new Events("reads-3", "acme");
  private static final Events RUNS = new Events("reads-4", "acme");
  private static final Events TOKENS = new Events("reads-5", "acme");
  private static final Events EDITED = new Events("reads-6", "acme");
  private static final Events BIG = new Events("reads-7", "acme");
  private static final String BIG_TEXT = "x".repeat(200_000);

  @BeforeAll
  static void start() throws Exception {
    fixture =
        ProjectorFixture.create(
            "reads-it",
            2,
            Map.of("threadline.api-keys", "acme-key:acme", "threadline.internal.token", INTERNAL));
    Map<String, String> settings = new HashMap<>(fixture.settings());
    settings.put("threadline.projector.state.dir", ScratchDirs.create("reads-it-").toString());
    projector = Projector.start(settings);
    producer =
        ThreadlineCluster.shared()
            .producer(fixture.topics().threadEvents().valueSerde().serializer());
    send(THREAD.oneTurn("helper", "gpt-x"));
    send(
        List.of(
            THREAD.next(new EffectScheduled("fx-1", Events.T0.plusSeconds(60), "message")),
            THREAD.next(new EffectScheduled("fx-2", Events.T0.plusSeconds(90), "tool")),
            THREAD.next(new EffectCancelled("fx-1")),
            THREAD.next(new EnvChanged("CITY", false, "Lisbon", false)),
            THREAD.next(new EnvChanged("TOKEN", true, null, false)),
            THREAD.next(new EnvChanged("GONE", false, "x", false)),
            THREAD.next(new EnvChanged("GONE", false, null, true)),
            THREAD.next(
                new SubagentVariablesRequired(
                    "vars-20",
                    "vault",
                    "keeper",
                    "Apollo",
                    List.of(new MissingVariable("KEY", true, "the key")))),
            THREAD.next(
                new SubagentVariablesRequired("vars-21", "vault", "keeper", "Zeus", List.of())),
            THREAD.next(new SubagentVariablesProvided("vars-20", "reads-1/vault-vars-20"))));
    send(List.of(VALUES.created("helper", null)));
    for (String key : new String[] {"a", "b", "c", "d", "e"}) {
      send(List.of(VALUES.valueChanged(key, "\"" + key + "\"")));
    }
    send(
        List.of(
            RUNS.created("helper", null),
            RUNS.turnStarted(),
            RUNS.input("run-1", "first"),
            RUNS.queued("run-2"),
            RUNS.queued("run-3"),
            RUNS.message(dev.threadline.avro.Role.ASSISTANT, "first answer"),
            RUNS.turnCompleted(1)));
    ThreadEvent created = EDITED.created("helper", null);
    ThreadEvent said = EDITED.message(dev.threadline.avro.Role.USER, "call me Ishmael");
    send(
        List.of(
            created,
            said,
            EDITED.next(
                new dev.threadline.avro.MessageUpdated(
                    ((dev.threadline.avro.MessageAppended) said.getPayload()).getMessageSeq(),
                    "call me [name]"))));
    List<ThreadEvent> big = new java.util.ArrayList<>(List.of(BIG.created("helper", null)));
    for (int i = 0; i < 60; i++) {
      big.add(BIG.message(dev.threadline.avro.Role.USER, i + BIG_TEXT));
    }
    send(big);
    send(ENDED.oneTurn("helper", "gpt-x"));
    send(
        List.of(
            ENDED.next(
                new SubagentVariablesRequired("vars-9", "vault", "keeper", "Apollo", List.of())),
            ENDED.next(new dev.threadline.avro.ThreadTerminated("done"))));
    projector.awaitRunning(Duration.ofSeconds(60));
  }

  @AfterAll
  static void stop() {
    producer.close();
    projector.close();
  }

  private static void send(List<ThreadEvent> events) {
    for (ThreadEvent e : events) {
      producer.send(
          new ProducerRecord<>(fixture.topics().threadEvents().name(), e.getThreadId(), e));
    }
    producer.flush();
  }

  private static HttpResponse<String> get(String path, String token, String tenant)
      throws Exception {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + projector.port() + path))
            .header("Authorization", "Bearer " + token)
            .timeout(Duration.ofSeconds(20));
    if (tenant != null) {
      request.header("X-Threadline-Tenant", tenant);
    }
    return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }

  /** The thread's effects, once its last events are projected (fenced at their seq). */
  private static JsonNode fencedAt(String suffix, long seq) throws Exception {
    HttpResponse<String> answer =
        get("/v1/threads/reads-1" + suffix + "?atLeastSeq=" + seq, INTERNAL, "acme");
    assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
    return JSON.readTree(answer.body());
  }

  @Test
  void theInternalTokenReadsForTheTenantItNamesOnly() throws Exception {
    assertThat(fencedAt("", 19).path("threadId").asText()).isEqualTo("reads-1");
    assertThat(get("/v1/threads/reads-1", INTERNAL, "other").statusCode()).isEqualTo(404);
    assertThat(get("/v1/threads/reads-1", INTERNAL, null).statusCode()).isEqualTo(401);
    assertThat(get("/v1/threads/reads-1", "not-the-token", "acme").statusCode()).isEqualTo(401);
    assertThat(get("/v1/threads/reads-1", "acme-key", null).statusCode()).isEqualTo(200);
  }

  /**
   * What the services send now: a pass the token signed for one tenant, which reads for that tenant
   * whatever a header names, and not at all once it expired or under another token.
   */
  @Test
  void aTenantPassReadsForItsTenantOnlyAndNotOnceItExpired() throws Exception {
    ApiKeys passes = ApiKeys.parse(null, null).withInternalToken(INTERNAL);
    java.time.Instant now = java.time.Instant.now();
    String acme = passes.tenantPass("acme", now).orElseThrow();

    assertThat(get("/v1/threads/reads-1", acme, null).statusCode()).isEqualTo(200);
    assertThat(get("/v1/threads/reads-1", acme, "other").statusCode()).isEqualTo(200);
    assertThat(get("/v1/threads/reads-1", passes.tenantPass("other", now).orElseThrow(), null))
        .extracting(HttpResponse::statusCode)
        .isEqualTo(404);
    String expired = passes.tenantPass("acme", now.minus(ApiKeys.PASS_LIFETIME)).orElseThrow();
    assertThat(get("/v1/threads/reads-1", expired, null).statusCode()).isEqualTo(401);
    String forged =
        ApiKeys.parse(null, null).withInternalToken("not-the-token").tenantPass("acme", now).get();
    assertThat(get("/v1/threads/reads-1", forged, null).statusCode()).isEqualTo(401);
  }

  /**
   * A fenced read of another tenant's thread is 404 at once — its creation would be refused at once
   * too, thread ids being global — naming nothing of it, as one of a missing thread says; only the
   * missing one waits out the fence, as it may be on its way.
   */
  @Test
  void aFencedReadOfAnotherTenantsThreadIs404AtOnceAndAMissingOneWaits() throws Exception {
    long last = THREAD.lastSeq();
    fencedAt("", last);

    long asked = System.nanoTime();
    HttpResponse<String> other = read("reads-1", last);
    Duration otherTook = Duration.ofNanos(System.nanoTime() - asked);
    asked = System.nanoTime();
    HttpResponse<String> ghost = read("reads-0", last);
    Duration ghostTook = Duration.ofNanos(System.nanoTime() - asked);

    assertThat(other.statusCode()).isEqualTo(ghost.statusCode()).isEqualTo(404);
    assertThat(other.body().replace("reads-1", "reads-0")).isEqualTo(ghost.body());
    assertThat(ghostTook).as("a missing thread waits out the fence").isGreaterThanOrEqualTo(FENCE);
    assertThat(otherTook).as("another's is answered without the fence's wait").isLessThan(FENCE);
  }

  private static HttpResponse<String> read(String threadId, long atLeastSeq) {
    try {
      return get("/v1/threads/" + threadId + "?atLeastSeq=" + atLeastSeq, INTERNAL, "other");
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * Sixty messages of 200,000 characters: a page of a thousand would be 12 MB; each page stops at
   * about 4 MiB, and paging on from its lastSeq reads them all, once.
   */
  @Test
  void aPageHoldsAtMostFourMebibytesAndPagingOnReadsTheRest() throws Exception {
    assertThat(
            get("/v1/threads/reads-7?atLeastSeq=" + BIG.lastSeq(), INTERNAL, "acme").statusCode())
        .isEqualTo(200);
    long after = 0;
    int messages = 0;
    for (String kind : List.of("messages", "events")) {
      after = 0;
      int read = 0;
      int pages = 0;
      while (true) {
        HttpResponse<String> page =
            get("/v1/threads/reads-7/" + kind + "?limit=1000&after=" + after, INTERNAL, "acme");
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.body().length()).as("a page of %s", kind).isLessThan(5_000_000);
        JsonNode answer = JSON.readTree(page.body());
        JsonNode items = answer.path(kind);
        if (items.isEmpty()) {
          break;
        }
        read += kind.equals("messages") ? items.size() : (int) count(items, "MessageAppended");
        after = answer.path("lastSeq").asLong();
        pages++;
      }
      assertThat(read)
          .as("every message of the thread, through %s pages of %s", pages, kind)
          .isEqualTo(60);
      assertThat(pages).isGreaterThan(1);
      messages = read;
    }
    assertThat(messages).isEqualTo(60);
  }

  private static long count(JsonNode events, String type) {
    long n = 0;
    for (JsonNode e : events) {
      if (e.path("type").asText().equals(type)) {
        n++;
      }
    }
    return n;
  }

  @Test
  void theEffectsAThreadHoldsAreListed() throws Exception {
    JsonNode effects = fencedAt("/effects", 19).path("effects");

    assertThat(effects).hasSize(1);
    assertThat(effects.get(0).path("effectId").asText()).isEqualTo("fx-2");
    assertThat(effects.get(0).path("kind").asText()).isEqualTo("tool");
  }

  @Test
  void theEnvListsSecretsByNameOnly() throws Exception {
    JsonNode env = fencedAt("/env", 19).path("env");

    assertThat(env).hasSize(2);
    assertThat(env.get(0).path("name").asText()).isEqualTo("CITY");
    assertThat(env.get(0).path("value").asText()).isEqualTo("Lisbon");
    assertThat(env.get(1).path("name").asText()).isEqualTo("TOKEN");
    assertThat(env.get(1).path("secret").asBoolean()).isTrue();
    assertThat(env.get(1).has("value")).isFalse();
  }

  @Test
  void aVariablesRequestReadsOpenThenCompletedWithItsChild() throws Exception {
    JsonNode done = fencedAt("/variables/vars-20", 22);
    assertThat(done.path("status").asText()).isEqualTo("completed");
    assertThat(done.path("childThreadId").asText()).isEqualTo("reads-1/vault-vars-20");
    assertThat(done.path("variables").get(0).path("name").asText()).isEqualTo("KEY");
    assertThat(done.path("variables").get(0).path("type").asText()).isEqualTo("secret");

    JsonNode all = fencedAt("/variables", 22).path("requests");
    assertThat(all).hasSize(2);
    assertThat(all.get(1).path("status").asText()).isEqualTo("open");
    assertThat(all.get(1).path("childName").asText()).isEqualTo("Zeus");
    assertThat(get("/v1/threads/reads-1/variables/vars-99", "acme-key", null).statusCode())
        .isEqualTo(404);
  }

  @Test
  void aTerminatedThreadsOpenRequestReadsClosed() throws Exception {
    long last = new Events("count", "acme").oneTurn("helper", "gpt-x").size() + 2;
    HttpResponse<String> answer =
        get("/v1/threads/reads-2/variables/vars-9?atLeastSeq=" + last, INTERNAL, "acme");
    assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
    assertThat(JSON.readTree(answer.body()).path("status").asText()).isEqualTo("closed");
  }

  @Test
  void messagesArePagedFromTheLog() throws Exception {
    fencedAt("", 19);
    JsonNode first =
        JSON.readTree(get("/v1/threads/reads-1/messages?limit=1", INTERNAL, "acme").body());
    assertThat(first.path("messages")).hasSize(1);
    assertThat(first.path("messages").get(0).path("role").asText()).isEqualTo("USER");
    assertThat(first.path("messages").get(0).path("content").asText()).isEqualTo("hello");

    JsonNode rest =
        JSON.readTree(
            get(
                    "/v1/threads/reads-1/messages?after=" + first.path("lastSeq").asLong(),
                    INTERNAL,
                    "acme")
                .body());
    assertThat(rest.path("messages").size()).isGreaterThanOrEqualTo(1);
    assertThat(rest.path("messages").get(0).path("eventSeq").asLong())
        .isGreaterThan(first.path("lastSeq").asLong());
  }

  @Test
  void aMessageReadsWithTheTextAToolLastGaveItWhileTheLogKeepsTheFirst() throws Exception {
    JsonNode messages =
        JSON.readTree(get("/v1/threads/reads-6/messages?atLeastSeq=3", INTERNAL, "acme").body());
    assertThat(messages.path("messages").findValuesAsText("content"))
        .containsExactly("call me [name]");

    JsonNode events = JSON.readTree(get("/v1/threads/reads-6/events", INTERNAL, "acme").body());
    assertThat(events.toString()).contains("call me Ishmael").contains("MessageUpdated");
  }

  @Test
  void aReadFencedAtALaterSeqWaitsForTheEventsBeforeIt() throws Exception {
    // Every event written so far, not only some: on a busy machine the last few may still be on
    // their way, and a read fenced just past a stale lastSeq would be answered by them.
    long last = THREAD.lastSeq();
    assertThat(fencedAt("", last).path("lastSeq").asLong()).isEqualTo(last);
    CompletableFuture<HttpResponse<String>> read =
        CompletableFuture.supplyAsync(
            () -> {
              try {
                return get("/v1/threads/reads-1/values?atLeastSeq=" + (last + 1), INTERNAL, "acme");
              } catch (Exception e) {
                throw new IllegalStateException(e);
              }
            });
    Thread.sleep(300);
    assertThat(read).isNotDone();

    send(List.of(THREAD.valueChanged("written-before-the-call", "\"yes\"")));

    HttpResponse<String> answer = read.get();
    assertThat(answer.statusCode()).isEqualTo(200);
    assertThat(JSON.readTree(answer.body()).path("values").path("written-before-the-call").asText())
        .isEqualTo("yes");
  }

  @Test
  void aRunsStreamWaitsForItsTurnAndEndsWithIt() throws Exception {
    CompletableFuture<HttpResponse<String>> stream =
        CompletableFuture.supplyAsync(() -> read("/v1/threads/reads-4/runs/run-2/stream"));
    JsonNode pending = JSON.readTree(read("/v1/threads/reads-4/runs/run-2").body());
    assertThat(pending.path("status").asText()).isEqualTo("pending");

    send(
        List.of(
            RUNS.turnStarted(),
            RUNS.input("run-2", "second"),
            RUNS.message(dev.threadline.avro.Role.ASSISTANT, "second answer"),
            RUNS.turnCompleted(1)));

    String body = stream.get(30, java.util.concurrent.TimeUnit.SECONDS).body();
    assertThat(body)
        .contains("event: MessageQueued", "second answer", "event: end", "\"success\"")
        .doesNotContain("first answer");
    assertThat(body.indexOf("event: end")).isGreaterThan(body.indexOf("second answer"));

    HttpResponse<String> joined = read("/v1/threads/reads-4/runs/run-1/join");
    assertThat(joined.statusCode()).isEqualTo(200);
    JsonNode outcome = JSON.readTree(joined.body());
    assertThat(outcome.path("run").path("status").asText()).isEqualTo("success");
    assertThat(outcome.path("messages").findValuesAsText("content"))
        .containsExactly("first", "first answer");
  }

  @Test
  void aRunsStreamCarriesTheDeltasOfItsOwnModelCallsEvenWhenTheyComeFirst() throws Exception {
    send(List.of(TOKENS.created("helper", null), TOKENS.turnStarted()));
    ThreadEvent input = TOKENS.input("tok-1", "hi");
    ThreadEvent requested = TOKENS.modelRequested("gpt-x");
    String own = ((dev.threadline.avro.ModelCallRequested) requested.getPayload()).getRequestId();
    CompletableFuture<HttpResponse<String>> stream =
        CompletableFuture.supplyAsync(() -> read("/v1/threads/reads-5/runs/tok-1/stream"));
    awaitStreamOpen("reads-5");
    // The deltas reach the projector's live feed before the events that request them are
    // projected: a subscription of the test's own sees both first (the feed hands each delta to
    // every subscription of the thread at once, the run's stream's too).
    try (var deltas =
            ThreadlineCluster.shared()
                .producer(fixture.topics().threadDeltas().valueSerde().serializer());
        var seen = projector.feed().subscribe("reads-5")) {
      for (String requestId : List.of("reads-5/other-turn", own)) {
        deltas.send(
            new ProducerRecord<>(
                fixture.topics().threadDeltas().name(),
                "reads-5",
                new dev.threadline.avro.ContentDelta(
                    requestId, "reads-5", 0L, 0, "tok of " + requestId, Events.T0)));
      }
      deltas.flush();
      int delivered = 0;
      long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
      while (delivered < 2 && System.nanoTime() < deadline) {
        if (seen.poll(Duration.ofMillis(200)) instanceof LiveFeed.Item.Delta) {
          delivered++;
        }
      }
      assertThat(delivered).as("deltas the projector fed before the events").isEqualTo(2);
    }
    send(
        List.of(
            input,
            requested,
            TOKENS.modelCompleted(1, 1),
            TOKENS.message(dev.threadline.avro.Role.ASSISTANT, "hello"),
            TOKENS.turnCompleted(1)));

    String body = stream.get(30, java.util.concurrent.TimeUnit.SECONDS).body();
    assertThat(body).contains("tok of " + own).doesNotContain("other-turn");
    assertThat(body.indexOf("tok of " + own))
        .isGreaterThan(body.indexOf("event: ModelCallRequested"));
  }

  /** Another tenant's run reads as no run, and its stream and join tell nothing either. */
  @Test
  void anotherTenantsRunIsAnsweredAsOneOfAMissingThread() throws Exception {
    assertThat(get("/v1/threads/reads-4?atLeastSeq=5", INTERNAL, "acme").statusCode())
        .isEqualTo(200);
    for (String read : List.of("", "/join?wait=0", "/stream?wait=0")) {
      HttpResponse<String> other = get("/v1/threads/reads-4/runs/run-1" + read, INTERNAL, "other");
      HttpResponse<String> ghost = get("/v1/threads/reads-0/runs/run-1" + read, INTERNAL, "other");
      // A stream waits for a run of the caller's (it may be opened before its command is sent),
      // then says there is none; the other reads are a 404.
      assertThat(other.statusCode())
          .as(read)
          .isEqualTo(ghost.statusCode())
          .isEqualTo(read.startsWith("/stream") ? 200 : 404);
      assertThat(other.body().replace("reads-4", "reads-0")).isEqualTo(ghost.body());
    }
  }

  @Test
  void anUnknownRunIs404AndAJoinThatOutwaitsItsRunIs202() throws Exception {
    fencedAt("", 1);
    assertThat(read("/v1/threads/reads-4/runs/nope").statusCode()).isEqualTo(404);
    assertThat(read("/v1/threads/reads-4/runs/nope/join?wait=0").statusCode()).isEqualTo(404);
    HttpResponse<String> waiting = read("/v1/threads/reads-4/runs/run-3/join?wait=1&atLeastSeq=5");
    assertThat(waiting.statusCode()).isEqualTo(202);
    assertThat(JSON.readTree(waiting.body()).path("run").path("status").asText())
        .isEqualTo("pending");
    assertThat(get("/v1/threads/reads-4/runs/run-1", "acme-key", null).statusCode()).isEqualTo(200);
  }

  /** Waits for a stream of {@code threadId} (another test's stream of another thread is none). */
  private static void awaitStreamOpen(String threadId) throws InterruptedException {
    long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
    while (projector.feed().subscribers(threadId) == 0 && System.nanoTime() < deadline) {
      Thread.sleep(20);
    }
  }

  private static HttpResponse<String> read(String path) {
    try {
      HttpRequest request =
          HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + projector.port() + path))
              .header("Authorization", "Bearer acme-key")
              .timeout(Duration.ofSeconds(60))
              .build();
      return HTTP.send(request, HttpResponse.BodyHandlers.ofString());
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  /** A thread's values come in pages by key, so no answer grows with the thread's store. */
  @Test
  void valuesArePagedByKey() throws Exception {
    JsonNode first =
        JSON.readTree(
            get(
                    "/v1/threads/reads-3/values?limit=2&atLeastSeq=" + VALUES.lastSeq(),
                    INTERNAL,
                    "acme")
                .body());
    assertThat(first.path("values").fieldNames()).toIterable().containsExactly("a", "b");
    assertThat(first.path("next").asText()).isEqualTo("b");

    JsonNode last =
        JSON.readTree(
            get("/v1/threads/reads-3/values?limit=10&afterKey=b", INTERNAL, "acme").body());
    assertThat(last.path("values").fieldNames()).toIterable().containsExactly("c", "d", "e");
    assertThat(last.path("next").isNull()).isTrue();
  }
}
