package dev.threadline.step;

import dev.threadline.step.core.Input;
import dev.threadline.step.core.MachineState;
import dev.threadline.step.core.TenantLoad;
import dev.threadline.step.core.Transition;

/**
 * What the shell calls to decide an input: in production the machine's {@code decide}; tests wrap
 * it to make a decision fail at a named point (failure injection is deterministic).
 */
@FunctionalInterface
public interface Decider {
  Transition decide(MachineState state, Input input, TenantLoad tenant);
}
