package dev.threadline.step.core.machine;

import dev.threadline.step.core.Awaiting;
import dev.threadline.step.core.ContextPolicy;
import dev.threadline.step.core.Input;
import dev.threadline.step.core.Input.Abort;
import dev.threadline.step.core.Input.Answer;
import dev.threadline.step.core.Input.AppendMessages;
import dev.threadline.step.core.Input.ApprovalDecision;
import dev.threadline.step.core.Input.Branch;
import dev.threadline.step.core.Input.CancelEffect;
import dev.threadline.step.core.Input.ChildUpdate;
import dev.threadline.step.core.Input.Command;
import dev.threadline.step.core.Input.Compact;
import dev.threadline.step.core.Input.CreateFork;
import dev.threadline.step.core.Input.CreateThread;
import dev.threadline.step.core.Input.DeleteRun;
import dev.threadline.step.core.Input.DeleteThread;
import dev.threadline.step.core.Input.EffectFired;
import dev.threadline.step.core.Input.Fork;
import dev.threadline.step.core.Input.ForkSeed;
import dev.threadline.step.core.Input.ProvideVariables;
import dev.threadline.step.core.Input.QueueTool;
import dev.threadline.step.core.Input.ScheduleEffect;
import dev.threadline.step.core.Input.SendMessage;
import dev.threadline.step.core.Input.SetEnv;
import dev.threadline.step.core.Input.SetMetadata;
import dev.threadline.step.core.Input.SetValue;
import dev.threadline.step.core.Input.Terminate;
import dev.threadline.step.core.Input.Unsupported;
import dev.threadline.step.core.MachineConfig;
import dev.threadline.step.core.MachineState;
import dev.threadline.step.core.TenantLoad;
import dev.threadline.step.core.Transition;
import dev.threadline.step.core.machine.awaits.Approvals;
import dev.threadline.step.core.machine.awaits.BlockingSubagents;
import dev.threadline.step.core.machine.awaits.Compaction;
import dev.threadline.step.core.machine.awaits.CreationHooks;
import dev.threadline.step.core.machine.awaits.HookReports;
import dev.threadline.step.core.machine.awaits.ModelCalls;
import dev.threadline.step.core.machine.awaits.Subprompts;
import dev.threadline.step.core.machine.awaits.ToolRequests;
import dev.threadline.step.core.machine.commands.Admission;
import dev.threadline.step.core.machine.commands.AppendedMessages;
import dev.threadline.step.core.machine.commands.Branching;
import dev.threadline.step.core.machine.commands.ChildUpdates;
import dev.threadline.step.core.machine.commands.Effects;
import dev.threadline.step.core.machine.commands.EnvVariables;
import dev.threadline.step.core.machine.commands.Forking;
import dev.threadline.step.core.machine.commands.Inbox;
import dev.threadline.step.core.machine.commands.KeyValues;
import dev.threadline.step.core.machine.commands.Lifecycle;
import dev.threadline.step.core.machine.commands.ThreadMetadata;
import dev.threadline.step.core.machine.decision.Decision;
import dev.threadline.step.core.machine.subagents.ChildReports;
import dev.threadline.step.core.machine.subagents.SubagentVariables;
import java.util.function.Function;

/**
 * Decides everything about a thread: {@code decide(state, input) -> Transition}. Pure and
 * deterministic: no I/O, no clock (time is {@link Input#at()}), ids derived from thread, turn, step
 * and call index ({@link dev.threadline.step.core.Ids}).
 *
 * <p>Two switches: a command goes to its handler by its type, once admitted; an answer — a result,
 * a deadline, a decision, a child's report, a rule-built artifact — goes to the file of what the
 * thread awaits, once {@link Decision#awaited} has matched it. The step cycle follows the runtime
 * spec (§3): drain the queue, call the model, persist its answer, run its tool calls one at a time
 * in the returned order, then evaluate stop conditions in spec order (§6).
 */
