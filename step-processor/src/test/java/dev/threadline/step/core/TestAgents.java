package dev.threadline.step.core;

import dev.threadline.step.core.AgentSnapshot.AgentTool;
import dev.threadline.step.core.AgentSnapshot.ContextBudget;
import dev.threadline.step.core.AgentSnapshot.ModelConfig;
import dev.threadline.step.core.AgentSnapshot.StopRules;
import dev.threadline.step.core.Enums.Lane;
import dev.threadline.step.core.Enums.Permission;
import java.util.List;

/** The agents scenario tests give their threads, as {@link Scenario}'s tenant defines them. */
final class TestAgents {
  private TestAgents() {}

  static AgentSnapshot agent(StopRules stop, AgentTool... tools) {
    return AgentSnapshot.of(
            "helper",
            Scenario.TENANT,
            new ModelConfig("scripted", "m-1", "{}"),
            "You help on {{threadId}} as {{agentName}} ({{model}}) on {{date}}.",
            stop,
            Lane.TASK,
            new ContextBudget(null, null),
            Scenario.T0)
        .with(b -> b.tools = List.of(tools));
  }

  /** The echo tool, allowed: what most test agents have. */
  static final AgentTool ECHO = new AgentTool("echo", Permission.ALLOW, null, null);

  /**
   * An agent as the tests make them: {@code name}, a scripted {@code model} and {@code prompt};
   * answers end its turn, 20 steps at most, lane TASK, no context budget of its own, and the echo
   * tool. A test names what else it needs with {@code with}.
   */
  static AgentSnapshot named(String name, String model, String prompt) {
    return AgentSnapshot.of(
            name,
            Scenario.TENANT,
            new ModelConfig("scripted", model, "{}"),
            prompt,
            new StopRules(true, null, 20, null),
            Lane.TASK,
            new ContextBudget(null, null),
            Scenario.T0)
        .with(b -> b.tools = List.of(ECHO));
  }

  /** {@link #agent()} under another name: a member of a parent's team. */
  static AgentSnapshot plain(String name) {
    return agent().with(b -> b.name = name);
  }

  static AgentSnapshot agent() {
    return agent(
        new StopRules(true, null, 20, null),
        new AgentTool("echo", Permission.ALLOW, "Echo", "{\"type\":\"object\"}"),
        new AgentTool("search", Permission.ALLOW, null, null),
        new AgentTool("rm", Permission.DENY, null, null),
        new AgentTool("deploy", Permission.ASK, null, null));
  }
}
