package dev.threadline.step.core.machine.decision;

import dev.threadline.agents.StepRetries;
import dev.threadline.step.core.AgentSnapshot;
import dev.threadline.step.core.Awaiting;
import dev.threadline.step.core.DualAi;
import dev.threadline.step.core.Env;
import dev.threadline.step.core.Event;
import dev.threadline.step.core.Event.AgentHandedOff;
import dev.threadline.step.core.Event.CommandRejected;
import dev.threadline.step.core.Event.EnvChanged;
import dev.threadline.step.core.Event.ResultIgnored;
import dev.threadline.step.core.Event.StepRetried;
import dev.threadline.step.core.Event.ValueChanged;
import dev.threadline.step.core.Input.Answer;
import dev.threadline.step.core.Input.ApprovalDecision;
import dev.threadline.step.core.Input.ChildUpdate;
import dev.threadline.step.core.Input.Command;
import dev.threadline.step.core.Input.DeadlinePassed;
import dev.threadline.step.core.Input.Result;
import dev.threadline.step.core.Input.RuleBuiltContinuation;
import dev.threadline.step.core.Input.Unsupported;
import dev.threadline.step.core.MachineState;
import dev.threadline.step.core.Output;
import dev.threadline.step.core.TenantLoad;
import dev.threadline.step.core.machine.Settings;
import java.time.Instant;
import java.util.TreeMap;

/**
 * One decision in progress, on its {@link Draft} (the evolving state and the outputs so far). The
 * state changes only through its <em>facts</em> — each changes it and emits the event that records
 * the change (where there is one) together, so no handler can do one without the other; the raw
 * edit is private to this package. Also the one matcher of answers to what the thread awaits
 * ({@link #awaited}), and the one protocol of waiting for them ({@link #await}, {@link #reissue}).
 */
public final class Decision extends Draft {
  /** How many of the thread's tenant's threads run now, as the shell last heard. */
  public final TenantLoad tenant;

  private String refusal;

  /** The queue's facts. */
  public final QueueFacts queue = new QueueFacts(this);

  /** The facts of the thread's end: terminated, deleted. */
  public final EndingFacts ending = new EndingFacts(this);

  /** The facts of the turn, its steps and their tool calls. */
  public final TurnFacts turn = new TurnFacts(this);

  /** The facts of the thread's children and of the subagents it holds back. */
  public final SubagentFacts subagents = new SubagentFacts(this);

  /** The facts of a fork's new thread taking its seeds. */
  public final ForkFacts fork = new ForkFacts(this);

  public Decision(MachineState state, Instant at, Settings settings, TenantLoad tenant) {
    super(state, at, settings);
    this.tenant = tenant;
  }

  /** Why this decision refused its command in the thread's log, or null. */
  public String refusal() {
    return refusal;
  }

  /** The thread comes into being, its agent frozen (the only fact that starts from no state). */
  public void begin(MachineState created, Event.ThreadCreated announced) {
    move(none -> created);
    output(new Output.StoreAgent(created.agent()));
    emit(announced);
  }

  /** A command of this thread refused: an event in its log and a dead letter. */
  public void reject(Command c, String reason) {
    refusal = reason;
    emit(new CommandRejected(c.commandId(), type(c), reason));
    output(new Output.DeadLetter(reason));
  }

  /**
   * A command refused that no thread's log may show: the thread does not exist, or is another
   * tenant's (the same answer for both, so a tenant learns nothing about another's threads).
   */
  public void rejectOutsideLog(Command c, String reason) {
    output(
        new Output.Emit(
            new Event(0, 0, 0, 0, at, new CommandRejected(c.commandId(), type(c), reason))));
    output(new Output.DeadLetter(reason));
  }

  public static String type(Command c) {
    return c instanceof Unsupported u ? u.commandType() : c.getClass().getSimpleName();
  }

  /**
   * Agent {@code name}, a member of the team frozen with the thread, takes the thread over (a
   * handoff). Its state names it; the stored snapshot, which holds the team, stays as it is.
   */
  public void handOffTo(String name, AgentSnapshot next) {
    String from = state().agent().name();
    edit(b -> b.agent = next);
    emit(new AgentHandedOff(from, name));
  }

