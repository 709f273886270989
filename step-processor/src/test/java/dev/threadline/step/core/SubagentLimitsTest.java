package dev.threadline.step.core;

import static dev.threadline.step.core.Scenario.call;
import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.step.core.Enums.ChildReport;
import dev.threadline.step.core.Event.MessageAppended;
import dev.threadline.step.core.Values.InboundMessage;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * How big a tree of subagents may grow: depth, starts per turn, and live threads per root through a
 * budget handed down the tree. Every refusal is a tool error with guidance.
 */
class SubagentLimitsTest {
  /** An agent with one subagent, {@code sub}, that runs agent {@code runs}; its team: both. */
  private static AgentSnapshot withSubagent(
      String name, String runs, boolean immediate, AgentSnapshot member) {
    return withSubagent(name, runs, immediate, List.of(member));
  }

  private static AgentSnapshot withSubagent(
      String name, String runs, boolean immediate, List<AgentSnapshot> team) {
    return TestAgents.named(name, null, "work")
        .with(
            b -> {
              b.subagents =
                  List.of(
                      SubagentBuilder.subagent("sub", runs)
                          .description("helps")
                          .maxInstances(50)
                          .immediate(immediate)
                          .build());
              b.team = team;
            });
  }

  private static Scenario limited(int depth, int perRoot, int perTurn) {
    return new Scenario(
        MachineConfig.defaults().withLimits(l -> l.withSubagents(depth, perRoot, perTurn)));
  }

  private static String lastToolResult(Scenario s) {
    List<MessageAppended> appended = s.events(MessageAppended.class);
    return appended.getLast().message().content();
  }

  @Test
  void aChildAtTheDepthLimitCannotStartSubagentsAndIsToldWhy() {
    Scenario scenario = limited(2, 100, 20);
    AgentSnapshot leaf = TestAgents.plain("leaf");
    scenario.onThread("t-1/sub-1.1.0/sub-1.1.0");
    scenario.given(
        new Input.CreateThread(
            scenario.nextCommandId(),
            Scenario.TENANT,
            "t-1/sub-1.1.0/sub-1.1.0",
            scenario.tick(),
            "mid",
            withSubagent("mid", "leaf", false, leaf),
            InboundMessage.invoke("go"),
            Map.of(),
            new ParentRef("t-1/sub-1.1.0", "sub", "sub", false, false, 2, 10),
            Map.of()));

    scenario.when(scenario.calls("sub", "{\"message\":\"deeper\"}"));

    assertThat(scenario.outputs(Output.SpawnChild.class)).isEmpty();
    assertThat(lastToolResult(scenario))
        .contains("subagents may nest 2 deep and this thread is at depth 2")
        .contains("threadline.limits.subagent.depth")
        .contains("report back to your parent");
  }

  @Test
  void aTurnStartsAtMostTheCapOfSubagentsTheRestAreToolErrors() {
    Scenario scenario = limited(5, 100, 2);
    scenario.given(
        scenario.create(withSubagent("boss", "leaf", false, TestAgents.plain("leaf"))),
        scenario.message("fan out"));

    scenario.when(
        scenario.reply(
            null,
            call("c1", "sub", "{\"message\":\"a\"}"),
            call("c2", "sub", "{\"message\":\"b\"}"),
            call("c3", "sub", "{\"message\":\"c\"}")));

    assertThat(scenario.outputs(Output.SpawnChild.class)).hasSize(2);
    assertThat(lastToolResult(scenario))
        .contains("2 subagents were started in this turn")
        .contains("threadline.limits.subagent.spawns.per.turn")
        .contains("start more in a later turn");
  }

  @Test
  void aTreeHoldsAtMostItsBudgetOfLiveSubagentsAndAFinishedChildGivesItsUnitBack() {
    Scenario scenario = limited(5, 2, 20);
    scenario.given(
        scenario.create(withSubagent("boss", "leaf", false, TestAgents.plain("leaf"))),
        scenario.message("fan out"),
        scenario.reply(
            null,
            call("c1", "sub", "{\"message\":\"a\"}"),
            call("c2", "sub", "{\"message\":\"b\"}"),
            call("c3", "sub", "{\"message\":\"c\"}")));
    assertThat(lastToolResult(scenario))
        .contains("this thread's tree of subagents is as large as it may be")
        .contains("threadline.limits.subagents.per.root = 2 live at once")
        .contains("wait until one finishes");
    assertThat(scenario.state.subagentBudget()).isZero();

    String first = scenario.state.children().entries().getFirst().childThreadId();
    scenario.given(scenario.childUpdate(first, ChildReport.COMPLETED, "completed", "done"));

    assertThat(scenario.state.subagentBudget()).isEqualTo(1);
  }

