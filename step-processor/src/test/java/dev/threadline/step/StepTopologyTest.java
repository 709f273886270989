package dev.threadline.step;

import static dev.threadline.step.Fixtures.call;
import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.avro.CommandRejected;
import dev.threadline.avro.MessageAppended;
import dev.threadline.avro.ModelRequest;
import dev.threadline.avro.ResultIgnored;
import dev.threadline.avro.Role;
import dev.threadline.avro.StepRetried;
import dev.threadline.avro.ThreadEvent;
import dev.threadline.avro.ThreadGroup;
import dev.threadline.avro.ThreadStatus;
import dev.threadline.avro.ToolRequest;
import dev.threadline.avro.TurnCompleted;
import dev.threadline.avro.store.KvEntry;
import dev.threadline.step.mapping.EventMapping;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The production topology under TopologyTestDriver: stores, routing, punctuation, dead letters. */
class StepTopologyTest {
  private final StepDriver d = new StepDriver();

  @AfterEach
  void close() {
    d.close();
  }

  private static List<String> types(List<ThreadEvent> events) {
    return events.stream().map(EventMapping::type).toList();
  }

  @Test
  void shouldRunAMultiStepTurnWithSequentialToolCallsThroughTheStores() {
    d.startThread("t-1", "hello");

    ModelRequest first = d.nextModelRequest();
    assertThat(first.getRequestId()).isEqualTo("t-1/t1/s1/model");
    assertThat(first.getMessages())
        .extracting(m -> m.getRole())
        .containsExactly(Role.SYSTEM, Role.USER);
    assertThat(first.getMessages().getFirst().getContent())
        .isEqualTo("You are a test agent for t-1.");
    assertThat(first.getTools())
        .extracting(t -> t.getName())
        .contains("echo", "search", "sessionStop", "get_value");

    d.answer(first, null, call("c1", "echo", "{\"n\":1}"), call("c2", "search", "{\"q\":\"x\"}"));
    List<ToolRequest> tools = d.toolRequests.readValuesToList();
    assertThat(tools).extracting(ToolRequest::getCallId).containsExactly("c1");

    d.answer(tools.getFirst(), "{\"n\":1}");
    ToolRequest second = d.toolRequests.readValue();
    assertThat(second.getCallId()).isEqualTo("c2");
    assertThat(d.modelRequests.get(dev.threadline.avro.ThreadGroup.TASK).isEmpty()).isTrue();

    d.answer(second, "found");
    ModelRequest next = d.nextModelRequest();
    assertThat(next.getRequestId()).isEqualTo("t-1/t1/s2/model");
    assertThat(next.getMessages())
        .extracting(m -> m.getRole())
        .containsExactly(Role.SYSTEM, Role.SYSTEM, Role.USER, Role.ASSISTANT, Role.TOOL, Role.TOOL);
    assertThat(next.getMessages().get(1).getContent())
        .startsWith("Working set — tools used recently: search, echo");
    assertThat(next.getMessages().get(4).getContent()).isEqualTo("{\"n\":1}");

    d.answer(next, "all done");
    List<ThreadEvent> events = d.drainEvents();
    assertThat(events)
        .extracting(ThreadEvent::getSeq)
        .isEqualTo(LongStream.rangeClosed(1, events.size()).boxed().toList());
    // A ThreadState read fenced at eventSeq sees every event up to the call's own request.
    assertThat(events)
        .filteredOn(
            e ->
                e.getPayload() instanceof dev.threadline.avro.ToolCallRequested r
                    && r.getCallId().equals("c1"))
        .singleElement()
        .satisfies(e -> assertThat(e.getSeq()).isEqualTo(tools.getFirst().getEventSeq()));
    assertThat(events.getLast().getPayload())
        .isInstanceOf(dev.threadline.avro.ThreadStatusChanged.class);
    assertThat(events)
        .filteredOn(e -> e.getPayload() instanceof TurnCompleted)
        .singleElement()
        .satisfies(
            e -> assertThat(((TurnCompleted) e.getPayload()).getReason()).isEqualTo("response"));
    assertThat(d.stateStore().get("t-1").getStatus()).isEqualTo(ThreadStatus.IDLE);
  }

