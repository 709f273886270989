package dev.threadline.step.core.machine.decision;

import dev.threadline.step.core.DualAi;
import dev.threadline.step.core.Enums.CallBatch;
import dev.threadline.step.core.Enums.Status;
import dev.threadline.step.core.Event;
import dev.threadline.step.core.Event.MessageAppended;
import dev.threadline.step.core.Event.StatusChanged;
import dev.threadline.step.core.MachineState;
import dev.threadline.step.core.MachineStateBuilder;
import dev.threadline.step.core.Output;
import dev.threadline.step.core.Transition;
import dev.threadline.step.core.Values.Message;
import dev.threadline.step.core.machine.Settings;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;

/**
 * The transition being drafted: the state so far, the outputs in order, and the facts every other
 * fact is made of — an event, a message, a status. The raw edit of the state is here, reachable
 * only from this package; the facts ({@link Decision} and the queue's, the turn's, the ending's and
 * the subagents' beside it) use it, and nothing else can.
 */
public abstract sealed class Draft permits Decision {
  public final Settings settings;
  public final Instant at;

  private MachineState s;
  private final List<Output> out = new ArrayList<>();

  /** Who started the tool calls being worked through (restored from what the thread awaits). */
  private CallBatch batch = CallBatch.MODEL;

  Draft(MachineState state, Instant at, Settings settings) {
    this.s = state;
    this.at = at;
    this.settings = settings;
  }

  /** The decision made: the thread's state and the outputs, in order. */
  public Transition finish() {
    return new Transition(s, out);
  }

  public MachineState state() {
    return s;
  }

  /** The one raw edit of the state; only this package's facts use it. */
  void edit(Consumer<MachineStateBuilder> edit) {
    s = s.with(edit);
  }

  /** The one way to move the state by a named transition; only this package's facts use it. */
  void move(UnaryOperator<MachineState> transition) {
    s = transition.apply(s);
  }

  public void output(Output output) {
    out.add(output);
  }

  public CallBatch batch() {
    return batch;
  }

  /** Who started the tool calls the turn now works through; only this package's facts set it. */
  void batch(CallBatch origin) {
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
    persist(DualAi.tagged(s.agent(), untagged), commandId);
  }

  /** A message persisted as it was stored before (a branch's copy keeps its side's tag). */
  void appendCopy(Message stored) {
    persist(stored, null);
  }

  private void persist(Message message, String commandId) {
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
}