public final class ThreadMachine {
  private final Settings settings;

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
    this.settings = new Settings(config, policy, environment);
  }

  public ContextPolicy policy() {
    return settings.policy();
  }

  public MachineConfig config() {
    return settings.config();
  }

  /**
   * @param state the thread's state, or null when the thread does not exist
   */
  public Transition decide(MachineState state, Input input) {
    return decide(state, input, TenantLoad.NONE);
  }

  /**
   * @param state the thread's state, or null when the thread does not exist
   * @param tenant what the shell knows of the thread's tenant: how many of its threads run now
   */
  public Transition decide(MachineState state, Input input, TenantLoad tenant) {
    Decision d = new Decision(state, input.at(), settings, tenant);
    // A deleted thread's state is its tombstone: late answers and timers change nothing.
    boolean exists = state != null && state.deletedAt() == null;
    switch (input) {
      case Command c -> {
        if (c instanceof CreateThread || c instanceof CreateFork || Admission.admit(d, c)) {
          command(d, c);
        }
        if (d.refusal() != null && c instanceof SendMessage m) {
          ChildReports.messageRefused(d, m);
        }
      }
      // A result, deadline or timer of a thread that no longer exists changes nothing.
      case Answer a -> {
        if (exists) {
          answer(d, a);
        }
      }
      case EffectFired e -> {
        if (exists) {
          Effects.fired(d, e);
        }
      }
    }
    return d.finish();
  }

  private static void command(Decision d, Command command) {
    switch (command) {
      // the thread's life
      case CreateThread c -> Lifecycle.create(d, c);
      case Abort a -> Lifecycle.abort(d, a);
      case Terminate t -> Lifecycle.terminate(d, t);
      case DeleteThread t -> Lifecycle.delete(d, t);
      // its work
      case SendMessage m -> Inbox.message(d, m);
      case AppendMessages a -> AppendedMessages.append(d, a);
      case QueueTool q -> Inbox.queueTool(d, q);
      case ScheduleEffect e -> Effects.schedule(d, e);
      case CancelEffect e -> Effects.cancel(d, e);
      case Branch b -> Branching.branch(d, b);
      case Fork f -> Forking.fork(d, f);
      case CreateFork c -> Forking.created(d, c);
      case ForkSeed s -> Forking.seeded(d, s);
      // what it holds
      case Compact c -> Compaction.requested(d, c);
      case SetValue v -> KeyValues.set(d, v);
      case SetMetadata m -> ThreadMetadata.set(d, m);
      case DeleteRun r -> ThreadMetadata.deleteRun(d, r);
      case SetEnv e -> EnvVariables.set(d, e);
      case ProvideVariables v -> SubagentVariables.provide(d, v);
      // answers that come as commands: a child's report, a person's decision
      case ChildUpdate u -> {
        if (ChildUpdates.arrived(d, u)) {
          answer(d, u);
        }
      }
      case ApprovalDecision a -> answer(d, a);
      case Unsupported u ->
          d.reject(u, u.commandType() + " is not supported by this step-processor version");
    }
  }

  /**
   * An answer to what the thread awaits, to that kind's file, which says what happened; the turn
   * goes on from there ({@link TurnLoop#on}). An answer to nothing awaited is ignored, the matcher
   * having recorded why.
   */
  private static void answer(Decision d, Answer answer) {
    Awaiting awaited = d.awaited(answer);
    if (awaited == null) {
      return;
    }
    HookReports.failed(d, answer);
    TurnLoop.on(
        d,
        switch (awaited) {
          case Awaiting.Model m -> ModelCalls.answered(d, m, answer);
          case Awaiting.Tool t -> ToolRequests.answered(d, t, answer);
          case Awaiting.Approval a -> Approvals.answered(d, a, answer);
          case Awaiting.Subprompt s -> Subprompts.answered(d, s, answer);
          case Awaiting.Child c -> BlockingSubagents.answered(d, c, answer);
          case Awaiting.Compaction c -> Compaction.answered(d, c, answer);
          case Awaiting.Hook h -> CreationHooks.answered(d, h, answer);
        });
  }
}
