package dev.threadline.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * The hostile tenant of {@link HostileTenantAcceptance} tries to make the stack spend on it: four
 * reads at once of a page of its largest messages, and a reply that fires subprompts past its
 * thread's spent model-call budget (the stack runs with {@link #CALLS_PER_THREAD}). Each page stays
 * within its byte bound and paging on reads every message; the calls past the budget are refused as
 * the tool's error and the thread waits for its budget; the bystander's turn finishes in its usual
 * time meanwhile.
 */
final class HostileSpendAcceptance {
  /** The stack's {@code threadline.budget.model.calls.per.thread.per.hour}. */
  static final int CALLS_PER_THREAD = 100;

  private static final int MESSAGE_CHARS = 250_000;
  private static final int MESSAGES = 40;
  private static final HttpClient HTTP =
      HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

  private final StackClient victim;
  private final StackClient attacker;

  HostileSpendAcceptance(StackClient victim) {
    this.victim = victim;
    this.attacker =
        new StackClient(victim.ingest(), victim.projector(), HostileTenantAcceptance.KEY);
  }

  void run() throws Exception {
    pagesOfTheLargestMessagesStayWithinTheirBytes();
    subpromptsPastASpentBudgetAreRefused();
  }

  /**
   * 40 messages of 250,000 characters: a page of a thousand would be 10 MB (and of a thousand such
   * messages, 262 MB). Four reads at once each get one page of about 4 MiB at most, and paging on
   * from each page's lastSeq reads all 40.
   */
  private void pagesOfTheLargestMessagesStayWithinTheirBytes() throws Exception {
    attacker.putAgent("hoarder", "{\"model\": {\"provider\": \"scripted\", \"script\": []}}");
    String thread = attacker.createThread("{\"agent\": \"hoarder\"}");
    String large = "m".repeat(MESSAGE_CHARS);
    // Ten at a time: what arrives while a turn runs queues, and a thread queues at most 4 MiB.
    for (int sent = 0; sent < MESSAGES; sent += 10) {
      for (int i = sent; i < sent + 10; i++) {
        attacker.sendMessage(thread, "{\"text\": \"" + i + large + "\"}");
      }
      int expected = sent + 10;
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
      while (!(attacker.thread(thread).path("status").asText().equals("IDLE")
          && largeMessages(thread) >= expected)) {
        assertThat(System.nanoTime()).as(expected + " large messages stored").isLessThan(deadline);
        Thread.sleep(200);
      }
    }
    String page = victim.projector() + "/v1/threads/" + StackClient.encode(thread) + "/messages";
    List<CompletableFuture<HttpResponse<String>>> reads = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      reads.add(HTTP.sendAsync(get(page + "?limit=1000"), HttpResponse.BodyHandlers.ofString()));
    }
    HostileTenantAcceptance.bystanderFinishes(victim, "four pages of the largest messages");
    for (var read : reads) {
      HttpResponse<String> answer = read.get(60, TimeUnit.SECONDS);
      assertThat(answer.statusCode()).isEqualTo(200);
      assertThat(answer.body().length()).as("one page's bytes").isLessThan(5_000_000);
      assertThat(StackClient.JSON.readTree(answer.body()).path("messages").size())
          .as("a page stops at its bytes")
          .isBetween(1, MESSAGES - 1);
    }
    assertThat(largeMessages(thread)).as("paging on reads every message").isEqualTo(MESSAGES);
  }

  /**
   * Two replies of 60 subprompt calls each: the thread's budget is spent within the second, whose
   * calls past it are the tool's error naming the budget; the thread then waits for its budget, and
   * aborting it ends the wait.
   */
  private void subpromptsPastASpentBudgetAreRefused() throws Exception {
    StringBuilder calls = new StringBuilder();
    for (int i = 0; i < 60; i++) {
      calls
          .append(i == 0 ? "" : ", ")
          .append("{\"name\": \"idea\", \"arguments\": {\"message\": \"" + i + "\"}}");
    }
    String reply = "{\"toolCalls\": [" + calls + "]}";
    attacker.putAgent(
        "spender",
        "{\"model\": {\"provider\": \"scripted\", \"script\": ["
            + String.join(", ", reply, reply)
            + ", {\"text\": \"done\"}]},"
            + " \"subprompts\": [{\"name\": \"idea\", \"prompt\": \"One idea.\","
            + " \"model\": {\"provider\": \"scripted\", \"script\": [{\"text\": \"an idea\"}]}}],"
            + " \"stop\": {\"stopOnResponse\": true, \"maxSteps\": 6}}");
    String thread = attacker.createThread("{\"agent\": \"spender\", \"message\": \"spend\"}");
    attacker.awaitThread(
        thread,
        s ->
            s.path("waitingForBudget")
                .asText()
                .equals("threadline.budget.model.calls.per.thread.per.hour"),
        "waiting for its spent budget");
    List<JsonNode> events = events(thread);
    HostileTenantAcceptance.bystanderFinishes(victim, "subprompts past a spent budget");
    long refused =
        StackClient.toolResults(events).stream()
            .filter(r -> r.toString().contains("threadline.budget.model.calls.per.thread"))
            .count();
    assertThat(refused).as("subprompt calls past the budget refused").isPositive();
    assertThat(StackClient.count(events, "ModelCallCompleted"))
        .as("model calls answered for the thread")
        .isLessThanOrEqualTo(CALLS_PER_THREAD);
    attacker.write("POST", "/v1/threads/" + StackClient.encode(thread) + "/abort", "{}", 202);
    attacker.awaitThread(thread, s -> s.path("status").asText().equals("IDLE"), "aborted");
  }

  /** Every event of the attacker's {@code thread}, read page by page. */
  private List<JsonNode> events(String thread) throws Exception {
    String url = victim.projector() + "/v1/threads/" + StackClient.encode(thread) + "/events";
    List<JsonNode> events = new ArrayList<>();
    long after = 0;
    while (true) {
      JsonNode answer = attacker.get(url + "?limit=1000&after=" + after);
      if (answer.path("events").isEmpty()) {
        return events;
      }
      answer.path("events").forEach(events::add);
      after = answer.path("lastSeq").asLong();
    }
  }

  /** The large messages of the attacker's {@code thread}, read page by page. */
  private int largeMessages(String thread) throws Exception {
    String url = victim.projector() + "/v1/threads/" + StackClient.encode(thread) + "/messages";
    long after = 0;
    int users = 0;
    while (true) {
      JsonNode answer = attacker.get(url + "?limit=1000&after=" + after);
      JsonNode messages = answer.path("messages");
      if (messages.isEmpty()) {
        return users;
      }
      for (JsonNode message : messages) {
        // Compaction's summaries are messages too; the large ones are the attacker's.
        users += message.path("content").asText().length() >= MESSAGE_CHARS ? 1 : 0;
      }
      after = answer.path("lastSeq").asLong();
    }
  }

  private static HttpRequest get(String url) {
    return HttpRequest.newBuilder(URI.create(url))
        .header("Authorization", "Bearer " + HostileTenantAcceptance.KEY)
        .timeout(Duration.ofSeconds(60))
        .build();
  }
}
