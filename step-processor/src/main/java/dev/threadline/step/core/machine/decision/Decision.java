package dev.threadline.step.core.machine.decision;

import dev.threadline.step.core.AgentSnapshot;
import dev.threadline.step.core.Awaiting;
import dev.threadline.step.core.DualAi;
import dev.threadline.step.core.Enums.CallBatch;
import dev.threadline.step.core.Enums.Status;
import dev.threadline.step.core.Env;
import dev.threadline.step.core.Event;
import dev.threadline.step.core.Event.AgentHandedOff;
import dev.threadline.step.core.Event.CommandRejected;
import dev.threadline.step.core.Event.EnvChanged;
import dev.threadline.step.core.Event.MessageAppended;
import dev.threadline.step.core.Event.ResultIgnored;
import dev.threadline.step.core.Event.StatusChanged;
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
import dev.threadline.step.core.MachineStateBuilder;
import dev.threadline.step.core.Output;
import dev.threadline.step.core.TenantLoad;
import dev.threadline.step.core.Transition;
import dev.threadline.step.core.Values.Message;
import dev.threadline.step.core.machine.Settings;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * One decision in progress: the thread's evolving state and the outputs so far. The state changes
 * only through its <em>facts</em> — each changes it and emits the event that records the change
 * (where there is one) together, so no handler can do one without the other; the raw edit is
 * private. Also the one matcher of answers to what the thread awaits ({@link #awaited}).
 */
public final class Decision {
  public final Settings settings;
  public final Instant at;

  /** How many of the thread's tenant's threads run now, as the shell last heard. */
  public final TenantLoad tenant;

  private MachineState s;
  private final List<Output> out = new ArrayList<>();
  private String refusal;

  /** Who started the tool calls being worked through (restored from what the thread awaits). */
  private CallBatch batch = CallBatch.MODEL;

  /** What the decision goes on with once the running handler has returned, in order. */
  private final ArrayDeque<Consumer<Decision>> afterwards = new ArrayDeque<>();

  /** The queue's facts. */
  public final QueueFacts queue = new QueueFacts(this);

  /** The facts of the thread's end: terminated, deleted. */
  public final EndingFacts ending = new EndingFacts(this);

  /** The facts of the turn, its steps and their tool calls. */
  public final TurnFacts turn = new TurnFacts(this);

  /** The facts of the thread's children and of the subagents it holds back. */
  public final SubagentFacts subagents = new SubagentFacts(this);

  public Decision(MachineState state, Instant at, Settings settings, TenantLoad tenant) {
    this.s = state;
    this.at = at;
    this.settings = settings;
    this.tenant = tenant;
  }

  /**
   * Goes on with {@code next} after the running handler returns, not inside it: a tool call that
   * completes at once would otherwise call the next one, and a thousand queued tools would need a
   * thousand times the stack.
   */
  public void afterwards(Consumer<Decision> next) {
    afterwards.addLast(next);
  }

  /** Runs what was left for afterwards, and what that leaves, until nothing is; the transition. */
  public Transition finish() {
    while (!afterwards.isEmpty()) {
      afterwards.removeFirst().accept(this);
    }
    return new Transition(s, out);
  }

  public MachineState state() {
    return s;
  }

  /** Why this decision refused its command in the thread's log, or null. */
  public String refusal() {
    return refusal;
  }

  /** The one raw edit of the state; only this package's facts use it. */
  void edit(Consumer<MachineStateBuilder> edit) {
    s = s.with(edit);
  }

  /** The one way to move the state by a named transition; only this package's facts use it. */
  void move(java.util.function.UnaryOperator<MachineState> transition) {
    s = transition.apply(s);
  }

  public void output(Output output) {
    out.add(output);
  }

  public CallBatch batch() {
    return batch;
  }

  public void batch(CallBatch origin) {
    batch = origin;
  }

  /** Milliseconds from {@code since} to now; 0 when unknown. */
  public long millisSince(Instant since) {
    return since == null ? 0 : Math.max(0, Duration.between(since, at).toMillis());
  }

  /** An event in the thread's log, at the next seq. */
  public void emit(Event.Payload payload) {
    out.add(
        new Output.Emit(new Event(s.nextEventSeq(), s.turn(), s.step(), s.epoch(), at, payload)));
    edit(b -> b.nextEventSeq++);
  }

  /**
   * A message persisted: stored, counted into the active window, announced; in a dual_ai thread, an
   * assistant message or tool result is tagged with the side that made it.
   */
  public void append(Message untagged) {
    append(untagged, null);
  }

  /** A message persisted that {@code commandId}'s command brought (a message, a queued tool). */
  public void append(Message untagged, String commandId) {
    Message message = DualAi.tagged(s.agent(), untagged);
    long seq = s.nextMessageSeq();
    out.add(new Output.AppendMessage(seq, s.turn(), s.step(), at, message));
    s = s.appended(seq, message);
    emit(new MessageAppended(seq, message, commandId));
  }

  public void changeStatus(Status next) {
    if (s.status() != next) {
      Status from = s.status();
      edit(b -> b.status = next);
      emit(new StatusChanged(from, next));
      if (next.isFinal() && !from.isFinal()) {
        out.add(new Output.CancelAllTimers()); // an ended thread's effects would only be dropped
      }
    }
  }

  /** The thread comes into being, its agent frozen (the only fact that starts from no state). */
  public void begin(MachineState created, Event.ThreadCreated announced) {
    s = created;
    out.add(new Output.StoreAgent(created.agent()));
    emit(announced);
  }

  /** A command of this thread refused: an event in its log and a dead letter. */
  public void reject(Command c, String reason) {
    refusal = reason;
    emit(new CommandRejected(c.commandId(), type(c), reason));
    out.add(new Output.DeadLetter(reason));
  }

  /**
   * A command refused that no thread's log may show: the thread does not exist, or is another
   * tenant's (the same answer for both, so a tenant learns nothing about another's threads).
   */
  public void rejectOutsideLog(Command c, String reason) {
    out.add(
        new Output.Emit(
            new Event(0, 0, 0, 0, at, new CommandRejected(c.commandId(), type(c), reason))));
    out.add(new Output.DeadLetter(reason));
  }

  public static String type(Command c) {
    return c instanceof Unsupported u ? u.commandType() : c.getClass().getSimpleName();
  }

  /**
   * Agent {@code name}, a member of the team frozen with the thread, takes the thread over (a
   * handoff). Its state names it; the stored snapshot, which holds the team, stays as it is.
   */
  public void handOffTo(String name, AgentSnapshot next) {
    String from = s.agent().name();
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
      out.add(new Output.WriteValue(key, valueJson));
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

  /** The thread now waits for {@code awaiting}: its answer, or its deadline when it has one. */
  public void await(Awaiting awaiting) {
    edit(b -> b.awaiting = awaiting);
  }

  /** The call awaited is settled: it leaves the state and the deadline index. */
  public void settle() {
    Awaiting w = s.awaiting();
    if (w != null && w.deadline() != null) {
      out.add(new Output.ClearDeadline(w.requestId(), w.deadline()));
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
    s = s.fenced();
  }

  /**
   * What the thread awaits, when {@code answer} answers it; otherwise null, the mismatch recorded
   * as its kind of answer is: a result is ignored with the reason ({@code ResultIgnored}, only
   * here), an approval decision is refused; a deadline of a call already settled, an artifact built
   * for a compaction that ended, or a report of a child no call waits for leave no trace (nobody
   * sent them; the registry records the report).
   */
  public Awaiting awaited(Answer answer) {
    String mismatch = Answers.mismatch(s, answer);
    if (mismatch == null) {
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
