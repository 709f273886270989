package dev.threadline.step.core.machine.subagents;

import dev.threadline.step.core.AgentSnapshot;
import dev.threadline.step.core.Env;
import dev.threadline.step.core.MachineState;
import dev.threadline.step.core.Subagent;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * The env a child thread starts with (the Standard Agents model's variables, spec §7.4–7.5): its
 * parent's thread env, less the variables the child's agent declares {@code scoped} (those start
 * fresh), plus the sealed values its subagent entry's {@code scopedEnv} copies — runtime-only
 * values for the child's tools, which no prompt renders because they are secrets. Only {@code
 * nameEnv} and {@code descriptionEnv} may put a parent's value where a model reads it, and only a
 * text value.
 */
public final class ChildEnv {
  private ChildEnv() {}

  static Map<String, Env.Value> of(MachineState parent, Subagent spec, AgentSnapshot child) {
    Set<String> scoped =
        child.env().variables().stream()
            .filter(Env.Variable::scoped)
            .map(Env.Variable::name)
            .collect(Collectors.toSet());
    Map<String, Env.Value> env = new TreeMap<>();
    parent
        .env()
        .forEach(
            (name, value) -> {
              if (!scoped.contains(name)) {
                env.put(name, value);
              }
            });
    if (spec.bootstrap() != null) {
      Map<String, Env.Value> parentValues = parentValues(parent, spec);
      for (String name : spec.bootstrap().scopedEnv()) {
        Env.Value value = parentValues.get(name);
        // A text value is never copied: scoped values travel sealed, or not at all.
        if (value != null && value.secret()) {
          env.put(name, value);
        }
      }
    }
    return env;
  }

  /** The child's required variables that {@code env} (with its own definition's values) lacks. */
  static List<Env.Variable> missing(AgentSnapshot child, Map<String, Env.Value> env) {
    Map<String, Env.Value> resolved = child.env().forPrompt(env);
    return child.env().variables().stream()
        .filter(v -> v.required() && !resolved.containsKey(v.name()))
        .toList();
  }

  /** The child's name from {@code nameEnv}: a text value of the parent's, or null. */
  static String name(MachineState parent, Subagent spec) {
    return spec.bootstrap() == null ? null : hint(parent, spec, spec.bootstrap().nameEnv());
  }

  /** The child's description from {@code descriptionEnv}: a text value of the parent's, or null. */
  static String description(MachineState parent, Subagent spec) {
    return spec.bootstrap() == null ? null : hint(parent, spec, spec.bootstrap().descriptionEnv());
  }

  private static String hint(MachineState parent, Subagent spec, String variable) {
    if (variable == null) {
      return null;
    }
    Env.Value value = parentValues(parent, spec).get(variable);
    return value == null || value.secret() || value.value().isBlank() ? null : value.value();
  }

  /**
   * The parent's values as its tool {@code spec} sees them (low to high prompt → tool → agent →
   * thread).
   */
  private static Map<String, Env.Value> parentValues(MachineState parent, Subagent spec) {
    return parent.agent().env().forTool(spec.name(), parent.env());
  }
}
