package dev.threadline.step.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.config.Limits;
import dev.threadline.step.core.Enums.Delivery;
import dev.threadline.step.core.Enums.Origin;
import dev.threadline.step.core.Queued.QueuedMessage;
import dev.threadline.step.core.Values.Attachment;
import dev.threadline.step.core.Values.InboundMessage;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * Byte budgets: what a tenant sends is measured in the UTF-8 bytes Kafka stores, and over a budget
 * it is refused with the limit's name — never stored, never an exception.
 */
class BudgetsTest {
  private static Scenario limited(UnaryOperator<Limits> limits) {
    return new Scenario(MachineConfig.defaults().withLimits(limits));
  }

  @Test
  void aMessageIsMeasuredInBytesNotCharacters() {
    Scenario scenario = new Scenario();
    scenario.given(scenario.create());
    String euros = "€".repeat(100_000); // 100,000 characters, 300,000 bytes

    scenario.when(scenario.message(euros));

    scenario.thenRejected(
        "the message is 300000 bytes; the limit is 262144 (threadline.limits.message.bytes)");
    scenario.thenRequestsNoModel();
  }

  @Test
  void metadataAndAttachmentsCountTowardsTheMessageBudget() {
    Scenario scenario = limited(l -> l.withMessageBytes(1_000));
    scenario.given(scenario.create());
    var bigMeta =
        new InboundMessage(
            Origin.INVOKE, null, null, "hi", Map.of("note", "x".repeat(1_000)), List.of());
    var manyFiles =
        new InboundMessage(
            Origin.INVOKE,
            null,
            null,
            "hi",
            Map.of(),
            java.util.stream.IntStream.range(0, 100)
                .mapToObj(i -> new Attachment("files/report-" + i + ".pdf", null, null, null))
                .toList());

    scenario.when(scenario.message(bigMeta, Delivery.AUTO));
    scenario.thenRejected("threadline.limits.message.bytes");
    scenario.when(scenario.message(manyFiles, Delivery.AUTO));
    scenario.thenRejected("threadline.limits.message.bytes");
  }

  @Test
  void aQueueOverItsByteBudgetRefusesTheCommandAndKeepsWhatItHolds() {
    Scenario scenario = limited(l -> l.withQueue(1_000, 1_000));
    scenario.given(scenario.create(), scenario.message("busy"), scenario.message("a".repeat(600)));

    scenario.when(scenario.message("b".repeat(600)));

    scenario.thenRejected(
        "queue is full: the queue with this item is 1200 bytes; the limit is 1000"
            + " (threadline.limits.queue.bytes)");
    assertThat(scenario.state.queue()).singleElement().extracting(Queued::bytes).isEqualTo(600L);
  }

  @Test
  void aQueueOverItsItemCountNamesTheLimit() {
    Scenario scenario = limited(l -> l.withQueue(1, l.queueBytes()));
    scenario.given(scenario.create(), scenario.message("busy"), scenario.message("one"));

    scenario.when(scenario.message("two"));

    scenario.thenRejected("queue is full: 1 items; the limit is 1 (threadline.limits.queue.items)");
  }

  @Test
  void aQueuedToolWhoseArgumentsAreOverTheLimitIsRefused() {
    Scenario scenario = limited(l -> l.withToolArgumentsBytes(100));
    scenario.given(scenario.create());

    scenario.when(scenario.queueTool("echo", "{\"text\":\"" + "x".repeat(100) + "\"}"));

    scenario.thenRejected(
        "the argument object of tool 'echo' is 111 bytes; the limit is 100"
            + " (threadline.limits.tool.arguments.bytes)");
    scenario.thenRequestsNoModel();
  }

  @Test
  void choresCoalesceOnlyWhileTheJoinedMessageFitsTheBudget() {
    Scenario scenario = limited(l -> l.withMessageBytes(100));
    scenario.given(scenario.create(), scenario.message("busy"));

    scenario.given(
        scenario.message(chore("a".repeat(60)), Delivery.QUEUE),
        scenario.message(chore("b".repeat(60)), Delivery.QUEUE),
        scenario.message(chore("c".repeat(10)), Delivery.QUEUE));

    assertThat(scenario.state.queue())
        .map(item -> ((QueuedMessage) item).message().text())
        .containsExactly("a".repeat(60), "b".repeat(60) + "\n\n" + "c".repeat(10));
  }

  @Test
  void aModelReplyOverTheOutputBudgetFailsTheCallNamingTheLimitAndIsNotStored() {
    Scenario scenario = limited(l -> l.withModelOutputBytes(1_000));
    scenario.given(scenario.create(), scenario.message("write a lot"));

    scenario.when(scenario.reply("x".repeat(1_001)));

    thenTheCallFailed(
        scenario,
        "output_too_large",
        "the reply is 1001 bytes; the limit is 1000 (threadline.limits.model.output.bytes)");
    assertThat(scenario.events(Event.MessageAppended.class)).isEmpty();
    assertThat(scenario.events(Event.TurnCompleted.class))
        .singleElement()
        .extracting(Event.TurnCompleted::reason)
        .isEqualTo(Enums.TurnEnd.MODEL_ERROR);
  }

