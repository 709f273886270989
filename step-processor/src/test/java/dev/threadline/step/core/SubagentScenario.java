package dev.threadline.step.core;

import dev.threadline.step.core.Enums.ChildReport;
import dev.threadline.step.core.Values.InboundMessage;
import dev.threadline.step.core.Values.ToolCall;
import java.util.List;
import java.util.Map;

/**
 * The named givens of the subagent tests: a parent with a research subagent and a resumable helper
 * (its team frozen with it), its children's creation and reports. Each test class of the subagent
 * rules extends it.
 */
abstract class SubagentScenario {
  final Scenario scenario = new Scenario();

  /** A parent with a research and a resumable helper subagent, its first model call pending. */
  void givenParentRunning() {
    scenario.given(scenario.create(parentAgent(false)), scenario.message("go"));
  }

  /** That parent's model called {@code calls}. */
  void givenParentCalling(ToolCall... calls) {
    scenario.given(
        scenario.create(parentAgent(false)), scenario.message("go"), scenario.reply(null, calls));
  }

  /** The parent's model created resumable helpers h1 and h2: the helper's maxInstances. */
  void givenBothHelpersCreated() {
    givenParentCalling(
        Scenario.call(
            "c1", "subagent_create", "{\"subagent\":\"helper\",\"name\":\"h1\",\"message\":\"a\"}"),
        Scenario.call(
            "c2",
            "subagent_create",
            "{\"subagent\":\"helper\",\"name\":\"h2\",\"message\":\"b\"}"));
  }

  static AgentSnapshot parentAgent(boolean explicit) {
    return boss(
        List.of(
            research().explicitCommunication(explicit).build(),
            SubagentBuilder.subagent("helper", "assistant")
                .resumable(true)
                .maxInstances(2)
                .build()),
        TestAgents.plain("researcher"),
        TestAgents.plain("assistant"));
  }

  /** The research subagent most parents here offer: it runs the researcher agent. */
  static SubagentBuilder research() {
    return SubagentBuilder.subagent("research", "researcher").description("digs");
  }

  /** The lead agent {@code boss}, offering {@code subagents} that run agents of {@code team}. */
  static AgentSnapshot boss(List<Subagent> subagents, AgentSnapshot... team) {
    return TestAgents.named("boss", null, "lead")
        .with(
            b -> {
              b.subagents = subagents;
              b.team = List.of(team);
            });
  }

  Input.CreateThread createChild(boolean resumable, boolean explicit) {
    return new Input.CreateThread(
        scenario.nextCommandId(),
        Scenario.TENANT,
        "t-1/research-1.1.0",
        scenario.tick(),
        "researcher",
        TestAgents.agent(),
        InboundMessage.invoke("dig into kafka"),
        Map.of(),
        new ParentRef("t-1", "research", "research", resumable, explicit),
        Map.of());
  }

  Input.ChildUpdate update(String childId, ChildReport kind, String status, String content) {
    return scenario.childUpdate(childId, kind, status, content);
  }

  List<String> offered() {
    return ContextAssembler.offered(scenario.state).stream()
        .map(RuntimeTools.ToolDef::name)
        .toList();
  }

  static AgentSnapshot withSubagents(Subagent... subagents) {
    AgentSnapshot base = parentAgent(false);
    return base.with(b -> b.subagents = List.of(subagents));
  }

  static Subagent flagged(String name, String flag) {
    return SubagentBuilder.subagent(name, "researcher").optional(flag).build();
  }

  static List<Output> all(Scenario s) {
    return s.all;
  }
}
