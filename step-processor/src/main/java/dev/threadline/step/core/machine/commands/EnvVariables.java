package dev.threadline.step.core.machine.commands;

import dev.threadline.step.core.Env;
import dev.threadline.step.core.Event.EnvChanged;
import dev.threadline.step.core.Input.SetEnv;
import dev.threadline.step.core.machine.Decision;
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
    d.edit(b -> b.env = env);
    new TreeMap<>(env).forEach((name, value) -> d.emit(changed(name, value)));
  }

  public static void set(Decision d, SetEnv s) {
    String refusal = refusal(d, s.name(), s.value());
    if (refusal != null) {
      d.reject(s, refusal);
      return;
    }
    apply(d, s.name(), s.value());
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
    if (refusal == null
        && !d.state().env().containsKey(name)
        && d.state().env().size() >= Env.MAX_VARIABLES) {
      refusal = "the thread holds " + Env.MAX_VARIABLES + " variables, the most it may";
    }
    return refusal;
  }

  /** Sets (or, {@code value} null, removes) a checked variable, and records it. */
  public static void apply(Decision d, String name, Env.Value value) {
    Map<String, Env.Value> env = new TreeMap<>(d.state().env());
    if (value == null) {
      env.remove(name);
    } else {
      env.put(name, value);
    }
    d.edit(b -> b.env = env);
    d.emit(value == null ? new EnvChanged(name, false, null, true) : changed(name, value));
  }

  private static EnvChanged changed(String name, Env.Value value) {
    return new EnvChanged(name, value.secret(), value.secret() ? null : value.value(), false);
  }
}
