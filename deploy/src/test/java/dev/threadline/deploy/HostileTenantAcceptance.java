package dev.threadline.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;

/**
 * A second tenant of {@code ./threadline up}'s stack attacks while the stack's own tenant works:
 * two run_code memory pins, an agent edited to allow a tool its running threads froze as ask, a
 * dynamic import spelled past a text scan, 400 held reads of a thread it does not own, 200 streams
 * opened and closed, and 2,000 threads of one large team. Each attack is refused or contained, and
 * the other tenant's thread finishes in its usual time meanwhile.
 */
final class HostileTenantAcceptance {
  /** The attacker's key and tenant, given to the stack with THREADLINE_API_KEYS. */
  static final String KEY = "tl_mallory_key_for_the_hostile_tenant_acceptance";

  static final String TENANT = "mallory";

  private static final String PIN =
      "const hoard: number[] = new Array(6000000).fill(1.5); await new Promise(() => {});"
          + " export default hoard.length;";
  private static final String LEAK =
      "({...import('data:text/javascript,globalThis.leak%3D7')});"
          + " for (let i = 0; i < 50 && (globalThis as any).leak === undefined; i++) await null;"
          + " export default (globalThis as any).leak ?? 'none';";
  private static final String PAYS = "export default await tools.echo({ pay: 100 });";
  // One connection a read, as 400 clients would: HTTP/2 would multiplex them on one connection.
  private static final HttpClient HTTP =
      HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

  private final StackClient victim;
  private final StackClient attacker;
  private final String bootstrap;

  /** {@code bootstrap}: the stack's broker, whose step-processor changelogs the test reads. */
  HostileTenantAcceptance(StackClient victim, String bootstrap) {
    this.victim = victim;
    this.attacker = new StackClient(victim.ingest(), victim.projector(), KEY);
    this.bootstrap = bootstrap;
  }

  void run() throws Exception {
    victim.putAgent(
        "bystander",
        agent(
            "[{\"toolCalls\": [{\"name\": \"echo\", \"arguments\":"
                + " {\"n\": 1}}]}, {\"text\": \"still here\"}]",
            "{\"name\": \"echo\", \"permission\":" + " \"allow\"}"));
    codeCannotTakeTheExecutor();
    aScriptCannotRunAToolItsThreadFroze();
    heldReadsAndClosedStreamsCostOnlyTheirTenant();
    aCrowdOfThreadsKeepsOneCopyOfItsTeam();
  }

  /**
   * 2,000 idle threads of an agent whose team is ~200 KB: the bystander is answered meanwhile, and
   * the step processor keeps the team once per partition, not once per thread — the copies'
   * changelog holds a handful of records where the threads' references hold 2,000.
   */
  private void aCrowdOfThreadsKeepsOneCopyOfItsTeam() throws Exception {
    String large = "p".repeat(50_000);
    StringBuilder subagents = new StringBuilder();
    for (int i = 0; i < 4; i++) {
      attacker.putAgent(
          "crowd-" + i,
          "{\"model\": {\"provider\": \"scripted\"}, \"systemPrompt\": \"" + i + large + "\"}");
      subagents
          .append(i == 0 ? "" : ", ")
          .append("{\"name\": \"m" + i + "\", \"agent\": \"crowd-" + i + "\"}");
    }
    attacker.putAgent(
        "crowd",
        "{\"model\": {\"provider\": \"scripted\", \"script\": []}, \"subagents\": ["
            + subagents
            + "]}");
    long refsBefore = changelogRecords("thread-agent-refs");
    long copiesBefore = changelogRecords("shared-agents");
    List<CompletableFuture<HttpResponse<String>>> creations = new ArrayList<>();
    for (int i = 0; i < 2_000; i++) {
      creations.add(
          HTTP.sendAsync(
              HttpRequest.newBuilder(URI.create(victim.ingest() + "/v1/threads"))
                  .header("Authorization", "Bearer " + KEY)
                  .header("Content-Type", "application/json")
                  .POST(HttpRequest.BodyPublishers.ofString("{\"agent\": \"crowd\"}"))
                  .timeout(Duration.ofSeconds(120))
                  .build(),
              HttpResponse.BodyHandlers.ofString()));
      if (creations.size() % 50 == 0) {
        CompletableFuture.allOf(creations.toArray(CompletableFuture[]::new))
            .get(120, TimeUnit.SECONDS);
      }
    }
    bystanderFinishes("2,000 thread creations");
    long created = 0;
    for (var creation : creations) {
      HttpResponse<String> answer = creation.get(120, TimeUnit.SECONDS);
      assertThat(answer.statusCode()).as(answer.body()).isIn(201, 429);
      created += answer.statusCode() == 201 ? 1 : 0;
    }
    long expected = refsBefore + created;
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (changelogRecords("thread-agent-refs") < expected) {
      assertThat(System.nanoTime()).as("the %s threads frozen", created).isLessThan(deadline);
      Thread.sleep(200);
    }
    assertThat(created).as("creations past the tenant's request rate are 429s").isPositive();
    // At most one copy a task, each record with its transaction's marker (and the bystander's
    // thread, created meanwhile, may be its agent's first on a task).
    assertThat(changelogRecords("shared-agents") - copiesBefore)
        .as("records of copies of the crowd's team kept for %s threads", created)
        .isLessThanOrEqualTo(2L * changelogPartitions("shared-agents") + 2);
  }