  @Test
  void aModelReplyWithMoreToolCallsThanTheCapFailsTheCallAndRunsNone() {
    Scenario scenario = limited(l -> l.withToolCallsPerReply(2));
    scenario.given(scenario.create(), scenario.message("do three things"));

    scenario.when(
        scenario.reply(
            null,
            Scenario.call("c1", "echo", "{}"),
            Scenario.call("c2", "echo", "{}"),
            Scenario.call("c3", "echo", "{}")));

    thenTheCallFailed(
        scenario,
        "too_many_tool_calls",
        "the reply has 3 tool calls; the limit is 2 (threadline.limits.tool.calls.per.reply)");
    assertThat(scenario.outputs(Output.RequestTool.class)).isEmpty();
    assertThat(scenario.state.remainingCalls()).isEmpty();
  }

  @Test
  void aToolResultOverTheBudgetBecomesAnErrorResultNamingTheLimit() {
    Scenario scenario = limited(l -> l.withToolResultBytes(1_000));
    scenario.given(scenario.create(), scenario.message("read it"));
    scenario.given(scenario.reply(null, Scenario.call("c1", "echo", "{}")));

    scenario.when(scenario.toolOk("y".repeat(5_000)));

    var appended = scenario.outputs(Output.AppendMessage.class).getFirst().message();
    assertThat(appended.isError()).isTrue();
    assertThat(appended.content())
        .isEqualTo(
            "the tool's result is 5000 bytes; the limit is 1000"
                + " (threadline.limits.tool.result.bytes)");
    scenario.thenRequestsModel();
  }

  @Test
  void aWindowNearTheRecordLimitIsCompactedBeforeTheNextModelCallWhateverItsTokens() {
    // A huge declared window: tokens never force compaction, bytes must.
    Scenario scenario =
        limited(l -> l.withRecordBytes(100_000, 40_000).withQueue(1_000, 1_000_000));
    scenario.given(scenario.create(hugeWindow()), scenario.message("a".repeat(30_000)));
    scenario.given(scenario.reply(null, Scenario.call("c1", "echo", "{}")));
    scenario.given(scenario.toolOk("b".repeat(30_000)));
    scenario.thenRequestsModel();
    scenario.given(scenario.reply(null, Scenario.call("c2", "echo", "{}")));

    scenario.when(scenario.toolOk("c".repeat(20_000)));

    assertThat(scenario.outputs(Output.RequestCompaction.class)).hasSize(1);
    scenario.thenRequestsNoModel();
  }

  @Test
  void aTranscriptOverItsBudgetKeepsItsStartAndEndAndSaysWhatItLeftOut() {
    List<Values.Message> window =
        List.of(
            Values.Message.user(InboundMessage.invoke("GOAL " + "g".repeat(5_000))),
            Values.Message.user(InboundMessage.invoke("€".repeat(50_000))),
            Values.Message.user(InboundMessage.invoke("n".repeat(5_000) + " LATEST")));

    String transcript = Continuation.transcript(window, 20_000);

    assertThat(dev.threadline.config.Utf8.length(transcript)).isLessThanOrEqualTo(20_000);
    assertThat(transcript).startsWith("user: GOAL").endsWith("LATEST\n");
    assertThat(transcript).contains("bytes in all; the middle is left out to fit the request");
  }

  @Test
  void aThreadWhoseFrozenAgentWouldNotFitInARecordIsNotCreated() {
    Scenario scenario = new Scenario();
    AgentSnapshot agent = TestAgents.agent();
    AgentSnapshot member =
        agent.with(
            b -> {
              b.name = "writer";
              b.systemPrompt = "w".repeat(600_000);
              b.tools = List.of();
            });
    AgentSnapshot withTeam =
        agent.with(
            b -> {
              b.systemPrompt = "p".repeat(500_000);
              b.team = List.of(member);
            });

    scenario.when(scenario.create(withTeam));

    scenario.thenRejected("with the agents its subagents run is");
    scenario.thenRejected("(threadline.limits.record.bytes less room for the record)");
    assertThat(scenario.state).isNull();
    assertThat(scenario.outputs(Output.StoreAgent.class)).isEmpty();
  }

  @Test
  void aThreadWhoseMetadataIsOverTheMessageBudgetIsNotCreated() {
    Scenario scenario = limited(l -> l.withMessageBytes(1_000));
    AgentSnapshot agent = TestAgents.agent();

    scenario.when(
        new Input.CreateThread(
            "c-1",
            Scenario.TENANT,
            Scenario.THREAD,
            Scenario.T0,
            agent.name(),
            agent,
            null,
            Map.of("note", "m".repeat(2_000)),
            null,
            Map.of()));

    scenario.thenRejected(
        "the metadata is 2004 bytes; the limit is 1000 (threadline.limits.message.bytes)");
    assertThat(scenario.state).isNull();
  }

  private static AgentSnapshot hugeWindow() {
    AgentSnapshot agent = TestAgents.agent();
    return agent.with(b -> b.context = new AgentSnapshot.ContextBudget(2_000_000, 4_096));
  }

  private static InboundMessage chore(String text) {
    return new InboundMessage(Origin.CHORE, null, null, text, Map.of(), List.of());
  }

  private static void thenTheCallFailed(Scenario scenario, String code, String message) {
    Event.ModelCallFailed failed = scenario.event(Event.ModelCallFailed.class);
    assertThat(failed.code()).isEqualTo(code);
    assertThat(failed.message()).isEqualTo(message);
  }
}
