package dev.threadline.step;

import static dev.threadline.step.Fixtures.call;
import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.avro.Abort;
import dev.threadline.avro.CommandRejected;
import dev.threadline.avro.ModelRequest;
import dev.threadline.avro.ResultIgnored;
import dev.threadline.avro.Role;
import dev.threadline.avro.StepRetried;
import dev.threadline.avro.SubagentSpec;
import dev.threadline.avro.Terminate;
import dev.threadline.avro.ThreadEvent;
import dev.threadline.avro.ThreadTerminated;
import dev.threadline.avro.ToolRequest;
import dev.threadline.avro.TurnCompleted;
import dev.threadline.testkit.ThreadlineCluster;
import dev.threadline.topics.Topics;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.LongStream;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.streams.KafkaStreams;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The step processor against a real KRaft broker and a real schema registry, with exactly-once
 * processing. The test plays the executor: it reads model and tool requests and answers them.
 */
class StepProcessorIT {
  private static final ThreadlineCluster cluster = ThreadlineCluster.shared();
  private static Topics topics;
  private static KafkaStreams streams;
  private static StepApp app;
  private static ClusterProbe probe;
  private static KafkaProducer<byte[], byte[]> producer;

  @BeforeAll
  static void startStepProcessor() throws Exception {
    app = new StepApp("sp-it", 3, Map.of("threadline.step.model.timeout.ms", "4000"));
    topics = app.topics;
    streams = app.start();
    probe = new ClusterProbe(cluster.bootstrapServers(), topics);
    producer = cluster.rawProducer();
    define(Fixtures.agent("helper", 20));
  }

  private static void registerSubagentAgents() {
    var boss =
        dev.threadline.avro.AgentDefinition.newBuilder(Fixtures.agent("boss", 20))
            .setSubagents(
                new java.util.ArrayList<>(
                    java.util.List.of(
                        SubagentSpec.newBuilder()
                            .setName("research")
                            .setAgent("researcher")
                            .setDescription("digs")
                            .setInitAttachmentsProperty("files")
                            .build())))
            .build();
    define(boss);
    define(Fixtures.agent("researcher", 20));
  }

  @AfterAll
  static void stop() throws Exception {
    producer.close();
    probe.close();
    streams.close(Duration.ofSeconds(10));
  }

