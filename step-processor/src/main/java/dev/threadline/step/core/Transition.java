package dev.threadline.step.core;

import java.util.List;

/**
 * The result of one decision: the new state (null when the thread still does not exist) and the
 * outputs to carry out, in order.
 */
public record Transition(MachineState state, List<Output> outputs) {
  public Transition {
    outputs = List.copyOf(outputs);
  }

  public <T extends Output> List<T> outputs(Class<T> type) {
    return outputs.stream().filter(type::isInstance).map(type::cast).toList();
  }

  public List<Event.Payload> eventPayloads() {
    return outputs(Output.Emit.class).stream().map(e -> e.event().payload()).toList();
  }
}
