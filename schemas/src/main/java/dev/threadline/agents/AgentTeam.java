package dev.threadline.agents;

import dev.threadline.avro.AgentDefinition;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * A thread's team: the agents its subagents run and its handoffs hand to, and theirs, frozen with
 * the thread when it is created, so editing an agent later never changes what a running thread
 * spawns. Flat (each agent once, by name, in the order they are reached), bounded, and within one
 * tenant: {@code byName} looks agents up among the thread's tenant's.
 */
public final class AgentTeam {
  /** A team larger than this is cut there; spawning an agent left out is a tool error. */
  public static final int MAX_AGENTS = 100;

  private AgentTeam() {}

  /** {@code root} with its team; one that already has a team is returned as it is. */
  public static AgentDefinition freeze(
      AgentDefinition root, Function<String, AgentDefinition> byName) {
    if (!root.getTeam().isEmpty()
        || (root.getSubagents().isEmpty() && root.getHandoffs().isEmpty())) {
      return root.getWrittenJson() == null ? root : withTeam(root, root.getTeam());
    }
    Map<String, AgentDefinition> team = new LinkedHashMap<>();
    Deque<AgentDefinition> todo = new ArrayDeque<>(List.of(root));
    while (!todo.isEmpty() && team.size() < MAX_AGENTS) {
      AgentDefinition next = todo.poll();
      List<String> reached = new ArrayList<>();
      next.getSubagents().forEach(spec -> reached.add(spec.getAgent()));
      next.getHandoffs().forEach(handoff -> reached.add(handoff.getAgent()));
      for (String name : reached) {
        if (team.containsKey(name) || team.size() >= MAX_AGENTS) {
          continue;
        }
        AgentDefinition member = name.equals(root.getName()) ? root : byName.apply(name);
        if (member != null) {
          AgentDefinition flat =
              member.getTeam().isEmpty() && member.getWrittenJson() == null
                  ? member
                  : withTeam(member, List.of());
          team.put(name, flat);
          todo.add(flat);
        }
      }
    }
    return withTeam(root, List.copyOf(team.values()));
  }

  /**
   * {@code d} with {@code team}, its other fields shared rather than deep-copied (a builder's copy
   * deep-copies through Avro's class loading, which a Quarkus application's loaders trip). The
   * authoring form (written JSON, names used) stays in the agent table: a thread needs only the
   * resolved fields.
   */
  private static AgentDefinition withTeam(AgentDefinition d, List<AgentDefinition> team) {
    return new AgentDefinition(
        d.getName(),
        d.getTenantId(),
        d.getModel(),
        d.getSystemPrompt(),
        d.getTools(),
        d.getSubagents(),
        d.getStop(),
        d.getGroup(),
        d.getContext(),
        d.getUpdatedAt(),
        new ArrayList<>(team),
        d.getHandoffs(),
        d.getSubprompts(),
        d.getOtherSide(),
        d.getVariables(),
        d.getEnv(),
        d.getPromptEnv(),
        d.getToolEnv(),
        d.getExposeAsTool(),
        d.getToolDescription(),
        null,
        new ArrayList<>(),
        d.getHooks(),
        d.getQueuedPrompts(),
        d.getDescription(),
        d.getBehaviors());
  }
}
