package dev.threadline.step.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.step.core.Event.ModelCallRequested;
import dev.threadline.step.core.Event.ToolCallRequested;
import dev.threadline.step.core.Values.ToolCall;
import dev.threadline.step.core.machine.ThreadMachine;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Properties that must hold after any sequence of inputs (the test draws sequences from seeded
 * random generators; the machine itself has no randomness).
 */
class InvariantsTest {
  private static final String[] TOOLS = {
    "echo", "search", "rm", "nope", "get_value", "sessionStatus"
  };

  /** Plays {@code length} random inputs and returns every input in order. */
  private static List<Input> play(Scenario s, Random random, int length) {
    s.when(s.create());
    Input previousResult = null;
    for (int i = 0; i < length; i++) {
      s.when(nextInput(s, random, previousResult));
      Input decided = s.inputs.getLast();
      if (decided instanceof Input.ModelResultReceived
          || decided instanceof Input.ToolResultReceived) {
        previousResult = decided;
      }
    }
    return List.copyOf(s.inputs);
  }

  private static Input nextInput(Scenario s, Random random, Input previousResult) {
    Awaiting p = s.state.awaiting();
    int dice = random.nextInt(100);
    if (dice < 8) {
      return s.message("m" + dice);
    }
    if (dice < 11) {
      return s.abort();
    }
    if (dice < 14 && previousResult != null) {
      return previousResult; // a duplicate delivery
    }
    if (dice < 18) {
      return s.queueTool("echo", "{}");
    }
    if (dice < 20) {
      return new Input.SetValue(s.nextCommandId(), Scenario.TENANT, s.tick(), "k", "\"v\"");
    }
    if (p == null) {
      return s.message("idle " + dice);
    }
    boolean nothingInFlight =
        p instanceof Awaiting.Model m && m.phase() == Awaiting.ModelPhase.BACKING_OFF
            || p instanceof Awaiting.Compaction c
                && c.phase() == Awaiting.CompactionPhase.BUILDING_BY_RULE;
    if (dice < 24 || nothingInFlight) {
      return p.deadline() == null ? s.toolOk("{}") : s.deadlinePassed();
    }
    if (p instanceof Awaiting.Model) {
      if (dice < 30) {
        return s.modelError(dice % 2 == 0);
      }
      return s.randomReply(random, dice, TOOLS, "{\"key\":\"k\",\"status\":\"s\"}");
    }
    return dice < 40 ? s.toolFailed("err") : s.toolOk("{\"ok\":1}");
  }

  @Test
  void eventSeqIsGapFreeFromOneAndRequestsNeverOverlap() {
    for (int seed = 0; seed < 300; seed++) {
      Scenario s = new Scenario();
      play(s, new Random(seed), 60);

      List<Long> seqs = s.allEvents().stream().map(Event::seq).filter(q -> q > 0).toList();
      assertThat(seqs)
          .as("seed %d", seed)
          .isEqualTo(java.util.stream.LongStream.rangeClosed(1, seqs.size()).boxed().toList());
    }
  }

  @Test
  void everyTransitionIssuesAtMostOneRequestAndARunningThreadAlwaysWaitsForOne() {
    for (int seed = 0; seed < 300; seed++) {
      Scenario s = new Scenario();
      Random random = new Random(seed);
      s.when(s.create());
      for (int i = 0; i < 60; i++) {
        Transition t = s.when(nextInput(s, random, null));
        long requests =
            t.outputs().stream()
                .filter(
                    o ->
                        o instanceof Output.RequestModel
                            || o instanceof Output.RequestTool
                            || o instanceof Output.RunStoreTool)
                .count();
        assertThat(requests).as("seed %d step %d", seed, i).isLessThanOrEqualTo(1);
        if (s.state.isBusy()) {
          assertThat(s.state.awaiting())
              .as("seed %d step %d: running without a pending request", seed, i)
              .isNotNull();
        } else {
          assertThat(s.state.awaiting()).isNull();
        }
      }
    }
  }

  @Test
  void everyEmittedRequestHasAMatchingRequestedEvent() {
    for (int seed = 0; seed < 200; seed++) {
      Scenario s = new Scenario();
      play(s, new Random(seed), 60);

      Set<String> requested =
          s.allEvents().stream()
              .map(Event::payload)
              .map(
                  p ->
                      p instanceof ModelCallRequested m
                          ? m.requestId()
                          : p instanceof ToolCallRequested r ? r.requestId() : null)
              .filter(java.util.Objects::nonNull)
              .collect(Collectors.toSet());
      s.all.stream()
          .forEach(
              o -> {
                if (o instanceof Output.RequestModel m) {
                  assertThat(requested).contains(m.requestId());
                } else if (o instanceof Output.RequestTool r) {
                  assertThat(requested).contains(r.requestId());
                }
              });
    }
  }

  @Test
  void replayingTheSameInputsGivesTheSameStateAndOutputs() {
    for (int seed = 0; seed < 100; seed++) {
      Scenario original = new Scenario();
      List<Input> inputs = play(original, new Random(seed), 60);

      ThreadMachine machine = new ThreadMachine(MachineConfig.defaults());
      MachineState state = null;
      List<Output> outputs = new ArrayList<>();
      for (Input input : inputs) {
        Transition t = machine.decide(state, input);
        state = t.state();
        outputs.addAll(t.outputs());
      }

      assertThat(state).isEqualTo(original.state);
      assertThat(outputs).isEqualTo(original.all);
    }
  }

  @Test
  void theStateHoldsNoMessageBodies() {
    Scenario s = new Scenario();
    s.given(s.create(), s.message("a secret that must live only in the message store"));
    for (int i = 0; i < 15; i++) {
      s.when(s.reply(null, new ToolCall("c" + i, "echo", "{}")));
      s.when(s.toolOk("output " + i));
    }
    assertThat(s.state.toString()).doesNotContain("a secret").doesNotContain("output 3");
  }
}
