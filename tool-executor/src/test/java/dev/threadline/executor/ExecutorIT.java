package dev.threadline.executor;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.threadline.avro.ContextReuse;
import dev.threadline.avro.ModelError;
import dev.threadline.avro.ModelResponse;
import dev.threadline.avro.ModelResult;
import dev.threadline.avro.ThreadGroup;
import dev.threadline.avro.ToolResult;
import dev.threadline.executor.model.DeltaSink;
import dev.threadline.executor.model.ModelOutcome;
import dev.threadline.executor.model.ModelProvider;
import dev.threadline.executor.model.ModelProviders;
import dev.threadline.executor.model.ScriptedProvider;
import dev.threadline.executor.tools.Tool;
import dev.threadline.executor.tools.ToolRegistry;
import dev.threadline.executor.tools.Tools;
import dev.threadline.executor.tools.builtin.EchoTool;
import dev.threadline.testkit.ThreadlineCluster;
import dev.threadline.topics.ContextDigest;
import dev.threadline.topics.Topics;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The executor against a real broker and registry: concurrency, per-thread order, lane priority.
 */
class ExecutorIT {
  private static final ThreadlineCluster cluster = ThreadlineCluster.shared();
  private static final ObjectMapper JSON = new ObjectMapper();
  private static Topics topics;
  private static KafkaProducer<byte[], byte[]> producer;
  private static ResultReader reader;
  private static List<ModelResult> modelResults;
  private static List<ToolResult> toolResults;
  private static List<dev.threadline.avro.ContentDelta> deltas;

  /** When each model result was published (its record timestamp), by thread id. */
  private static Map<String, Long> modelResultTimes;

  /** Completes only when {@code PARTIES} calls are running at the same moment. */
  static final int PARTIES = 20;

  static final CountDownLatch rendezvous = new CountDownLatch(PARTIES);
  static final Map<String, List<String>> spans = new ConcurrentHashMap<>();

  static final Tool RENDEZVOUS =
      Tools.of(
          "rendezvous",
          "waits for the others",
          Duration.ofSeconds(20),
          (c, args) -> {
            rendezvous.countDown();
            return rendezvous.await(15, TimeUnit.SECONDS) ? "all together" : "alone";
          });
  static final Tool SPAN =
      Tools.of(
          "span",
          "records when it runs",
          (c, args) -> {
            List<String> log =
                spans.computeIfAbsent(c.threadId(), k -> new CopyOnWriteArrayList<>());
            log.add("start " + args.path("n").asInt());
            Thread.sleep(30);
            log.add("end " + args.path("n").asInt());
            return "ok";
          });

  /** A model that answers with the contents of the whole context it was given, joined by "|". */
  static final ModelProvider TRANSCRIPT =
      new ModelProvider() {
        public String name() {
          return "transcript";
        }

        public ModelOutcome complete(dev.threadline.avro.ModelRequest request, DeltaSink deltas) {
          String text =
              String.join(
                  "|",
                  request.getMessages().stream().map(m -> String.valueOf(m.getContent())).toList());
          return new ModelOutcome.Reply(
              text, List.of(), new dev.threadline.avro.Usage(1L, 1L, 0L, 0L), "stop", "transcript");
        }
      };

  private static Executor executor;

  @BeforeAll
  static void start() throws Exception {
    topics = ProvisionedTopics.on(cluster, "ex-it.", 3);
    producer = cluster.rawProducer();
    ExecutorSettings s =
        ExecutorSettings.from(
            Map.of(
                "threadline.executor.group.id",
                "ex-it-executor",
                "threadline.executor.budget.chore",
                "8",
                "threadline.executor.budget.will",
                "4"),
            Map.of());
    executor =
        new Executor(
                cluster.bootstrapServers(),
                topics,
                s,
                new ModelProviders(List.of(new ScriptedProvider(), TRANSCRIPT)),
                new ToolRegistry(List.of(new EchoTool(), RENDEZVOUS, SPAN)),
                Clock.systemUTC())
            .start();
    // Tests judge timing by what the reader sees: it must be reading before they start.
    reader = new ResultReader(cluster.bootstrapServers(), topics, "ex-it-reader");
    modelResults = reader.modelResults;
    toolResults = reader.toolResults;
    deltas = reader.deltas;
    modelResultTimes = reader.modelResultTimes;
  }

  @AfterAll
  static void stop() throws Exception {
    reader.close();
    executor.close();
    producer.close();
  }

  static void sendTool(String threadId, String requestId, String tool, String args) {
    sendTool(threadId, requestId, tool, args, Instant.now().plusSeconds(60));
  }

  static void sendTool(
      String threadId, String requestId, String tool, String args, Instant deadline) {
    var request = Requests.tool(threadId, tool, args, deadline);
    request.setRequestId(requestId);
    var topic = topics.toolRequests(ThreadGroup.CHAT);
    producer.send(
        new ProducerRecord<>(
            topic.name(), threadId.getBytes(StandardCharsets.UTF_8), topic.serialize(request)));
  }

