package dev.threadline.step.core.machine;

import dev.threadline.step.core.Env;
import dev.threadline.step.core.Event.EnvChanged;
import dev.threadline.step.core.Input.SetEnv;
import java.util.Map;
import java.util.TreeMap;

/**
 * The thread's env: set when it is created ({@link Lifecycle}) and by {@code SetEnv} commands,
 * checked against the agent's declared variables (a required one cannot go, a declared secret
 * arrives sealed), and recorded on the log without any secret's value.
 */
final class EnvVariables {
  private EnvVariables() {}

  /** Records the env a thread is created with (already checked). */
  static void created(Decision d, Map<String, Env.Value> env) {
    d.edit(b -> b.env = env);
    new TreeMap<>(env).forEach((name, value) -> d.emit(changed(name, value)));
  }

  static void set(Decision d, SetEnv s) {
    var variables = d.state().agent().variables();
    Map<String, Env.Value> env = new TreeMap<>(d.state().env());
    if (s.value() == null) {
      if (variables.stream().anyMatch(v -> v.required() && v.name().equals(s.name()))) {
        d.reject(s, "variable " + s.name() + " is required: it can be changed, not removed");
        return;
      }
      env.remove(s.name());
    } else {
      String refusal = Env.refusal(variables, s.name(), s.value());
      if (refusal == null && !env.containsKey(s.name()) && env.size() >= Env.MAX_VARIABLES) {
        refusal = "the thread holds " + Env.MAX_VARIABLES + " variables, the most it may";
      }
      if (refusal != null) {
        d.reject(s, refusal);
        return;
      }
      env.put(s.name(), s.value());
    }
    d.edit(b -> b.env = env);
    d.emit(
        s.value() == null
            ? new EnvChanged(s.name(), false, null, true)
            : changed(s.name(), s.value()));
  }

  private static EnvChanged changed(String name, Env.Value value) {
    return new EnvChanged(name, value.secret(), value.secret() ? null : value.value(), false);
  }
}