  @Test
  void shouldInjectAMessageQueuedWhileBusyBeforeTheNextModelCall() {
    d.startThread("t-2", "first");
    ModelRequest first = d.nextModelRequest();
    d.command(Fixtures.message("c-2", "t-2", "while you work"));
    assertThat(d.modelRequests.get(dev.threadline.avro.ThreadGroup.TASK).isEmpty()).isTrue();

    d.answer(first, null, call("c1", "echo", "{}"));
    d.answer(d.toolRequests.readValue(), "{}");

    ModelRequest next = d.nextModelRequest();
    assertThat(next.getMessages().getLast().getRole()).isEqualTo(Role.USER);
    assertThat(next.getMessages().getLast().getContent()).isEqualTo("while you work");
  }

  @Test
  void shouldIgnoreARepeatedCommandId() {
    d.startThread("t-3", "once");
    d.nextModelRequest();
    d.drainEvents();

    d.command(Fixtures.message("c-msg-t-3", "t-3", "once"));

    assertThat(d.drainEvents()).isEmpty();
    assertThat(d.stateStore().get("t-3").getQueued()).isEmpty();
  }

  @Test
  void shouldIgnoreADuplicateResultAndRecordIt() {
    d.startThread("t-4", "go");
    ModelRequest first = d.nextModelRequest();
    d.answer(first, null, call("c1", "echo", "{}"));
    d.drainEvents();

    d.answer(first, null, call("c1", "echo", "{}"));

    assertThat(d.drainEvents())
        .singleElement()
        .satisfies(e -> assertThat(e.getPayload()).isInstanceOf(ResultIgnored.class));
    assertThat(d.toolRequests.readValuesToList()).hasSize(1);
  }

  @Test
  void shouldReissueARequestWhoseDeadlinePassedWithTheSameRequestId() {
    d.startThread("t-5", "go");
    ModelRequest first = d.nextModelRequest();

    d.advance(Duration.ofSeconds(121));

    ModelRequest again = d.nextModelRequest();
    assertThat(again.getRequestId()).isEqualTo(first.getRequestId());
    assertThat(again.getAttempt()).isEqualTo(2);
    assertThat(d.drainEvents())
        .anySatisfy(e -> assertThat(e.getPayload()).isInstanceOf(StepRetried.class));

    // The fired deadline left the index and the re-issue set exactly one new one, twice as far
    // out (a request may be waiting in a busy lane rather than lost).
    d.advance(Duration.ofSeconds(121));
    assertThat(d.modelRequests.get(ThreadGroup.TASK).readValuesToList()).isEmpty();
    d.advance(Duration.ofSeconds(120));
    assertThat(d.modelRequests.get(ThreadGroup.TASK).readValuesToList())
        .singleElement()
        .satisfies(r -> assertThat(r.getAttempt()).isEqualTo(3));
  }

  @Test
  void shouldSkipAPoisonRecordAndGoOn() {
    // TopologyTestDriver does not deliver the handler's dead letters; StepProcessorIT checks those
    // on a real broker and DeadLetterDeserializationHandlerTest checks the record it builds.
    d.rawCommands.pipeInput(
        "t-6".getBytes(StandardCharsets.UTF_8),
        "{\"not\":\"avro\"}".getBytes(StandardCharsets.UTF_8));
    d.startThread("t-6", "still works");

    assertThat(d.nextModelRequest().getThreadId()).isEqualTo("t-6");
  }

