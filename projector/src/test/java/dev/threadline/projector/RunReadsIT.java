package dev.threadline.projector;

import static dev.threadline.projector.ReadsProjector.*;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.threadline.avro.ThreadEvent;
import dev.threadline.testkit.ThreadlineCluster;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Runs read from a real projector ({@link ReadsProjector}): a run's stream waits for its turn and
 * carries its own model calls' deltas, its join waits for its end, and another tenant's run or an
 * unknown one is none.
 */
class RunReadsIT {
  @BeforeAll
  static void start() throws Exception {
    ReadsProjector.start();
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
  void aThreadsRunsAreListedNewestFirstAndPagedByStatus() throws Exception {
    read("/v1/threads/reads-4/runs/run-1/join");
    JsonNode all = JSON.readTree(read("/v1/threads/reads-4/runs").body());
    assertThat(all.path("runs").findValuesAsText("runId")).contains("run-1");
    List<String> created = all.path("runs").findValuesAsText("createdAt");
    assertThat(created).isSortedAccordingTo(java.util.Comparator.reverseOrder());
    JsonNode ended =
        JSON.readTree(read("/v1/threads/reads-4/runs?status=success,error&limit=1").body());
    assertThat(ended.path("runs")).hasSize(1);
    assertThat(ended.path("runs").get(0).path("status").asText()).isEqualTo("success");
    assertThat(read("/v1/threads/reads-4/runs?status=nope").statusCode()).isEqualTo(400);
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
                    requestId, "reads-5", 0L, 0, "tok of " + requestId, Events.T0, null)));
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

  @Test
  void aRunsStreamCarriesItsToolCallsProgressAfterTheCallsRequest() throws Exception {
    send(List.of(PROGRESS.created("helper", null), PROGRESS.turnStarted()));
    CompletableFuture<HttpResponse<String>> stream =
        CompletableFuture.supplyAsync(() -> read("/v1/threads/reads-8/runs/prog-1/stream"));
    awaitStreamOpen("reads-8");
    try (var deltas =
            ThreadlineCluster.shared()
                .producer(fixture.topics().threadDeltas().valueSerde().serializer());
        var seen = projector.feed().subscribe("reads-8")) {
      deltas.send(
          new ProducerRecord<>(
              fixture.topics().threadDeltas().name(),
              "reads-8",
              new dev.threadline.avro.ContentDelta(
                  "reads-8/long-call",
                  "reads-8",
                  0L,
                  0,
                  "",
                  Events.T0,
                  new dev.threadline.avro.ToolProgress(1.0, 3.0, "indexing"))));
      deltas.flush();
      // Fed before the events that request it: the run's stream holds it until the call's request.
      long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
      while (!(seen.poll(Duration.ofMillis(200)) instanceof LiveFeed.Item.Delta)) {
        assertThat(System.nanoTime()).as("the progress reached the feed").isLessThan(deadline);
      }
    }
    send(
        List.of(
            PROGRESS.input("prog-1", "index it"),
            PROGRESS.toolRequested("indexer", "reads-8/long-call"),
            PROGRESS.toolCompleted("indexer", 5, null),
            PROGRESS.message(dev.threadline.avro.Role.ASSISTANT, "indexed"),
            PROGRESS.turnCompleted(1)));

    String body = stream.get(30, java.util.concurrent.TimeUnit.SECONDS).body();
    assertThat(body)
        .contains(
            "event: progress\ndata: {\"requestId\":\"reads-8/long-call\",\"index\":0,"
                + "\"progress\":1.0,\"total\":3.0,\"message\":\"indexing\"}");
    assertThat(body.indexOf("event: progress"))
        .isGreaterThan(body.indexOf("event: ToolCallRequested"));
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

  /**
   * A join may be asked as soon as its run was sent: on a busy stack the thread's first event can
   * come later than a fence waits for, so the join waits for the thread within its own wait.
   */
  @Test
  void aJoinAskedBeforeItsThreadIsProjectedWaitsForItWithinItsWait() throws Exception {
    Events late = new Events("reads-late", "acme");
    CompletableFuture<HttpResponse<String>> join =
        CompletableFuture.supplyAsync(() -> read("/v1/threads/reads-late/runs/run-1/join?wait=60"));
    Thread.sleep(ReadsProjector.FENCE.toMillis() + 1_000);
    assertThat(join).as("still waiting past a fence's wait").isNotDone();

    send(
        List.of(
            late.created("helper", null),
            late.turnStarted(),
            late.input("run-1", "hello"),
            late.message(dev.threadline.avro.Role.ASSISTANT, "hi"),
            late.turnCompleted(1)));

    HttpResponse<String> joined = join.get(30, java.util.concurrent.TimeUnit.SECONDS);
    assertThat(joined.statusCode()).isEqualTo(200);
    assertThat(JSON.readTree(joined.body()).path("run").path("status").asText())
        .isEqualTo("success");
    assertThat(read("/v1/threads/reads-never/runs/run-1/join?wait=1").statusCode())
        .as("a thread that never comes")
        .isEqualTo(404);
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
}
