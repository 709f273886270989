package dev.threadline.step.core;

import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * Spec §7.3, {@code optional} subagents: a subagent whose flag is not enabled is left out of the
 * agent a thread freezes. A flag is enabled when the environment resolves it to {@code true},
 * {@code 1} or {@code yes} (any case); a subagent without a flag is always kept.
 */
public final class OptionalSubagents {
  private OptionalSubagents() {}

  /**
   * {@code a} with only its enabled subagents, and so is each member of its frozen team (an agent
   * handed the thread runs as frozen here; a child resolves its own again when it is created).
   */
  public static AgentSnapshot resolved(AgentSnapshot a, Function<String, String> environment) {
    AgentSnapshot own = enabledOnly(a, environment);
    List<AgentSnapshot> team = a.team().stream().map(m -> enabledOnly(m, environment)).toList();
    return team.equals(a.team()) ? own : own.with(b -> b.team = team);
  }

  private static AgentSnapshot enabledOnly(AgentSnapshot a, Function<String, String> environment) {
    List<Subagent> enabled =
        a.subagents().stream()
            .filter(sa -> sa.optional() == null || enabled(environment.apply(sa.optional())))
            .toList();
    return enabled.size() == a.subagents().size() ? a : a.with(b -> b.subagents = enabled);
  }

  static boolean enabled(String value) {
    if (value == null) {
      return false;
    }
    String v = value.strip().toLowerCase(Locale.ROOT);
    return v.equals("true") || v.equals("1") || v.equals("yes");
  }
}
