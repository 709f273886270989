package dev.threadline.step.core.machine;

import dev.threadline.step.core.ContextPolicy;
import dev.threadline.step.core.Input;
import dev.threadline.step.core.Input.Abort;
import dev.threadline.step.core.Input.ApprovalDecision;
import dev.threadline.step.core.Input.CancelEffect;
import dev.threadline.step.core.Input.ChildUpdate;
import dev.threadline.step.core.Input.Command;
import dev.threadline.step.core.Input.Compact;
import dev.threadline.step.core.Input.ContextMissing;
import dev.threadline.step.core.Input.CreateThread;
import dev.threadline.step.core.Input.DeadlinePassed;
import dev.threadline.step.core.Input.EffectFired;
import dev.threadline.step.core.Input.HeuristicContinuation;
import dev.threadline.step.core.Input.ModelResultReceived;
import dev.threadline.step.core.Input.QueueTool;
import dev.threadline.step.core.Input.ScheduleEffect;
import dev.threadline.step.core.Input.SendMessage;
import dev.threadline.step.core.Input.SetValue;
import dev.threadline.step.core.Input.Terminate;
import dev.threadline.step.core.Input.ToolResultReceived;
import dev.threadline.step.core.Input.Unsupported;
import dev.threadline.step.core.MachineConfig;
import dev.threadline.step.core.ThreadState;
import dev.threadline.step.core.Transition;
import java.util.function.Function;

/**
 * Decides everything about a thread: {@code decide(state, input) -> Transition}. Pure and
 * deterministic: no I/O, no clock (time is {@link Input#at()}), ids derived from thread, turn, step
 * and call index ({@link dev.threadline.step.core.Ids}).
 *
 * <p>The step cycle follows the runtime spec (§3): drain the queue, call the model, persist its
 * answer, run its tool calls one at a time in the returned order (each result persisted before the
 * next request), then evaluate stop conditions in spec order (§6). Each input type has its handler
 * in this package; {@code package-info} lists them with their tests and spec sections.
 */
public final class ThreadMachine {
  private final Rules rules;

  public ThreadMachine(MachineConfig config) {
    this(config, ContextPolicy.DEFAULTS);
  }

  /** A machine for which no {@code optional} subagent flag is set. */
  public ThreadMachine(MachineConfig config, ContextPolicy policy) {
    this(config, policy, flag -> null);
  }

  /**
   * @param environment resolves the flags named by subagents' {@code optional} field (the shell
   *     passes the process environment); read once, when a thread is created and its agent frozen
   */
  public ThreadMachine(
      MachineConfig config, ContextPolicy policy, Function<String, String> environment) {
    this.rules = new Rules(config, policy, environment);
  }

  public ContextPolicy policy() {
    return rules.policy();
  }

  public MachineConfig config() {
    return rules.config();
  }

  /**
   * @param state the thread's state, or null when the thread does not exist
   */
  public Transition decide(ThreadState state, Input input) {
    Decision d = new Decision(state, input.at(), rules);
    if (state == null && !(input instanceof Command)) {
      return d.transition(); // a result, deadline or timer of a thread that no longer exists
    }
    if (input instanceof Command c && !(c instanceof CreateThread) && !d.admit(c)) {
      return d.transition();
    }
    switch (input) {
      case CreateThread c -> Lifecycle.create(d, c);
      case Abort a -> Lifecycle.abort(d, a);
      case Terminate t -> Lifecycle.terminate(d, t);
      case SendMessage m -> Inbox.message(d, m);
      case QueueTool q -> Inbox.queueTool(d, q);
      case ScheduleEffect e -> Effects.schedule(d, e);
      case CancelEffect e -> Effects.cancel(d, e);
      case EffectFired e -> Effects.fired(d, e);
      case ModelResultReceived r -> ModelCalls.resultArrived(d, r);
      case ContextMissing c -> ModelCalls.contextMissing(d, c);
      case ToolResultReceived r -> ToolCalls.resultArrived(d, r);
      case ApprovalDecision a -> Approvals.decided(d, a);
      case ChildUpdate u -> ChildReports.arrived(d, u);
      case Compact c -> Compaction.requested(d, c);
      case SetValue v -> KeyValues.set(d, v);
      case Input.SetEnv e -> EnvVariables.set(d, e);
      case Input.ProvideVariables v -> SubagentVariables.provide(d, v);
      case HeuristicContinuation h -> Compaction.heuristicArtifact(d, h);
      case DeadlinePassed p -> Deadlines.passed(d, p);
      case Unsupported u ->
          d.reject(u, u.commandType() + " is not supported by this step-processor version");
    }
    return d.finish();
  }
}