  private int changelogPartitions(String store) throws Exception {
    String topic = "threadline-step-processor-" + store + "-changelog";
    try (var admin =
        org.apache.kafka.clients.admin.Admin.create(
            java.util.Map.of("bootstrap.servers", bootstrap))) {
      return admin
          .describeTopics(List.of(topic))
          .allTopicNames()
          .get()
          .get(topic)
          .partitions()
          .size();
    }
  }

  /**
   * The offsets written so far to the step processor's changelog of {@code store}: its records and
   * the markers of the transactions that wrote them.
   */
  private long changelogRecords(String store) throws Exception {
    String topic = "threadline-step-processor-" + store + "-changelog";
    try (var admin =
        org.apache.kafka.clients.admin.Admin.create(
            java.util.Map.of("bootstrap.servers", bootstrap))) {
      var partitions =
          admin.describeTopics(List.of(topic)).allTopicNames().get().get(topic).partitions();
      var latest =
          new java.util.HashMap<
              org.apache.kafka.common.TopicPartition, org.apache.kafka.clients.admin.OffsetSpec>();
      partitions.forEach(
          p ->
              latest.put(
                  new org.apache.kafka.common.TopicPartition(topic, p.partition()),
                  org.apache.kafka.clients.admin.OffsetSpec.latest()));
      long records = 0;
      for (var offset : admin.listOffsets(latest).all().get().values()) {
        records += offset.offset();
      }
      return records;
    }
  }

  /** Two memory pins and a dynamic import: contained at once; the bystander is answered. */
  private void codeCannotTakeTheExecutor() throws Exception {
    attacker.putAgent("pinner", coder(PIN));
    attacker.putAgent("importer", coder(LEAK));
    long start = System.nanoTime();
    List<String> pins = List.of(start("pinner"), start("pinner"));
    String imports = start("importer");
    bystanderFinishes("two run_code memory pins");
    for (String pin : pins) {
      String result = toolResult(pin);
      assertThat(result)
          .as("a pin settles at once, holding its memory for no tool timeout")
          .containsAnyOf("nothing can settle", "\\\"status\\\":\\\"memory\\\"");
    }
    assertThat(Duration.ofNanos(System.nanoTime() - start))
        .as("the pins' run_code calls ended long before their tool timeout (120 s)")
        .isLessThan(Duration.ofSeconds(90));
    assertThat(toolResult(imports)).as("what the imported module did").contains("none");
  }

  /**
   * An agent edited to allow a tool after its thread froze it as ask: the thread's script is
   * refused the tool, whatever the definition now says.
   */
  private void aScriptCannotRunAToolItsThreadFroze() throws Exception {
    attacker.putAgent("payer", coder(PAYS, "ask"));
    String thread = attacker.createThread("{\"agent\": \"payer\"}");
    attacker.putAgent("payer", coder(PAYS, "allow"));
    attacker.sendMessage(thread, "{\"text\": \"pay\"}");
    String result = toolResult(thread);
    assertThat(result).contains("needs approval");
    assertThat(
            StackClient.count(
                attacker.awaitEvents(thread, e -> true, "its events"), "ToolCallRequested"))
        .as("only run_code was called as a tool")
        .isEqualTo(1);
  }

  /**
   * 400 fenced reads of a thread the attacker does not own, 400 of threads that do not exist, then
   * 200 streams it opens and closes: the first are 404 at once, the reads that wait past its places
   * are refused, the closed streams give their places back, and the bystander's reads and thread
   * are as quick as ever.
   */
  private void heldReadsAndClosedStreamsCostOnlyTheirTenant() throws Exception {
    String someoneElses = victim.createThread("{\"agent\": \"bystander\"}");
    victim.awaitThread(someoneElses, t -> true, "projected");
    long started = System.nanoTime();
    for (var read : fencedReads(i -> someoneElses)) {
      HttpResponse<String> answer = read.get(90, TimeUnit.SECONDS);
      assertThat(answer.statusCode()).as(answer.body()).isIn(404, 429);
      assertThat(answer.body()).doesNotContain("lastSeq");
    }
    assertThat(Duration.ofNanos(System.nanoTime() - started))
        .as("400 reads of another's thread, none waiting out the 10 s fence")
        .isLessThan(Duration.ofSeconds(10));

    List<CompletableFuture<HttpResponse<String>>> reads = fencedReads(i -> "no-such-thread-" + i);
    long asked = System.nanoTime();
    victim.get(victim.ingest() + "/v1/agents");
    assertThat(Duration.ofNanos(System.nanoTime() - asked))
        .as("the bystander's agents while the attacker holds reads")
        .isLessThan(Duration.ofSeconds(3));
    bystanderFinishes("400 held reads");
    long refused = 0;
    for (var read : reads) {
      HttpResponse<String> answer = read.get(90, TimeUnit.SECONDS);
      assertThat(answer.statusCode()).as(answer.body()).isIn(404, 429);
      refused += answer.statusCode() == 429 ? 1 : 0;
    }
    assertThat(refused).as("fenced reads past the tenant's 50 places").isGreaterThanOrEqualTo(300);

    String own = attacker.createThread("{\"agent\": \"importer\"}");
    attacker.awaitThread(own, t -> true, "projected");
    for (int i = 0; i < 200; i++) {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
      while (!openAndClose(own)) {
        assertThat(System.nanoTime())
            .as("stream %s: the places of streams closed before it came back", i + 1)
            .isLessThan(deadline);
        Thread.sleep(100);
      }
    }
    bystanderFinishes("200 streams opened and closed");
  }

