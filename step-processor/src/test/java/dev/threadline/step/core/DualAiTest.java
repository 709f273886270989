package dev.threadline.step.core;

import static dev.threadline.step.core.Scenario.call;
import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.step.core.AgentSnapshot.AgentTool;
import dev.threadline.step.core.AgentSnapshot.ModelConfig;
import dev.threadline.step.core.AgentSnapshot.StopRules;
import dev.threadline.step.core.Enums.ChildReport;
import dev.threadline.step.core.Enums.Lane;
import dev.threadline.step.core.Enums.Permission;
import dev.threadline.step.core.Enums.Role;
import dev.threadline.step.core.Enums.Status;
import dev.threadline.step.core.Enums.Trigger;
import dev.threadline.step.core.Event.MessageAppended;
import dev.threadline.step.core.Event.TurnStarted;
import dev.threadline.step.core.Values.InboundMessage;
import dev.threadline.step.core.Values.Message;
import dev.threadline.step.core.Values.ToolCall;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * dual_ai agents (spec §4, §6; the Standard Agents model): turns alternate between side A and side
 * B, each with its own prompt, model, tools and stop rules; each side sees its own messages as
 * assistant, the other's text as user and none of the other's tool calls; {@code maxSessionTurns}
 * counts both sides; the session ends on either side's sessionStop / sessionFail or the cap, and
 * only then does a child report to its parent.
 */
class DualAiTest {
  private static final ParentRef PARENT = new ParentRef("p-1", "draft", "draft", false, false);
  private final Scenario scenario = new Scenario();

  /** Side A drafts (with echo); side B reviews (with lint); 4 turns at most. */
  static AgentSnapshot writerAndReviewer(int maxSessionTurns) {
    return TestAgents.named("writer", "writer-model", "You draft.")
        .with(
            b -> {
              b.stop = new StopRules(true, null, 5, maxSessionTurns);
              b.otherSide =
                  new Side(
                      Side.B,
                      "You review.",
                      new ModelConfig("scripted", "reviewer-model", "{}"),
                      List.of(new AgentTool("lint", Permission.ALLOW, null, null)),
                      new StopRules(true, null, 3, null));
            });
  }

  private void givenSideAAnswered() {
    scenario.given(
        scenario.createChild(writerAndReviewer(4), PARENT, "write a haiku"),
        scenario.reply("draft 1"));
  }

  @Test
  void whenSideAsTurnEndsSideBTakesATurnWithItsOwnPromptModelAndTools() {
    scenario.given(scenario.createChild(writerAndReviewer(4), PARENT, "write a haiku"));

    scenario.when(scenario.reply("draft 1"));

    TurnStarted turnStarted = scenario.event(TurnStarted.class);
    assertThat(turnStarted.trigger()).isEqualTo(Trigger.SIDE_SWITCH);
    assertThat(turnStarted.lane()).isEqualTo(Lane.TASK); // nothing queued: the agent's lane
    AgentSnapshot speaking = scenario.state.agent();
    assertThat(DualAi.speaking(speaking)).isEqualTo(Side.B);
    assertThat(speaking.systemPrompt()).isEqualTo("You review.");
    assertThat(speaking.model().model()).isEqualTo("reviewer-model");
    assertThat(speaking.tools()).extracting(AgentTool::name).containsExactly("lint");
    assertThat(speaking.stop().maxSessionTurns()).isEqualTo(4); // the session's, not the side's
    assertThat(scenario.outputs(Output.StoreAgent.class)).isEmpty(); // the state names the side
    assertThat(scenario.outputs(Output.NotifyParent.class)).isEmpty(); // the session goes on
    scenario.thenRequestsModel();
  }

  @Test
  void eachSideSeesItsOwnMessagesAsAssistantAndTheOthersTextAsUser() {
    AgentSnapshot a = writerAndReviewer(4);
    ToolCall echo = new ToolCall("c1", "echo", "{}");
    List<Message> window =
        List.of(
            Message.user(InboundMessage.invoke("write a haiku")),
            DualAi.tagged(a, Message.assistant(null, List.of(echo))),
            DualAi.tagged(a, Message.toolResult(echo, "echoed", false)),
            DualAi.tagged(a, Message.assistant("draft 1", List.of())));
    AgentSnapshot b = DualAi.switchSides(a);

    List<Message> seenByB = DualAi.asSeenBySpeaker(b, window);
    List<Message> seenByA = DualAi.asSeenBySpeaker(a, window);

    assertThat(seenByB).extracting(Message::role).containsExactly(Role.USER, Role.USER);
    assertThat(seenByB.get(1).content()).isEqualTo("draft 1");
    assertThat(seenByA).isEqualTo(window);
  }

