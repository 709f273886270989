package dev.threadline.step.core.machine.commands;

import dev.threadline.step.core.Env;
import dev.threadline.step.core.Input.SetEnv;
import dev.threadline.step.core.machine.decision.Decision;
import java.util.Map;
import java.util.TreeMap;

/**
 * The thread's env: set when it is created ({@link Lifecycle}) and by {@code SetEnv} commands,
 * checked against the agent's declared variables (a required one cannot go, a declared secret
 * arrives sealed), and recorded on the log without any secret's value.
 */
public final class EnvVariables {
  private EnvVariables() {}

  /** Records the env a thread is created with (already checked). */
  static void created(Decision d, Map<String, Env.Value> env) {
    new TreeMap<>(env).forEach(d::setEnv);
  }

  public static void set(Decision d, SetEnv s) {
    String refusal = refusal(d, s.name(), s.value());
    if (refusal != null) {
      d.reject(s, refusal);
      return;
    }
    d.setEnv(s.name(), s.value());
  }

  /** Why variable {@code name} cannot become {@code value} (null: removed), or null. */
  public static String refusal(Decision d, String name, Env.Value value) {
    var variables = d.state().agent().env().variables();
    if (value == null) {
      return variables.stream().anyMatch(v -> v.required() && v.name().equals(name))
          ? "variable " + name + " is required: it can be changed, not removed"
          : null;
    }
    String refusal = Env.refusal(variables, name, value);
    if (refusal != null) {
      return refusal;
    }
    Map<String, Env.Value> after = new TreeMap<>(d.state().env());
    after.put(name, value);
    return Env.sizeRefusal(after);
  }
}