  static void sendModel(ThreadGroup lane, String threadId, String script) {
    var request = Requests.model(threadId, "scripted", script, 1, Instant.now().plusSeconds(120));
    request.setGroup(lane);
    var topic = topics.modelRequests(lane);
    producer.send(
        new ProducerRecord<>(
            topic.name(), threadId.getBytes(StandardCharsets.UTF_8), topic.serialize(request)));
  }

  private static long toolResultsOf(String requestId) {
    return toolResults.stream().filter(r -> r.getRequestId().equals(requestId)).count();
  }

  /** A request can wait in a busy lane past its deadline; it is work to do, not to drop. */
  @Test
  void aRequestThatWaitedPastItsDeadlineIsStillAnswered() throws Exception {
    sendTool("late-1", "late-1/t1/s1/c0", "echo", "{\"n\":1}", Instant.now().minusSeconds(5));
    producer.flush();

    await(
        () -> toolResultsOf("late-1/t1/s1/c0") == 1 ? true : null,
        Duration.ofSeconds(30),
        "the late request's result");
  }

  /**
   * The step processor re-issues a request it has no result for by its deadline: a copy of one this
   * executor answered is answered again with that same result, and the tool does not run again.
   */
  @Test
  void aCopyOfARequestAlreadyAnsweredIsAnsweredAgainWithTheSameResultWithoutRunningIt()
      throws Exception {
    for (int copy = 1; copy <= 2; copy++) {
      sendTool("copy-1", "copy-1/t1/s1/c0", "span", "{\"n\":1}");
      producer.flush();
      int answered = copy;
      await(
          () -> toolResultsOf("copy-1/t1/s1/c0") == answered ? true : null,
          Duration.ofSeconds(30),
          "answer " + copy);
    }
    List<ToolResult> answers =
        toolResults.stream().filter(r -> r.getRequestId().equals("copy-1/t1/s1/c0")).toList();
    assertThat(answers.get(1)).isEqualTo(answers.get(0));
    assertThat(spans.get("copy-1")).containsExactly("start 1", "end 1");
  }

  static <T> T await(java.util.function.Supplier<T> probe, Duration timeout, String what)
      throws InterruptedException {
    return ResultReader.await(probe, timeout, what);
  }

  @Test
  void shouldRunRequestsOfManyThreadsConcurrently() throws Exception {
    for (int i = 0; i < PARTIES; i++) {
      sendTool("conc-" + i, "conc-" + i + "/t1/s1/c0", "rendezvous", "{}");
    }
    producer.flush();

    await(
        () ->
            toolResults.stream().filter(r -> r.getThreadId().startsWith("conc-")).count() == PARTIES
                ? true
                : null,
        Duration.ofSeconds(30),
        "all results");

    assertThat(toolResults)
        .filteredOn(r -> r.getThreadId().startsWith("conc-"))
        .allSatisfy(r -> assertThat(r.getOutput()).isEqualTo("all together"));
  }

  @Test
  void shouldNeverRunTwoRequestsOfOneThreadAtOnce() throws Exception {
    for (int n = 0; n < 5; n++) {
      sendTool("seq-1", "seq-1/t1/s1/c" + n, "span", "{\"n\":" + n + "}");
    }
    producer.flush();

    await(
        () ->
            toolResults.stream().filter(r -> r.getThreadId().equals("seq-1")).count() == 5
                ? true
                : null,
        Duration.ofSeconds(30),
        "five results");

    assertThat(spans.get("seq-1"))
        .containsExactly(
            "start 0", "end 0", "start 1", "end 1", "start 2", "end 2", "start 3", "end 3",
            "start 4", "end 4");
  }

  @Test
  void aRequestThatReusesThePreviousOnesContextIsAnsweredOnTheWholeContext() throws Exception {
    var first = Requests.model("reuse-1", "transcript", "{}", 1, Instant.now().plusSeconds(60));
    var second = Requests.model("reuse-1", "transcript", "{}", 2, Instant.now().plusSeconds(60));
    second.getMessages().set(1, message("more"));
    // [be brief, hi] then [be brief] + "hi" of the first + [more]
    second.setReuse(
        new ContextReuse(
            first.getRequestId(),
            1,
            1,
            1,
            ContextDigest.of(new int[] {ContextDigest.hash(first.getMessages().get(1))}, 0, 1)));
    send(first);
    send(second);
    producer.flush();

    assertThat(textOf(awaitModelResult(second.getRequestId()))).isEqualTo("be brief|hi|more");
    assertThat(textOf(awaitModelResult(first.getRequestId()))).isEqualTo("be brief|hi");
  }

