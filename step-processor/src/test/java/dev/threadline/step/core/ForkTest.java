package dev.threadline.step.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.step.core.Enums.Status;
import dev.threadline.step.core.Event.ForkSeeded;
import dev.threadline.step.core.Event.MessageAppended;
import dev.threadline.step.core.Event.ThreadCreated;
import dev.threadline.step.core.Event.ThreadForked;
import dev.threadline.step.core.Event.ValueChanged;
import dev.threadline.step.core.Values.Message;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * A thread forks into a new one that goes on from its state at an event of its log: the new thread
 * is created from the forked one's transaction with its window's messages and values as they were
 * then, takes nothing else until it holds them, and goes on from there; the forked thread goes on
 * as it was.
 */
class ForkTest {
  private final Scenario source = new Scenario();
  private final TreeMap<Long, Message> stored = new TreeMap<>();

  private void step(Input... inputs) {
    for (Input input : inputs) {
      source.when(input);
      source
          .last
          .outputs(Output.AppendMessage.class)
          .forEach(a -> stored.put(a.seq(), a.message()));
    }
  }

  /** Two turns, "a" set to 1 in the first and to 2 in the second, "b" set in the second. */
  private long givenTwoTurnsAndTheEventAfterTheFirst() {
    step(
        source.create(TestAgents.agent()),
        source.message("hi"),
        source.reply("hello"),
        setValue("a", "1"));
    long afterFirst = source.state.nextEventSeq() - 1;
    step(source.message("and now?"), source.reply("this"), setValue("a", "2"), setValue("b", "3"));
    return afterFirst;
  }

  private Input.SetValue setValue(String key, String json) {
    return new Input.SetValue(source.nextCommandId(), Scenario.TENANT, source.tick(), key, json);
  }

  /** A Fork as the shell hands it over: the window's messages read, the values now. */
  private Input.Fork fork(String to, long atSeq, long from, long at, Map<String, String> changed) {
    return Forks.reading(
        new Input.Fork(
            source.nextCommandId(),
            Scenario.TENANT,
            source.tick(),
            new Forks.Point(to, atSeq, from, at, changed),
            Forks.Copy.NONE),
        (f, u) -> List.copyOf(stored.subMap(f, u).values()),
        Map.of("a", "2", "b", "3"));
  }

  private static Map<String, String> changedSinceFirstTurn() {
    Map<String, String> changed = new HashMap<>();
    changed.put("a", "1");
    changed.put("b", null);
    return changed;
  }

  @Test
  void aForkTakesTheWindowAndTheValuesAtItsEventAndTheForkedThreadGoesOnAsItWas() {
    long afterFirst = givenTwoTurnsAndTheEventAfterTheFirst();
    MachineState before = source.state;

    source.when(fork("t-2", afterFirst, 1, 2, changedSinceFirstTurn()));

    ThreadForked forked = source.event(ThreadForked.class);
    assertThat(forked.toThreadId()).isEqualTo("t-2");
    assertThat(forked.atSeq()).isEqualTo(afterFirst);
    assertThat(forked.copied()).isEqualTo(2);
    Output.ForkThread made = source.outputs(Output.ForkThread.class).getFirst();
    assertThat(made.messages()).extracting(Message::content).containsExactly("hi", "hello");
    assertThat(made.values()).isEqualTo(Map.of("a", "1"));
    assertThat(made.agent()).isEqualTo(before.agent());
    assertThat(source.state.nextMessageSeq()).isEqualTo(before.nextMessageSeq());
    assertThat(source.state.status()).isEqualTo(Status.IDLE);
  }