  /** 400 reads as the attacker, each of {@code thread.apply(i)} fenced at a seq far ahead. */
  private List<CompletableFuture<HttpResponse<String>>> fencedReads(IntFunction<String> thread) {
    List<CompletableFuture<HttpResponse<String>>> reads = new ArrayList<>();
    for (int i = 0; i < 400; i++) {
      reads.add(
          HTTP.sendAsync(
              HttpRequest.newBuilder(
                      URI.create(
                          victim.ingest()
                              + "/v1/threads/"
                              + StackClient.encode(thread.apply(i))
                              + "?atLeastSeq=1000000"))
                  .header("Authorization", "Bearer " + KEY)
                  .timeout(Duration.ofSeconds(60))
                  .build(),
              HttpResponse.BodyHandlers.ofString()));
    }
    return reads;
  }

  /** Opens a stream of {@code thread} as the attacker and goes away; whether it was opened. */
  private boolean openAndClose(String thread) throws Exception {
    URI ingest = URI.create(victim.ingest());
    try (Socket client = new Socket(ingest.getHost(), ingest.getPort())) {
      client.setSoTimeout(30_000);
      OutputStream out = client.getOutputStream();
      out.write(
          ("GET /v1/threads/"
                  + StackClient.encode(thread)
                  + "/stream HTTP/1.1\r\nHost: "
                  + ingest.getHost()
                  + "\r\nAuthorization: Bearer "
                  + KEY
                  + "\r\n\r\n")
              .getBytes(StandardCharsets.US_ASCII));
      out.flush();
      String status =
          new BufferedReader(new InputStreamReader(client.getInputStream(), StandardCharsets.UTF_8))
              .readLine();
      assertThat(status)
          .as("a stream is opened or refused for the tenant's cap")
          .matches(".* (200|429) .*");
      return status.contains(" 200 ");
    }
  }

  /** The bystander's thread runs its turn in its usual time while {@code attack} goes on. */
  private void bystanderFinishes(String attack) throws Exception {
    bystanderFinishes(victim, attack);
  }

  /** The stack's own tenant starts a thread of its bystander agent: it finishes within 30 s. */
  static void bystanderFinishes(StackClient victim, String attack) throws Exception {
    long start = System.nanoTime();
    String thread = victim.createThread("{\"agent\": \"bystander\", \"message\": \"hello\"}");
    victim.awaitEvents(thread, e -> StackClient.count(e, "TurnCompleted") >= 1, "its turn");
    assertThat(Duration.ofNanos(System.nanoTime() - start))
        .as("the bystander's turn during %s", attack)
        .isLessThan(Duration.ofSeconds(30));
  }

  private String start(String agent) throws Exception {
    return attacker.createThread("{\"agent\": \"" + agent + "\", \"message\": \"go\"}");
  }

  /** The content of the first tool result of the attacker's {@code thread}, once it has one. */
  private String toolResult(String thread) throws Exception {
    List<JsonNode> events =
        attacker.awaitEvents(
            thread, e -> !StackClient.toolResults(e).isEmpty(), "a run_code result");
    return StackClient.toolResults(events).getFirst().toString();
  }

  /** A scripted agent that calls run_code with {@code code} once, then answers. */
  private static String coder(String code) {
    return coder(code, "allow");
  }

  /** {@link #coder}, whose agent also has {@code echo} with {@code echoPermission}. */
  private static String coder(String code, String echoPermission) {
    String call =
        StackClient.JSON
            .createObjectNode()
            .put("name", "run_code")
            .set("arguments", StackClient.JSON.createObjectNode().put("code", code))
            .toString();
    return agent(
        "[{\"toolCalls\": [" + call + "]}, {\"text\": \"done\"}]",
        "{\"name\": \"run_code\", \"permission\": \"allow\"}, {\"name\": \"echo\","
            + " \"permission\": \""
            + echoPermission
            + "\"}");
  }

  private static String agent(String script, String tools) {
    return "{\"model\": {\"provider\": \"scripted\", \"script\": "
        + script
        + "}, \"systemPrompt\": \"You test.\", \"tools\": ["
        + tools
        + "], \"stop\": {\"stopOnResponse\": true, \"maxSteps\": 5}}";
  }
}