  @Test
  void shouldRejectAnInvalidCommandWithAnEventAndADeadLetter() {
    d.command(Fixtures.message("c-x", "nobody", "hello?"));

    ThreadEvent event = d.onlyEvent();
    assertThat(event.getSeq()).isZero();
    assertThat(event.getTenantId()).isEqualTo("acme");
    assertThat(((CommandRejected) event.getPayload()).getReason()).isEqualTo("unknown thread");
    var dead = d.drainDeadLetters();
    assertThat(dead)
        .singleElement()
        .satisfies(
            r -> {
              assertThat(
                      new String(
                          r.headers().lastHeader("threadline.dlq.reason").value(),
                          StandardCharsets.UTF_8))
                  .isEqualTo("unknown thread");
              assertThat(r.value()[0]).isZero(); // the original command, re-encoded in wire format
            });
    assertThat(d.stateStore().get("nobody")).isNull();
  }

  @Test
  void shouldRejectCreatingAThreadForAnUnknownAgent() {
    d.command(Fixtures.create("c-1", "t-7", "ghost"));

    assertThat(d.drainEvents())
        .singleElement()
        .satisfies(
            e ->
                assertThat(((CommandRejected) e.getPayload()).getReason())
                    .isEqualTo("unknown agent 'ghost'"));
    assertThat(d.drainDeadLetters()).hasSize(1);
  }

  @Test
  void shouldFreezeTheAgentSoLaterEditsDoNotChangeARunningThread() {
    d.startThread("t-8", "go");
    ModelRequest running = d.nextModelRequest();
    d.agent(
        dev.threadline.avro.AgentDefinition.newBuilder(Fixtures.agent("helper", 1))
            .setSystemPrompt("EDITED")
            .build());

    d.command(Fixtures.create("c-other", "t-9", "helper"));
    d.command(Fixtures.message("c-other-msg", "t-9", "hi"));
    assertThat(d.nextModelRequest().getMessages().getFirst().getContent()).isEqualTo("EDITED");

    d.answer(running, null, call("c1", "echo", "{}"));
    d.answer(d.toolRequests.readValue(), "{}");
    ModelRequest stillFrozen = d.nextModelRequest();
    assertThat(stillFrozen.getThreadId()).isEqualTo("t-8");
    assertThat(stillFrozen.getMessages().getFirst().getContent())
        .isEqualTo("You are a test agent for t-8.");
  }

  @Test
  void shouldKeepKeyValuesDurableAndIsolatedPerThread() {
    d.startThread("t-a", "set");
    d.startThread("t-b", "get");
    ModelRequest a = d.nextModelRequest();
    ModelRequest b = d.nextModelRequest();

    d.answer(a, null, call("k1", "set_value", "{\"key\":\"color\",\"value\":{\"hex\":\"#f00\"}}"));
    d.answer(b, null, call("k2", "get_value", "{\"key\":\"color\"}"));

    ModelRequest afterSet = d.nextModelRequest();
    ModelRequest afterGet = d.nextModelRequest();
    assertThat(afterSet.getMessages().getLast().getContent()).isEqualTo("{\"ok\":true}");
    assertThat(afterGet.getMessages().getLast().getContent()).isEqualTo("null");
    KvEntry stored = d.<KvEntry>store(StoreNames.THREAD_KV).get("t-a|color");
    assertThat(stored.getValueJson()).isEqualTo("{\"hex\":\"#f00\"}");

    d.answer(afterSet, null, call("k3", "get_value", "{\"key\":\"color\"}"));
    assertThat(d.nextModelRequest().getMessages().getLast().getContent())
        .isEqualTo("{\"hex\":\"#f00\"}");
  }

  @Test
  void shouldAppendMessagesToTheirOwnStoreKeyedByThreadAndSeq() {
    d.startThread("t-m", "hi");
    d.answer(d.nextModelRequest(), "hello");

    var messages = d.<dev.threadline.avro.store.StoredMessage>store(StoreNames.THREAD_MESSAGES);
    assertThat(messages.get("t-m|0000000000000000001").getMessage().getContent()).isEqualTo("hi");
    assertThat(messages.get("t-m|0000000000000000002").getMessage().getContent())
        .isEqualTo("hello");
    assertThat(d.drainEvents())
        .filteredOn(e -> e.getPayload() instanceof MessageAppended)
        .hasSize(2);
  }

