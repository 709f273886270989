package dev.threadline.step.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.step.core.Enums.ChildReport;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * No thread waits forever on an answer that will never come. Random interleavings of results,
 * failures, deadlines, aborts, messages, late and repeated deliveries (drawn from seeded
 * generators; the machine has no randomness) never leave a thread running with nothing that will
 * move it: whatever it awaits has a deadline the punctuator will act on, or is answered in the same
 * transaction (a store tool, a rule-built artifact), or is a person's decision or a child's report
 * — which an abort also ends. And a deadline acted on never leaves the same deadline behind.
 */
class NoStrandedThreadTest {
  private static final String[] TOOLS = {
    "echo", "get_value", "set_value", "sessionStatus", "nope", "deploy", "research"
  };

  /** A parent with an echo tool, a tool that asks for approval and a blocking subagent. */
  private static AgentSnapshot agent() {
    return BlockingSubagentsTest.parent()
        .with(
            b ->
                b.tools =
                    List.of(
                        TestAgents.ECHO,
                        new AgentSnapshot.AgentTool("deploy", Enums.Permission.ASK, null, null)));
  }

  @Test
  void aRunningThreadAlwaysAwaitsSomethingThatWillAnswerOrExpire() {
    java.util.Set<Class<?>> awaitedKinds = new java.util.HashSet<>();
    for (int seed = 0; seed < 400; seed++) {
      Scenario s = new Scenario();
      Random random = new Random(seed);
      s.when(s.create(agent()));
      Input stale = null;
      for (int i = 0; i < 80; i++) {
        Awaiting before = s.state.awaiting();
        Input input = next(s, random, stale);
        Transition t = s.when(input);
        if (input instanceof Input.ModelResultReceived
            || input instanceof Input.ToolResultReceived) {
          stale = s.inputs.getLast();
        }
        String at = "seed " + seed + " step " + i + " after " + input.getClass().getSimpleName();
        if (s.state.awaiting() != null) {
          awaitedKinds.add(s.state.awaiting().getClass());
        }
        if (s.state.isBusy()) {
          assertThat(s.state.awaiting()).as(at + ": running, awaiting nothing").isNotNull();
          assertThat(willMove(s.state.awaiting(), t)).as(at + ": " + s.state.awaiting()).isTrue();
        }
        if (s.inputs.getLast() instanceof Input.DeadlinePassed d
            && before != null
            && d.requestId().equals(before.requestId())
            && s.state.awaiting() != null) {
          Awaiting after = s.state.awaiting();
          assertThat(
                  !after.requestId().equals(before.requestId())
                      || after.deadline() == null
                      || after.deadline().isAfter(before.deadline()))
              .as(at + ": the same deadline left behind: " + after)
              .isTrue();
        }
      }
    }
    assertThat(awaitedKinds)
        .as("the interleavings reach every kind of wait")
        .contains(
            Awaiting.Model.class,
            Awaiting.Tool.class,
            Awaiting.Approval.class,
            Awaiting.Child.class);
  }

  /** What will answer {@code awaited}, as {@code t} left it. */
  private static boolean willMove(Awaiting awaited, Transition t) {
    return switch (awaited) {
      case Awaiting.Tool tool when tool.runsOnStores() ->
          t.outputs()
              .contains(new Output.RunStoreTool(tool.requestId(), t.state().epoch(), tool.call()));
      case Awaiting.Compaction c when c.phase() == Awaiting.CompactionPhase.BUILDING_BY_RULE ->
          t.outputs().stream()
              .anyMatch(
                  o ->
                      o instanceof Output.BuildContinuationByRule b
                          && b.requestId().equals(c.requestId()));
      case Awaiting.Approval a ->
          true; // a person's decision, its deadline if one is set, or an abort
      case Awaiting.Child c -> true; // the child's report, or an abort
      default -> awaited.deadline() != null;
    };
  }

  private static Input next(Scenario s, Random random, Input stale) {
    Awaiting awaited = s.state.awaiting();
    int dice = random.nextInt(100);
    if (awaited instanceof Awaiting.Tool tool && tool.runsOnStores()) {
      return s.toolOk("{}"); // the shell answers it in the transaction that asked: nothing between
    }
    if (dice < 6) {
      return s.message("m" + dice);
    }
    if (dice < 9) {
      return s.abort();
    }
    if (dice < 13 && stale != null) {
      return stale; // a result delivered again, or after the call moved on
    }
    if (dice < 16 && awaited != null) {
      return new Input.DeadlinePassed("late-" + dice, s.now()); // a deadline of no current call
    }
    if (dice < 19) {
      return s.queueTool("echo", "{}");
    }
    if (awaited == null) {
      return s.message("idle " + dice);
    }
    if (awaited instanceof Awaiting.Approval approval && dice >= 30) {
      return s.decision(approval.call().callId(), dice % 2 == 0, "decided");
    }
    if (awaited instanceof Awaiting.Child child) {
      ChildReport kind = dice % 3 == 0 ? ChildReport.FAILED : ChildReport.COMPLETED;
      return s.childUpdate(child.childThreadId(), kind, kind.wire(), "{\"result\":\"r\"}");
    }
    if (dice < 30
        || awaited.deadline() != null
            && !(awaited instanceof Awaiting.Model m && m.phase() == Awaiting.ModelPhase.IN_FLIGHT)
            && !(awaited instanceof Awaiting.Tool)) {
      return awaited.deadline() == null ? s.toolOk("{}") : s.deadlinePassed();
    }
    if (awaited instanceof Awaiting.Model) {
      if (dice < 40) {
        return s.modelError(dice % 2 == 0);
      }
      return s.randomReply(
          random, dice, TOOLS, "{\"key\":\"k\",\"value\":1,\"status\":\"s\",\"message\":\"m\"}");
    }
    return dice < 50 ? s.toolFailed("err") : s.toolOk("{\"ok\":1}");
  }
}
