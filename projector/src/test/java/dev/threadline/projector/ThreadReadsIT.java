package dev.threadline.projector;

import static dev.threadline.projector.ReadsProjector.*;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.threadline.config.ApiKeys;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * ThreadState reads from a real projector ({@link ReadsProjector}): who may read (a tenant's key, a
 * service's pass for one tenant, the internal token of an older release), messages and events paged
 * from the log by count and bytes, the effects, env and variables a thread holds, and a read fenced
 * at an event seq that waits for it.
 */
class ThreadReadsIT {
  @BeforeAll
  static void start() throws Exception {
    ReadsProjector.start();
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
  void aMessageBetweenAgentsReadsAsSilentNamingItsSender() throws Exception {
    JsonNode messages =
        JSON.readTree(get("/v1/threads/reads-10/messages", INTERNAL, "acme").body());
    assertThat(messages.path("messages"))
        .anySatisfy(
            m -> {
              assertThat(m.path("sender").asText()).isEqualTo("subagent:research");
              assertThat(m.path("silent").asBoolean()).isTrue();
            })
        .anySatisfy(m -> assertThat(m.has("silent")).as("a person's message").isFalse());
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
  void aBranchsCopiesReadAsCopiesOfTheFirstMessageAndTheSummaryNamesTheLatestBranch()
      throws Exception {
    long last = BRANCHED.lastSeq();
    JsonNode messages =
        JSON.readTree(
            get("/v1/threads/reads-9/messages?atLeastSeq=" + last, INTERNAL, "acme").body());
    Map<Long, Long> copyOf = new java.util.TreeMap<>();
    for (JsonNode m : messages.path("messages")) {
      if (m.has("copyOf")) {
        copyOf.put(m.path("messageSeq").asLong(), m.path("copyOf").asLong());
      }
    }
    assertThat(copyOf).isEqualTo(Map.of(5L, 1L, 6L, 2L, 7L, 3L, 9L, 1L, 10L, 2L));

    JsonNode summary = JSON.readTree(get("/v1/threads/reads-9", INTERNAL, "acme").body());
    assertThat(summary.path("branch").path("atMessageSeq").asLong()).isEqualTo(6);
    assertThat(summary.path("branch").path("firstMessageSeq").asLong()).isEqualTo(9);
    assertThat(summary.path("branch").path("copied").asInt()).isEqualTo(2);
    assertThat(summary.path("branch").path("eventSeq").asLong()).isEqualTo(11); // the second
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