  @Test
  void shouldFireAScheduledEffectFromTheTimerStoreOnceWhenItIsDue() {
    d.agent(Fixtures.agent("helper", 20));
    d.command(Fixtures.create("c-create", "t-fx", "helper"));
    var action = new dev.threadline.avro.QueueMessage(Fixtures.userMessage("it is time"));
    d.command(
        Fixtures.command(
            "c-fx",
            "t-fx",
            new dev.threadline.avro.ScheduleEffect(
                "fx-1", Fixtures.T0.plusSeconds(60), action, null)));
    d.command(
        Fixtures.command(
            "c-fx2",
            "t-fx",
            new dev.threadline.avro.ScheduleEffect(
                "fx-2", Fixtures.T0.plusSeconds(90), action, null)));
    d.command(
        Fixtures.command("c-fx2-cancel", "t-fx", new dev.threadline.avro.CancelEffect("fx-2")));
    d.drainEvents();

    d.advance(Duration.ofSeconds(30));
    assertThat(d.drainEvents()).isEmpty();
    d.advance(Duration.ofSeconds(31));

    List<ThreadEvent> fired = d.drainEvents();
    assertThat(types(fired))
        .startsWith(
            "EffectFired",
            "ThreadStatusChanged",
            "TurnStarted",
            "MessageAppended",
            "ModelCallRequested");
    assertThat(d.nextModelRequest().getMessages().getLast().getContent()).isEqualTo("it is time");
    d.advance(Duration.ofSeconds(120));
    assertThat(d.drainEvents())
        .noneMatch(e -> e.getPayload() instanceof dev.threadline.avro.EffectFired);
    assertThat(
            d.<dev.threadline.avro.store.EffectTimer>store(StoreNames.TIMERS)
                .approximateNumEntries())
        .isZero();
  }

  @Test
  void shouldRejectCancellingAnEffectThatIsNotScheduled() {
    d.startThread("t-nofx", "hi");
    d.drainEvents();

    d.command(
        Fixtures.command("c-cancel", "t-nofx", new dev.threadline.avro.CancelEffect("never")));

    assertThat(d.drainEvents())
        .singleElement()
        .satisfies(
            e ->
                assertThat(((CommandRejected) e.getPayload()).getReason())
                    .contains("no scheduled effect 'never'"));
  }

  @Test
  void shouldCompactANearlyFullWindowThroughASummarizationRequest() {
    d.agent(
        dev.threadline.avro.AgentDefinition.newBuilder(Fixtures.agent("tiny", 20))
            .setContext(new dev.threadline.avro.ContextConfig(6_000, 1_000))
            .build());
    d.command(Fixtures.create("c-tiny", "t-tiny", "tiny"));
    d.command(Fixtures.message("c-tiny-msg", "t-tiny", "go"));
    ModelRequest first = d.nextModelRequest();
    d.answer(first, null, call("c1", "echo", "{}"));
    d.answer(d.toolRequests.readValue(), "y".repeat(15_000));

    ModelRequest compaction = d.nextModelRequest();
    assertThat(compaction.getPurpose()).isEqualTo("compaction");
    assertThat(compaction.getTools()).isEmpty();
    assertThat(compaction.getMessages().getLast().getContent())
        .contains("user: go")
        .contains("tool (echo): yyy");

    d.answer(compaction, "Goal: echo things\nNext steps: answer the user");
    ModelRequest next = d.nextModelRequest();

    assertThat(next.getPurpose()).isEqualTo("step");
    assertThat(next.getMessages()).hasSize(2); // system prompt + the continuation artifact
    assertThat(next.getMessages().get(1).getContent())
        .startsWith("[Continuation of the conversation so far]\nGoal: echo things");
    assertThat(d.drainEvents())
        .extracting(e -> e.getPayload().getClass().getSimpleName())
        .contains("CompactionStarted", "CompactionCompleted");
    var stored = d.<dev.threadline.avro.store.StoredMessage>store(StoreNames.THREAD_MESSAGES);
    assertThat(stored.get("t-tiny|0000000000000000003").getMessage().getContent())
        .hasSize(15_000); // the transcript is kept
  }
}