  @Test
  void aRequestReusingAContextThisExecutorDoesNotHoldIsAnsweredContextMissing() throws Exception {
    var orphan = Requests.model("reuse-2", "transcript", "{}", 2, Instant.now().plusSeconds(60));
    orphan.setReuse(new ContextReuse("reuse-2/t1/s1/model", 1, 1, 1, 42L));
    send(orphan);
    producer.flush();

    ModelResult result = awaitModelResult(orphan.getRequestId());

    assertThat(result.getOutcome())
        .isInstanceOfSatisfying(
            ModelError.class,
            e -> {
              assertThat(e.getCode()).isEqualTo(ContextDigest.MISSING);
              assertThat(e.getRetryable()).isTrue();
              assertThat(e.getMessage()).contains("no context of this thread");
            });
  }

  private static dev.threadline.avro.ChatMessage message(String content) {
    return dev.threadline.avro.ChatMessage.newBuilder()
        .setRole(dev.threadline.avro.Role.USER)
        .setContent(content)
        .build();
  }

  private static void send(dev.threadline.avro.ModelRequest request) {
    var topic = topics.modelRequests(request.getGroup());
    producer.send(
        new ProducerRecord<>(
            topic.name(),
            request.getThreadId().getBytes(StandardCharsets.UTF_8),
            topic.serialize(request)));
  }

  private static ModelResult awaitModelResult(String requestId) throws InterruptedException {
    return await(
        () ->
            modelResults.stream()
                .filter(r -> r.getRequestId().equals(requestId))
                .findFirst()
                .orElse(null),
        Duration.ofSeconds(30),
        "the result of " + requestId);
  }

  private static String textOf(ModelResult result) {
    assertThat(result.getOutcome()).isInstanceOf(ModelResponse.class);
    return String.valueOf(((ModelResponse) result.getOutcome()).getText());
  }

  @Test
  void shouldStreamTextAsDeltasBeforeTheResult() throws Exception {
    sendModel(
        ThreadGroup.TASK,
        "stream-1",
        "{\"provider\":\"scripted\",\"stream\":true,\"script\":[{\"text\":\"one two three\"}]}");
    producer.flush();

    ModelResult result =
        await(
            () ->
                modelResults.stream()
                    .filter(r -> r.getThreadId().equals("stream-1"))
                    .findFirst()
                    .orElse(null),
            Duration.ofSeconds(30),
            "the result");
    var streamed =
        await(
            () ->
                deltas.stream().filter(d -> d.getThreadId().equals("stream-1")).count() == 3
                    ? deltas.stream().filter(d -> d.getThreadId().equals("stream-1")).toList()
                    : null,
            Duration.ofSeconds(30),
            "three deltas");

    assertThat(streamed).extracting(d -> d.getIndex()).containsExactly(0, 1, 2);
    assertThat(streamed).extracting(d -> d.getRequestId()).containsOnly(result.getRequestId());
    assertThat(String.join("", streamed.stream().map(d -> d.getText()).toList()))
        .isEqualTo(((ModelResponse) result.getOutcome()).getText());
  }

  @Test
  void aBacklogOfChoreAndWillRequestsDoesNotDelayAChatRequest() throws Exception {
    String slow = "{\"provider\":\"scripted\",\"script\":[{\"text\":\"later\"}],\"latencyMs\":20}";
    int backlog = 2_000;
    for (int i = 0; i < backlog; i++) {
      sendModel(ThreadGroup.CHORE, "chore-" + i, slow);
      sendModel(ThreadGroup.WILL, "will-" + i, slow);
    }
    producer.flush();
    await(
        () ->
            modelResults.stream().anyMatch(r -> r.getThreadId().startsWith("chore-")) ? true : null,
        Duration.ofSeconds(30),
        "the backlog to start");

    long sent = System.nanoTime();
    sendModel(
        ThreadGroup.CHAT,
        "chat-1",
        "{\"provider\":\"scripted\",\"script\":[{\"text\":\"right away\"}]}");
    producer.flush();
    ModelResult chat =
        await(
            () ->
                modelResults.stream()
                    .filter(r -> r.getThreadId().equals("chat-1"))
                    .findFirst()
                    .orElse(null),
            Duration.ofSeconds(30),
            "the chat result");
    long chatMillis = (System.nanoTime() - sent) / 1_000_000;
    // Judged by when the executor published each result, not by when this test's reader saw it.
    long chatPublished = modelResultTimes.get("chat-1");
    long backlogDone =
        modelResultTimes.entrySet().stream()
            .filter(e -> e.getKey().startsWith("chore-") || e.getKey().startsWith("will-"))
            .filter(e -> e.getValue() < chatPublished)
            .count();

    System.out.printf(
        "chat answered in %d ms while %d of %d backlog requests were done%n",
        chatMillis, backlogDone, 2 * backlog);
    assertThat(((ModelResponse) chat.getOutcome()).getText()).isEqualTo("right away");
    assertThat(backlogDone)
        .as("the chat request overtook the backlog")
        .isLessThan(2L * backlog / 2);
  }
}