  @Test
  void theNewThreadTakesItsSeedsInOrderThenNothingElseIsRefusedAndItGoesOnFromThem() {
    long afterFirst = givenTwoTurnsAndTheEventAfterTheFirst();
    source.when(fork("t-2", afterFirst, 1, 2, changedSinceFirstTurn()));
    Output.ForkThread made = source.outputs(Output.ForkThread.class).getFirst();
    Scenario fork = new Scenario().onThread("t-2");

    fork.when(
        createFork(
            fork,
            new Forks.Birth(
                made.agentName(),
                made.agent(),
                Map.of("forkedFrom", Scenario.THREAD),
                made.env(),
                Scenario.THREAD,
                afterFirst,
                2)));
    assertThat(fork.event(ThreadCreated.class).metadata()).containsEntry("forkedFrom", "t-1");
    fork.when(fork.message("too soon"));
    fork.thenRejected("still taking what it copies");

    fork.when(seed(fork, 0, made.messages(), Map.of()));
    assertThat(fork.events(MessageAppended.class))
        .extracting(m -> m.message().content())
        .containsExactly("hi", "hello");
    assertThat(fork.events(ForkSeeded.class)).isEmpty();
    fork.when(seed(fork, 1, List.of(), made.values()));
    assertThat(fork.event(ValueChanged.class).key()).isEqualTo("a");
    ForkSeeded seeded = fork.event(ForkSeeded.class);
    assertThat(seeded).isEqualTo(new ForkSeeded(Scenario.THREAD, afterFirst, 2, 1));

    fork.when(fork.message("so?"));
    assertThat(fork.thenRequestsModel().contextFromSeq()).isEqualTo(1);
    assertThat(fork.state.nextMessageSeq()).isEqualTo(4);
  }

  @Test
  void aForkThatWouldCutAToolCallFromItsResultOrNamesNoEventIsRefused() {
    step(
        source.create(TestAgents.agent()),
        source.message("go"),
        source.reply(null, Scenario.call("c1", "echo", "{}")));
    long atCall = source.state.nextEventSeq() - 1;

    source.when(fork("t-2", atCall, 1, 2, Map.of()));
    source.thenRejected("leaves tool calls [c1] without their results");
    source.when(fork("t-2", source.state.nextEventSeq() + 5, 1, 1, Map.of()));
    source.thenRejected("the thread has no event");
    source.when(fork(Scenario.THREAD, atCall, 1, 1, Map.of()));
    source.thenRejected("invalid new thread id");
    assertThat(source.outputs(Output.ForkThread.class)).isEmpty();
  }

  @Test
  void aFinishedThreadForksAndASeedFromAnotherThreadIsRefused() {
    givenTwoTurnsAndTheEventAfterTheFirst();
    source.when(
        new Input.Terminate(source.nextCommandId(), Scenario.TENANT, source.tick(), "done"));

    source.when(fork("t-2", 3, 1, 2, Map.of()));
    assertThat(source.event(ThreadForked.class).toThreadId()).isEqualTo("t-2");

    Scenario fork = new Scenario().onThread("t-2");
    Output.ForkThread made = source.outputs(Output.ForkThread.class).getFirst();
    fork.when(
        createFork(
            fork,
            new Forks.Birth(
                made.agentName(), made.agent(), Map.of(), Map.of(), Scenario.THREAD, 3, 1)));
    fork.when(
        new Input.ForkSeed(
            fork.nextCommandId(),
            Scenario.TENANT,
            fork.tick(),
            new Forks.Seed("t-9", 0, List.of(), Map.of())));
    fork.thenRejected("it is not a fork awaiting them");
  }

  private static Input.ForkSeed seed(
      Scenario fork, int index, List<Message> messages, Map<String, String> values) {
    return new Input.ForkSeed(
        fork.nextCommandId(),
        Scenario.TENANT,
        fork.tick(),
        new Forks.Seed(Scenario.THREAD, index, messages, values));
  }

  /** The command that creates the fork t-2, as the thread forked writes it. */
  private static Input.CreateFork createFork(Scenario fork, Forks.Birth birth) {
    return new Input.CreateFork(fork.nextCommandId(), Scenario.TENANT, "t-2", fork.tick(), birth);
  }
}
