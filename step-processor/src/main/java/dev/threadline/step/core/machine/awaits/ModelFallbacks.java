package dev.threadline.step.core.machine.awaits;

import dev.threadline.agents.StepRetries;
import dev.threadline.step.core.AgentSnapshot.ModelConfig;
import dev.threadline.step.core.Event.StepRetried;
import dev.threadline.step.core.Ids;
import dev.threadline.step.core.Input.ModelFailure;
import dev.threadline.step.core.MachineState;
import dev.threadline.step.core.machine.decision.Decision;
import java.util.Set;

/**
 * A step's call moves to the agent's next model when its own cannot answer: a retryable failure
 * that used up its retries, or one that says the model is overloaded or does not exist. The call
 * goes at once, as a new request on the next model with retries of its own, announced by a {@code
 * StepRetried} naming the model it goes to (its reason the one it left, and why); every call counts
 * against the turn's calls and the budgets as any other. Past the last fallback the turn ends as it
 * would without any.
 */
final class ModelFallbacks {
  /** Failures another model may not share (a bad request or a refused key it would). */
  static final Set<String> MODEL_BOUND = Set.of("overloaded", "model_not_found");

  private ModelFallbacks() {}

  /**
   * Whether failure {@code f} of a call on model {@code fallback} (0: the agent's own), its retries
   * spent, moves the call on.
   */
  static boolean takesOver(ModelConfig model, int fallback, ModelFailure f) {
    boolean spent = f.retryable() || MODEL_BOUND.contains(f.code());
    return spent && fallback < model.fallbacks().size();
  }

  /**
   * The call, which failed {@code f} on model {@code fallback}, moves to the next model, announced:
   * the id of its request there.
   */
  static String fallBack(Decision d, int fallback, ModelFailure f) {
    MachineState s = d.state();
    ModelConfig model = s.agent().model();
    int next = fallback + 1;
    String requestId = Ids.modelRequest(s.threadId(), s.turn(), s.step(), next, 0);
    d.emit(
        new StepRetried(
            requestId,
            1,
            "falls back from " + model.at(fallback).label() + " after " + f.code(),
            model.at(next).label(),
            StepRetries.MODEL));
    return requestId;
  }
}
