package dev.threadline.ingest.bodies;

import dev.threadline.avro.AgentDefinition;
import dev.threadline.avro.SubagentSpec;
import dev.threadline.avro.VariableSpec;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;

/**
 * The required variables of a thread's agent graph that only the thread created now can give
 * (Standard Agents: creating a thread requires every required variable of its agent graph). A child
 * thread inherits its parent's thread env, less what its agent declares scoped, plus what its
 * entry's {@code scopedEnv} copies; so a subagent's required variable, or a grandchild's, that no
 * scoping on the way holds back and that the child's own definition does not give must come with
 * the root thread — else it would be missing hours later, when the child starts. A variable some
 * agent on the way declares scoped is not the root's to give: the child asks for it when it starts
 * (its variables request), as does an {@code optional} subagent, which may never start.
 */
final class TeamVariables {
  private TeamVariables() {}

  /** One variable the graph needs and the thread was not given. */
  record Missing(String variable, String subagent, String agent) {}

  /**
   * The first required variable of {@code root}'s subagents (and theirs) that {@code given} lacks.
   */
  static Optional<Missing> missing(AgentDefinition root, Set<String> given) {
    return walk(root, root, given, Set.of(), new HashSet<>());
  }

  private static Optional<Missing> walk(
      AgentDefinition root,
      AgentDefinition parent,
      Set<String> given,
      Set<String> heldBack,
      Set<String> visited) {
    for (SubagentSpec entry : parent.getSubagents()) {
      if (entry.getOptional() != null) {
        continue;
      }
      Optional<AgentDefinition> child = member(root, entry.getAgent());
      if (child.isEmpty() || !visited.add(parent.getName() + "→" + entry.getName())) {
        continue; // an agent not frozen with the thread fails when called; a loop is walked once
      }
      Set<String> held = new HashSet<>(heldBack);
      child.get().getVariables().stream()
          .filter(VariableSpec::getScoped)
          .forEach(v -> held.add(v.getName()));
      Set<String> copied =
          entry.getBootstrap() == null ? Set.of() : Set.copyOf(entry.getBootstrap().getScopedEnv());
      for (VariableSpec v : child.get().getVariables()) {
        String name = v.getName();
        boolean satisfied =
            !v.getRequired()
                || held.contains(name)
                || given.contains(name)
                || copied.contains(name)
                || child.get().getEnv().containsKey(name)
                || child.get().getPromptEnv().containsKey(name);
        if (!satisfied) {
          return Optional.of(new Missing(name, entry.getName(), child.get().getName()));
        }
      }
      Set<String> handedDown = new HashSet<>(given);
      handedDown.addAll(copied);
      Optional<Missing> deeper = walk(root, child.get(), handedDown, held, visited);
      if (deeper.isPresent()) {
        return deeper;
      }
    }
    return Optional.empty();
  }

  /** The agent named {@code name} as frozen with the thread: its team, or the root itself. */
  private static Optional<AgentDefinition> member(AgentDefinition root, String name) {
    if (root.getName().equals(name)) {
      return Optional.of(root);
    }
    return root.getTeam().stream().filter(a -> a.getName().equals(name)).findFirst();
  }
}