  private static void send(String topic, String key, byte[] value) {
    try {
      producer.send(new ProducerRecord<>(topic, key.getBytes(StandardCharsets.UTF_8), value)).get();
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  private static void define(dev.threadline.avro.AgentDefinition agent) {
    define(Fixtures.TENANT, agent);
  }

  /** Defines {@code agent} for {@code tenant}, as the ingest does. */
  private static void define(String tenant, dev.threadline.avro.AgentDefinition agent) {
    agent.setTenantId(tenant);
    String name = topics.agentDefinitions().name();
    send(name, tenant + "/" + agent.getName(), topics.agentDefinitions().serialize(agent));
  }

  private static void command(dev.threadline.avro.ThreadCommand c) {
    send(topics.threadCommands().name(), c.getThreadId(), topics.threadCommands().serialize(c));
  }

  private static void answer(ModelRequest r, String text, dev.threadline.avro.ToolCall... calls) {
    var result = Fixtures.reply(r.getThreadId(), r.getRequestId(), r.getEpoch(), text, calls);
    send(topics.modelResults().name(), r.getThreadId(), topics.modelResults().serialize(result));
  }

  private static void answer(ToolRequest r, String output) {
    var result =
        Fixtures.toolResult(r.getThreadId(), r.getRequestId(), r.getEpoch(), r.getCallId(), output);
    send(topics.toolResults().name(), r.getThreadId(), topics.toolResults().serialize(result));
  }

  private static void start(String threadId, String text) {
    start(threadId, text, "helper");
  }

  private static void start(String threadId, String text, String agent) {
    command(Fixtures.create(threadId + "-create", threadId, agent));
    command(Fixtures.message(threadId + "-msg", threadId, text));
  }

  private static ModelRequest modelRequest(String threadId, int turn, int step) {
    return probe.awaitModelRequest(
        r -> r.getThreadId().equals(threadId) && r.getTurn() == turn && r.getStep() == step);
  }

  private static TurnCompleted turnCompleted(String threadId, int turn) {
    return (TurnCompleted)
        probe
            .awaitEvent(
                threadId, e -> e.getTurn() == turn && e.getPayload() instanceof TurnCompleted)
            .getPayload();
  }

  @Test
  void shouldRunAMultiStepTurnWithSequentialToolCalls() {
    start("it-multi", "research this");
    ModelRequest first = modelRequest("it-multi", 1, 1);

    answer(first, null, call("a", "echo", "{\"n\":1}"), call("b", "search", "{\"q\":\"kafka\"}"));
    ToolRequest echo =
        probe.awaitToolRequest(
            r -> r.getThreadId().equals("it-multi") && r.getCallId().equals("a"));
    assertThat(probe.toolRequests)
        .noneMatch(r -> r.getCallId().equals("b") && r.getThreadId().equals("it-multi"));
    answer(echo, "{\"n\":1}");
    answer(
        probe.awaitToolRequest(
            r -> r.getThreadId().equals("it-multi") && r.getCallId().equals("b")),
        "found it");
    ModelRequest second = modelRequest("it-multi", 1, 2);
    assertThat(second.getMessages())
        .extracting(m -> m.getRole())
        .containsExactly(Role.SYSTEM, Role.SYSTEM, Role.USER, Role.ASSISTANT, Role.TOOL, Role.TOOL);
    answer(second, "summary");

    assertThat(turnCompleted("it-multi", 1).getReason()).isEqualTo("response");
    List<ThreadEvent> events = probe.events("it-multi");
    assertThat(events)
        .extracting(ThreadEvent::getSeq)
        .isEqualTo(LongStream.rangeClosed(1, events.size()).boxed().toList());
  }

  @Test
  void shouldInjectAMessageQueuedWhileBusyBeforeTheNextModelCall() {
    start("it-queue", "start");
    ModelRequest first = modelRequest("it-queue", 1, 1);
    command(Fixtures.message("it-queue-later", "it-queue", "one more thing"));
    probe.awaitEvent("it-queue", e -> e.getPayload() instanceof dev.threadline.avro.MessageQueued);

    answer(first, null, call("a", "echo", "{}"));
    answer(probe.awaitToolRequest(r -> r.getThreadId().equals("it-queue")), "{}");

    ModelRequest second = modelRequest("it-queue", 1, 2);
    assertThat(second.getMessages().getLast().getContent()).isEqualTo("one more thing");
  }

  @Test
  void shouldIgnoreALateResultOfAnAbortedTurn() {
    start("it-abort", "slow work");
    ModelRequest first = modelRequest("it-abort", 1, 1);
    command(Fixtures.command("it-abort-abort", "it-abort", new Abort("changed my mind")));
    assertThat(turnCompleted("it-abort", 1).getReason()).isEqualTo("aborted");

    answer(first, "too late");

    ResultIgnored ignored =
        (ResultIgnored)
            probe.awaitEvent("it-abort", e -> e.getPayload() instanceof ResultIgnored).getPayload();
    assertThat(ignored.getRequestId()).isEqualTo(first.getRequestId());
    assertThat(ignored.getReason()).contains("stale epoch");
  }

  @Test
  void shouldRejectEveryCommandAfterTerminate() {
    start("it-term", "hello");
    modelRequest("it-term", 1, 1);
    command(Fixtures.command("it-term-t", "it-term", new Terminate("shutting down")));
    probe.awaitEvent("it-term", e -> e.getPayload() instanceof ThreadTerminated);

    command(Fixtures.message("it-term-after", "it-term", "are you there?"));

    var rejected =
        (CommandRejected)
            probe
                .awaitEvent(
                    "it-term",
                    e ->
                        e.getPayload() instanceof CommandRejected c
                            && "it-term-after".equals(c.getCommandId()))
                .getPayload();
    assertThat(rejected.getReason()).isEqualTo("thread is terminated");
    ClusterProbe.await(
        () ->
            probe.deadLetters.stream()
                    .anyMatch(r -> new String(r.key(), StandardCharsets.UTF_8).equals("it-term"))
                ? true
                : null,
        "a dead letter");
  }

  @Test
  void shouldIgnoreADuplicateResult() {
    start("it-dup", "go");
    ModelRequest first = modelRequest("it-dup", 1, 1);
    answer(first, null, call("a", "echo", "{}"));
    probe.awaitToolRequest(r -> r.getThreadId().equals("it-dup"));

    answer(first, null, call("a", "echo", "{}"));

    probe.awaitEvent("it-dup", e -> e.getPayload() instanceof ResultIgnored);
    assertThat(probe.toolRequests.stream().filter(r -> r.getThreadId().equals("it-dup")))
        .hasSize(1);
  }

  @Test
  void shouldReissueARequestWithTheSameIdAfterItsDeadline() {
    start("it-deadline", "anyone?");
    ModelRequest first = modelRequest("it-deadline", 1, 1);

    ModelRequest again =
        probe.awaitModelRequest(r -> r.getThreadId().equals("it-deadline") && r.getAttempt() == 2);

    assertThat(again.getRequestId()).isEqualTo(first.getRequestId());
    probe.awaitEvent("it-deadline", e -> e.getPayload() instanceof StepRetried);
    answer(again, "here");
    assertThat(turnCompleted("it-deadline", 1).getReason()).isEqualTo("response");
  }

  @Test
  void shouldDeliverAChildsResultToItsParentOnAnotherPartitionWithAttachmentsCopied()
      throws Exception {
    registerSubagentAgents();
    Thread.sleep(500); // the global agent store catches up
    String parent = null;
    for (int i = 0; i < 50 && parent == null; i++) {
      String candidate = "it-parent-" + i;
      if (partition(candidate) != partition(candidate + "/research-1.1.0")) {
        parent = candidate;
      }
    }
    assertThat(parent).as("a parent whose child lands on another partition").isNotNull();
    String child = parent + "/research-1.1.0";
    java.nio.file.Path notes = app.folder(Fixtures.TENANT, parent).resolve("notes.txt");
    java.nio.file.Files.createDirectories(notes.getParent());
    java.nio.file.Files.writeString(notes, "share groups?");
    command(Fixtures.create(parent + "-create", parent, "boss"));
    command(Fixtures.message(parent + "-msg", parent, "find out about KIP-932"));

    answer(
        modelRequest(parent, 1, 1),
        null,
        call("r1", "research", "{\"message\":\"what is KIP-932?\",\"files\":[\"notes.txt\"]}"));
    ModelRequest childRequest = modelRequest(child, 1, 1);
    assertThat(childRequest.getMessages().getLast().getContent()).isEqualTo("what is KIP-932?");
    assertThat(childRequest.getMessages().getLast().getAttachments())
        .extracting(a -> a.getPath())
        .containsExactly("notes.txt");
    assertThat(
            java.nio.file.Files.readString(app.folder(Fixtures.TENANT, child).resolve("notes.txt")))
        .isEqualTo("share groups?");
    java.nio.file.Files.writeString(
        app.folder(Fixtures.TENANT, child).resolve("answer.txt"), "KIP-932 adds share groups");
    answer(modelRequest(parent, 1, 2), "waiting for research");
    answer(
        childRequest,
        null,
        call(
            "s1", "sessionStop", "{\"result\":\"share groups\",\"attachments\":[\"answer.txt\"]}"));

    ModelRequest resumed = modelRequest(parent, 2, 1);
    assertThat(resumed.getMessages().getLast().getContent())
        .isEqualTo(
            "[subagent research completed] {\"result\":\"share groups\",\"attachments\":[\"answer.txt\"]}");
    assertThat(resumed.getMessages().getLast().getAttachments())
        .extracting(a -> a.getPath())
        .containsExactly("answer.txt");
    assertThat(
            java.nio.file.Files.readString(
                app.folder(Fixtures.TENANT, parent).resolve("answer.txt")))
        .isEqualTo("KIP-932 adds share groups");
    probe.awaitEvent(child, e -> e.getPayload() instanceof ThreadTerminated);
    probe.awaitEvent(parent, e -> e.getPayload() instanceof dev.threadline.avro.ChildStatusUpdated);
  }

  private static int partition(String threadId) {
    return org.apache.kafka.common.utils.Utils.toPositive(
            org.apache.kafka.common.utils.Utils.murmur2(threadId.getBytes(StandardCharsets.UTF_8)))
        % 3;
  }

  @Test
  void shouldDeadLetterAPoisonRecordAndKeepProcessing() {
    send(
        topics.threadCommands().name(),
        "it-poison",
        "definitely not avro".getBytes(StandardCharsets.UTF_8));
    start("it-poison", "still alive?");

    modelRequest("it-poison", 1, 1);
    var dead =
        ClusterProbe.await(
            () ->
                probe.deadLetters.stream()
                    .filter(
                        r ->
                            new String(r.value(), StandardCharsets.UTF_8)
                                .equals("definitely not avro"))
                    .findFirst()
                    .orElse(null),
            "the poison pill in dead letters");
    assertThat(
            new String(
                dead.headers().lastHeader("threadline.dlq.reason").value(), StandardCharsets.UTF_8))
        .contains("magic byte");
    assertThat(
            new String(
                dead.headers().lastHeader("threadline.dlq.topic").value(), StandardCharsets.UTF_8))
        .isEqualTo("sp-it.thread-commands");
  }

  /**
   * With exactly-once: a lead hands the thread on among four agents with the largest prompts, no
   * record is refused, and another tenant's new thread is answered within seconds meanwhile.
   */
  @Test
  void shouldHandAThreadOnAmongAgentsWithTheLargestPromptsWhileOtherThreadsAreAnswered() {
    List<String> members = List.of("big-b", "big-c", "big-d", "big-e");
    define(StoreRecordSizesTest.withHandoffs(Fixtures.agent("big-lead", 20), members));
    for (String name : members) {
      define(StoreRecordSizesTest.bigMember(name, members));
    }
    start("it-big", "pass it on", "big-lead");
    ModelRequest request = modelRequest("it-big", 1, 1);
    for (int i = 0; i < members.size(); i++) {
      answer(request, null, call("h" + i, members.get(i), "{}"));
      request = modelRequest("it-big", 1, i + 2);
      assertThat(request.getMessages().getFirst().getContent()).hasSizeGreaterThan(200_000);
    }

    define("globex", Fixtures.agent("helper", 20));
    long started = System.nanoTime();
    command(Fixtures.inTenant("globex", Fixtures.create("o-create", "it-other", "helper")));
    command(Fixtures.inTenant("globex", Fixtures.message("o-msg", "it-other", "there?")));
    ModelRequest other = modelRequest("it-other", 1, 1);
    assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(30));
    answer(other, "yes");
    assertThat(turnCompleted("it-other", 1).getReason()).isEqualTo("response");
    answer(request, "done");
    assertThat(turnCompleted("it-big", 1).getReason()).isEqualTo("response");
    assertThat(probe.events("it-big"))
        .filteredOn(e -> e.getPayload() instanceof dev.threadline.avro.AgentHandedOff)
        .hasSize(4);
  }
}
