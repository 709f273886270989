package dev.threadline.step.core.machine.subagents;

import dev.threadline.config.Limits;
import dev.threadline.step.core.AgentSnapshot;
import dev.threadline.step.core.MachineState;

/**
 * How big a tree of subagents may grow: how deep, how many start in one turn, and how many live at
 * once under one root thread. The last is a budget handed down the tree — no thread can count its
 * whole tree, which spans partitions: a root starts with {@code
 * threadline.limits.subagents.per.root}; each child takes one unit for itself and, if its agent can
 * start subagents, half of what is left for its own; a child that ends gives its units back. So
 * however the agents are written — even ones whose immediate subagents run themselves — a tree
 * never has more live threads than the root's budget.
 */
public final class SubagentBudget {
  /** The longest name a child may be given; its registry entry holds it. */
  static final int NAME_CHARS = 128;

  /** Why {@code s} may not start subagent {@code name} now, with guidance; null if it may. */
  static String refusal(MachineState s, String name, Limits limits) {
    int depth = depth(s);
    if (depth >= limits.subagentDepth()) {
      return "cannot start subagent '"
          + name
          + "': subagents may nest "
          + limits.subagentDepth()
          + " deep and this thread is at depth "
          + depth
          + " ("
          + Limits.key("subagent.depth")
          + "); do this work here, or report back to your parent";
    }
    if (s.spawnsThisTurn() >= limits.spawnsPerTurn()) {
      return "cannot start subagent '"
          + name
          + "': "
          + s.spawnsThisTurn()
          + " subagents were started in this turn, the most one turn may start ("
          + Limits.key("subagent.spawns.per.turn")
          + "); start more in a later turn";
    }
    if (remaining(s, limits) < 1) {
      return "cannot start subagent '"
          + name
          + "': this thread's tree of subagents is as large as it may be ("
          + Limits.key("subagents.per.root")
          + " = "
          + limits.subagentsPerRoot()
          + " live at once); wait until one finishes (its result arrives as a message)";
    }
    return null;
  }

  /** What a child running {@code agent} gets for subagents of its own. */
  static int grant(MachineState s, AgentSnapshot agent, Limits limits) {
    boolean mayStartSubagents =
        !agent.subagents().isEmpty() && depth(s) + 1 < limits.subagentDepth();
    return mayStartSubagents ? (remaining(s, limits) - 1) / 2 : 0;
  }

  static int depth(MachineState s) {
    return s.parent() == null ? 0 : s.parent().depth();
  }

  /** How many more live subagents {@code s}'s tree may have. */
  static int remaining(MachineState s, Limits limits) {
    return s.subagentBudget() < 0 ? limits.subagentsPerRoot() : s.subagentBudget();
  }
}
