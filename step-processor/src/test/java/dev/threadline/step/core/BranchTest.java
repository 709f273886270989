package dev.threadline.step.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.step.core.Enums.Role;
import dev.threadline.step.core.Enums.Status;
import dev.threadline.step.core.Enums.Trigger;
import dev.threadline.step.core.Event.MessageAppended;
import dev.threadline.step.core.Event.ThreadBranched;
import dev.threadline.step.core.Event.TurnStarted;
import dev.threadline.step.core.Values.InboundMessage;
import dev.threadline.step.core.Values.Message;
import java.util.List;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * A thread goes on from an earlier state of its own: an answer regenerated, an edited message
 * resent. The messages up to the branch point are copied to the head as a new window, and only they
 * are what the next model request is made of.
 */
class BranchTest {
  private final Scenario scenario = new Scenario();

  /** What the thread-messages store holds: the shell reads a branch's prefix from it. */
  private final TreeMap<Long, Message> stored = new TreeMap<>();

  private void step(Input... inputs) {
    for (Input input : inputs) {
      scenario.when(input);
      scenario
          .last
          .outputs(Output.AppendMessage.class)
          .forEach(a -> stored.put(a.seq(), a.message()));
    }
  }

  /** Two turns: messages 1 "hi", 2 "hello", 3 "and now?", 4 "this". */
  private void givenTwoTurns() {
    step(
        scenario.create(TestAgents.agent()),
        scenario.message("hi"),
        scenario.reply("hello"),
        scenario.message("and now?"),
        scenario.reply("this"));
  }

  /** A Branch as the shell hands it over: with the active window up to {@code at}. */
  private Input.Branch branch(long at, String message) {
    MachineState s = scenario.state;
    List<Message> prefix =
        at >= s.contextStartSeq() && at < s.nextMessageSeq()
            ? List.copyOf(stored.subMap(s.contextStartSeq(), at + 1).values())
            : List.of();
    return new Input.Branch(
        scenario.nextCommandId(),
        Scenario.TENANT,
        scenario.tick(),
        at,
        message == null ? null : InboundMessage.invoke(message),
        prefix);
  }

  private List<String> appended() {
    return scenario.events(MessageAppended.class).stream().map(m -> m.message().content()).toList();
  }

  @Test
  void regeneratingCopiesTheMessagesUpToTheBranchPointAndAsksTheModelAgain() {
    givenTwoTurns();

    scenario.when(branch(3, null));

    ThreadBranched branched = scenario.event(ThreadBranched.class);
    assertThat(branched.atMessageSeq()).isEqualTo(3);
    assertThat(branched.firstMessageSeq()).isEqualTo(5);
    assertThat(branched.copied()).isEqualTo(3);
    assertThat(branched.commandId())
        .isEqualTo(((Input.Branch) scenario.inputs.getLast()).commandId());
    assertThat(appended()).containsExactly("hi", "hello", "and now?");
    assertThat(scenario.event(TurnStarted.class).trigger()).isEqualTo(Trigger.BRANCH);
    assertThat(scenario.thenRequestsModel().contextFromSeq()).isEqualTo(5);
    assertThat(scenario.state.contextStartSeq()).isEqualTo(5);
    assertThat(scenario.state.nextMessageSeq()).isEqualTo(8);
  }

  @Test
  void anEditedMessageIsSentOnTheBranchAfterTheCopies() {
    givenTwoTurns();

    scenario.when(branch(2, "and then?"));

    assertThat(scenario.event(ThreadBranched.class).copied()).isEqualTo(2);
    assertThat(appended()).containsExactly("hi", "hello", "and then?");
    assertThat(scenario.thenRequestsModel().contextFromSeq()).isEqualTo(5);
    scenario.when(scenario.reply("then this"));
    assertThat(scenario.state.status()).isEqualTo(Status.IDLE);
  }

  @Test
  void aBranchBeforeTheFirstMessageStartsAnEmptyWindowWithTheMessage() {
    givenTwoTurns();

    scenario.when(branch(0, "hey"));

    assertThat(scenario.event(ThreadBranched.class).copied()).isZero();
    assertThat(appended()).containsExactly("hey");
  }

  @Test
  void theCopiesCountTowardsTheNewWindowAsTheOriginalsDid() {
    givenTwoTurns();
    long windowOfTwoTurns = scenario.state.contextTokens();

    scenario.when(branch(4, null));

    assertThat(scenario.state.contextTokens()).isEqualTo(windowOfTwoTurns);
  }

  @Test
  void aBranchWhileATurnRunsIsRefused() {
    givenTwoTurns();
    step(scenario.message("more"));

    scenario.when(branch(2, null));

    scenario.thenRejected(
        "the thread is running a turn: it branches between turns (abort the turn first)");
    assertThat(scenario.events(ThreadBranched.class)).isEmpty();
  }

  @Test
  void aBranchToAMessageTheThreadDoesNotHaveIsRefused() {
    givenTwoTurns();

    scenario.when(branch(9, null));

    scenario.thenRejected("the thread has no message 9: its messages are 1 to 4");
  }

  @Test
  void regeneratingBeforeTheFirstMessageIsRefused() {
    givenTwoTurns();

    scenario.when(branch(0, null));

    scenario.thenRejected("a branch before the first message needs a message to send");
  }

  @Test
  void aBranchToAMessageOfAnEarlierWindowIsRefused() {
    givenTwoTurns();
    step(branch(4, null), scenario.reply("again"));

    scenario.when(branch(3, null));

    scenario.thenRejected(
        "message 3 is outside the thread's active window (from message 5): it was compacted, or is"
            + " on a branch the thread left");
  }

  @Test
  void aBranchThatWouldLeaveAToolCallWithoutItsResultIsRefused() {
    step(
        scenario.create(TestAgents.agent()),
        scenario.message("go"),
        scenario.calls("echo", "{}"),
        scenario.toolOk("echoed"),
        scenario.reply("done"));
    assertThat(stored.get(2L).role()).isEqualTo(Role.ASSISTANT);

    scenario.when(branch(2, null));

    assertThat(scenario.last.eventPayloads())
        .singleElement()
        .isInstanceOfSatisfying(
            Event.CommandRejected.class,
            r ->
                assertThat(r.reason())
                    .startsWith("message 2 leaves tool calls [")
                    .endsWith("without their results: branch at the last result instead"));
    scenario.when(branch(3, null));
    assertThat(scenario.event(ThreadBranched.class).copied()).isEqualTo(3);
  }

  @Test
  void aSubagentsThreadDoesNotBranch() {
    ParentRef resumable = new ParentRef("p-1", "helper", "h1", true, false);
    step(
        scenario.createChild(TestAgents.agent(), resumable, "look it up"),
        scenario.reply("found it"));
    assertThat(scenario.state.status()).isEqualTo(Status.IDLE);

    scenario.when(branch(1, null));

    scenario.thenRejected(
        "a subagent's thread does not branch: its parent reads its answers as they came");
  }
}