  @Test
  void sideBsContextHidesSideAsToolCallsInTheRealRequest() {
    scenario.given(
        scenario.createChild(writerAndReviewer(4), PARENT, "write a haiku"),
        scenario.calls("echo", "{}"),
        scenario.toolOk("echoed"));

    scenario.when(scenario.reply("draft 1"));

    List<Message> stored =
        scenario.all.stream()
            .filter(o -> o instanceof Output.AppendMessage)
            .map(o -> ((Output.AppendMessage) o).message())
            .toList();
    assertThat(stored.getLast().sender()).isEqualTo("side_a");
    var context =
        ContextAssembler.assemble(scenario.state, stored, Instant.parse("2026-01-01T00:00:00Z"));
    assertThat(context.messages())
        .noneMatch(m -> m.role() == Role.TOOL)
        .noneMatch(m -> !m.toolCalls().isEmpty());
    assertThat(context.messages().getFirst().content()).isEqualTo("You review.");
  }

  @Test
  void maxSessionTurnsCountsBothSidesAndEndsTheSessionWithAReport() {
    givenSideAAnswered(); // turn 1 (A) ended; turn 2 (B) running
    scenario.given(scenario.reply("fix line 2"), scenario.reply("draft 2")); // turns 2, 3

    scenario.when(scenario.reply("approved")); // turn 4 (B): the cap

    scenario.thenReports(ChildReport.COMPLETED);
    scenario.thenStatus(Status.TERMINATED);
    assertThat(scenario.events(TurnStarted.class)).isEmpty();
  }

  @Test
  void eitherSidesSessionStopEndsTheSession() {
    givenSideAAnswered();

    scenario.when(
        scenario.reply(null, call("s1", "sessionStop", "{\"result\":\"haiku approved\"}")));

    assertThat(scenario.thenReports(ChildReport.COMPLETED).content()).contains("haiku approved");
    assertThat(scenario.events(TurnStarted.class)).isEmpty();
  }

  @Test
  void aFailedTurnEndsTheSessionAsFailed() {
    givenSideAAnswered();

    scenario.when(scenario.modelError(false));

    scenario.thenReports(ChildReport.FAILED);
  }

  @Test
  void aParentsMessageSentAsSideBIsSideBsWordsWhichSideAAnswers() {
    ParentRef resumable = new ParentRef("p-1", "pair", "p1", true, false);
    scenario.given(
        scenario.createChild(writerAndReviewer(8), resumable, "write a haiku"),
        // side A ends its first session at once; the resumable child waits, side A speaking
        scenario.reply(null, call("s1", "sessionStop", "{\"result\":\"a haiku\"}")));
    assertThat(scenario.state.status()).isEqualTo(Status.IDLE);
    InboundMessage fromParent =
        new InboundMessage(
            Enums.Origin.INVOKE,
            null,
            "parent:p-1",
            "also add a title",
            java.util.Map.of("parentThreadId", "p-1", DualAi.AS, Side.B),
            List.of());

    scenario.when(scenario.message(fromParent, Enums.Delivery.AUTO));

    Message stored =
        scenario.events(MessageAppended.class).stream()
            .map(MessageAppended::message)
            .filter(m -> "also add a title".equals(m.content()))
            .findFirst()
            .orElseThrow();
    assertThat(stored.role()).isEqualTo(Role.ASSISTANT);
    assertThat(stored.sender()).isEqualTo("side_b");
    assertThat(DualAi.speaking(scenario.state.agent())).isEqualTo(Side.A);
    assertThat(DualAi.asSeenBySpeaker(scenario.state.agent(), List.of(stored)))
        .singleElement()
        .satisfies(m -> assertThat(m.role()).isEqualTo(Role.USER));
  }

  @Test
  void aResumableChildsNextSessionOpensWithSideA() {
    ParentRef resumable = new ParentRef("p-1", "pair", "p1", true, false);
    scenario.given(
        scenario.createChild(writerAndReviewer(8), resumable, "write a haiku"),
        scenario.reply("draft 1"));

    scenario.when(scenario.reply(null, call("s1", "sessionStop", "{\"result\":\"done\"}")));

    assertThat(scenario.outputs(Output.NotifyParent.class)).hasSize(1);
    scenario.thenStatus(Status.IDLE);
    assertThat(DualAi.speaking(scenario.state.agent())).isEqualTo(Side.A);
  }

  @Test
  void sideBsMessagesAreTaggedWithItsSide() {
    givenSideAAnswered();

    scenario.when(scenario.reply("fix line 2"));

    assertThat(scenario.events(MessageAppended.class))
        .map(MessageAppended::message)
        .filteredOn(m -> m.role() == Role.ASSISTANT)
        .singleElement()
        .satisfies(m -> assertThat(m.sender()).isEqualTo("side_b"));
    assertThat(DualAi.speaking(scenario.state.agent())).isEqualTo(Side.A); // back to A
  }
}