  @Test
  void aChildThatMayStartSubagentsIsGrantedHalfOfWhatIsLeft() {
    Scenario scenario = limited(5, 100, 20);
    AgentSnapshot mid = withSubagent("mid", "leaf", false, TestAgents.plain("leaf"));
    scenario.given(
        scenario.create(withSubagent("boss", "mid", false, mid)), scenario.message("delegate"));

    scenario.when(scenario.calls("sub", "{\"message\":\"a\"}"));

    Output.SpawnChild spawn = scenario.outputs(Output.SpawnChild.class).getFirst();
    assertThat(spawn.parent().depth()).isEqualTo(1);
    assertThat(spawn.parent().granted()).isEqualTo(49);
    assertThat(scenario.state.subagentBudget()).isEqualTo(50);
    assertThat(scenario.state.children().entries().getFirst().granted()).isEqualTo(50);
  }

  @Test
  void anAgentWhoseImmediateSubagentRunsItselfStopsWithinTheLimits() {
    // "loop" runs "loop" as an immediate subagent: every thread starts another at its first
    // prompt. Follow the chain of creations as the shell would deliver them.
    int depthLimit = 4;
    AgentSnapshot loop =
        withSubagent("loop", "loop", true, List.of(withSubagent("loop", "loop", true, List.of())));
    Scenario root = limited(depthLimit, 100, 20);
    root.given(root.create(loop));
    root.when(root.message("begin"));
    int threads = 1;
    Output.SpawnChild spawn =
        root.outputs(Output.SpawnChild.class).stream().findFirst().orElse(null);
    while (spawn != null && threads < 50) {
      threads++;
      Scenario child = limited(depthLimit, 100, 20);
      child.onThread(spawn.childThreadId());
      child.when(
          new Input.CreateThread(
              child.nextCommandId(),
              Scenario.TENANT,
              spawn.childThreadId(),
              child.tick(),
              spawn.agent().name(),
              spawn.agent(),
              InboundMessage.invoke(spawn.message()),
              Map.of(),
              spawn.parent(),
              Map.of()));
      spawn = child.outputs(Output.SpawnChild.class).stream().findFirst().orElse(null);
      if (spawn == null) {
        assertThat(lastToolResult(child)).contains("threadline.limits.subagent");
      }
    }

    assertThat(threads).isLessThanOrEqualTo(depthLimit + 1);
  }

  @Test
  void theRegistryKeepsOnlyTheNewestFinishedChildren() {
    Scenario scenario =
        new Scenario(MachineConfig.defaults().withLimits(l -> l.withChildrenKept(2)));
    scenario.given(
        scenario.create(withSubagent("boss", "leaf", false, TestAgents.plain("leaf"))),
        scenario.message("fan out"));
    for (int round = 0; round < 4; round++) {
      scenario.given(scenario.reply(null, call("c" + round, "sub", "{\"message\":\"x\"}")));
      String child = scenario.state.children().entries().getLast().childThreadId();
      scenario.given(scenario.childUpdate(child, ChildReport.COMPLETED, "completed", "done"));
    }

    assertThat(scenario.state.children().entries().stream().filter(c -> !c.alive())).hasSize(2);
  }

  @Test
  void aChildsReportedStatusIsClippedInTheRegistry() {
    Scenario scenario = limited(5, 100, 20);
    scenario.given(
        scenario.create(withSubagent("boss", "leaf", false, TestAgents.plain("leaf"))),
        scenario.message("go"),
        scenario.calls("sub", "{\"message\":\"a\"}"));
    String child = scenario.state.children().entries().getFirst().childThreadId();

    scenario.when(scenario.childUpdate(child, ChildReport.STATUS, "s".repeat(100_000), null));

    assertThat(scenario.state.children().entries().getFirst().sessionStatus())
        .hasSizeLessThanOrEqualTo(512)
        .endsWith("…");
  }

  @Test
  void aSubagentNameLongerThanTheRegistryKeepsIsAToolError() {
    Scenario scenario = new Scenario();
    scenario.given(scenario.create(SubagentScenario.parentAgent(false)), scenario.message("go"));

    scenario.when(
        scenario.reply(
            null,
            call(
                "c1",
                RuntimeTools.SUBAGENT_CREATE,
                "{\"subagent\":\"helper\",\"name\":\""
                    + "n".repeat(200)
                    + "\",\"message\":\"x\"}")));

    assertThat(scenario.outputs(Output.SpawnChild.class)).isEmpty();
    assertThat(lastToolResult(scenario)).contains("may be at most 128 characters");
  }
}