  /** dual_ai: the other side speaks from now on (its turn says so; its state names the side). */
  public void switchSides() {
    edit(b -> b.agent = DualAi.switchSides(b.agent));
  }

  /**
   * A value of the thread's key-value store written ({@code valueJson} null: deleted): by the shell
   * in this transaction unless it already has ({@code written}: the set_value tool ran on the
   * store).
   */
  public void writeValue(String key, String valueJson, boolean written) {
    if (!written) {
      output(new Output.WriteValue(key, valueJson));
    }
    emit(new ValueChanged(key, valueJson));
  }

  /** A variable set ({@code value} null: removed). A secret's value is never in the event. */
  public void setEnv(String name, Env.Value value) {
    edit(
        b -> {
          b.env = new TreeMap<>(b.env);
          if (value == null) {
            b.env.remove(name);
          } else {
            b.env.put(name, value);
          }
        });
    emit(
        value == null
            ? new EnvChanged(name, false, null, true)
            : new EnvChanged(name, value.secret(), value.secret() ? null : value.value(), false));
  }

  // ---- what the thread awaits ------------------------------------------------------------------

  /**
   * The thread now waits for {@code awaiting}: {@code request} (null: none goes out) asks for its
   * answer, and its deadline, when it has one, is set — the one protocol of every kind of wait. A
   * wait armed again (woken early, nothing changed) sets its deadline again.
   */
  public void await(Awaiting awaiting, Output request) {
    edit(b -> b.awaiting = awaiting);
    if (request != null) {
      output(request);
    }
    if (awaiting.deadline() != null) {
      output(new Output.SetDeadline(awaiting.requestId(), awaiting.deadline()));
    }
  }

  /** The request awaited had no answer by its deadline: the log says it goes again, as it was. */
  public void reissue(Awaiting.Reissued awaited) {
    emit(
        new StepRetried(
            awaited.requestId(), awaited.attempt() + 1, Answers.NO_RESULT, kind(awaited)));
  }

  /** What a re-issued call was, as the log names it. */
  private static String kind(Awaiting.Reissued awaited) {
    return switch (awaited) {
      case Awaiting.Model m -> StepRetries.MODEL;
      case Awaiting.Tool t -> StepRetries.TOOL;
      case Awaiting.Subprompt p -> StepRetries.SUBPROMPT;
      case Awaiting.Hook h -> StepRetries.HOOK;
      case Awaiting.Compaction c -> StepRetries.COMPACTION;
    };
  }

  /** The call awaited is settled: it leaves the state and the deadline index. */
  public void settle() {
    Awaiting w = state().awaiting();
    if (w != null && w.deadline() != null) {
      output(new Output.ClearDeadline(w.requestId(), w.deadline()));
    }
    edit(b -> b.awaiting = null);
  }

  /** The call awaited leaves the state; its deadline already left the index (it fired). */
  public void settleAtDeadline() {
    edit(b -> b.awaiting = null);
  }

  /** Work in flight is fenced off (abort, terminate): results of the old epoch are ignored. */
  public void fenceInFlight() {
    settle();
    move(MachineState::fenced);
  }

  /**
   * What the thread awaits, when {@code answer} answers it; otherwise null, the mismatch recorded
   * as its kind of answer is: a result is ignored with the reason ({@code ResultIgnored}, only
   * here), an approval decision is refused; a deadline of a call already settled, an artifact built
   * for a compaction that ended, or a report of a child no call waits for leave no trace (nobody
   * sent them; the registry records the report).
   */
  public Awaiting awaited(Answer answer) {
    MachineState s = state();
    String mismatch = Answers.mismatch(s, answer);
    if (mismatch == null) {
      if (s.awaiting() instanceof Awaiting.ForCall call) {
        batch(call.batch()); // the calls being worked through go on as they were started
      }
      return s.awaiting();
    }
    switch (answer) {
      case Result r -> emit(new ResultIgnored(r.requestId(), r.epoch(), mismatch));
      case ApprovalDecision a -> reject(a, mismatch);
      case DeadlinePassed p -> {}
      case RuleBuiltContinuation c -> {}
      case ChildUpdate u -> {}
    }
    return null;
  }
}
