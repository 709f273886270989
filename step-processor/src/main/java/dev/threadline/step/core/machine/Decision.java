package dev.threadline.step.core.machine;

import dev.threadline.step.core.Awaiting;
import dev.threadline.step.core.DualAi;
import dev.threadline.step.core.Enums.CallBatch;
import dev.threadline.step.core.Enums.QueuedKind;
import dev.threadline.step.core.Enums.Role;
import dev.threadline.step.core.Enums.Status;
import dev.threadline.step.core.Event;
import dev.threadline.step.core.Event.CommandRejected;
import dev.threadline.step.core.Event.MessageAppended;
import dev.threadline.step.core.Event.ResultIgnored;
import dev.threadline.step.core.Event.StatusChanged;
import dev.threadline.step.core.Input.Answer;
import dev.threadline.step.core.Input.ApprovalDecision;
import dev.threadline.step.core.Input.ChildUpdate;
import dev.threadline.step.core.Input.Command;
import dev.threadline.step.core.Input.DeadlinePassed;
import dev.threadline.step.core.Input.Result;
import dev.threadline.step.core.Input.RuleBuiltContinuation;
import dev.threadline.step.core.Input.Terminate;
import dev.threadline.step.core.Input.Unsupported;
import dev.threadline.step.core.MachineState;
import dev.threadline.step.core.Output;
import dev.threadline.step.core.Queued;
import dev.threadline.step.core.Sizes;
import dev.threadline.step.core.Tokens;
import dev.threadline.step.core.Transition;
import dev.threadline.step.core.Values.Message;
import dev.threadline.step.core.machine.commands.Lifecycle;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;

/**
 * One decision in progress: the thread's evolving state and the outputs so far. Its methods are the
 * <em>facts</em> a handler can establish; each changes the state and emits the event that says so,
 * together, so no handler can do one without the other.
 */
public final class Decision {
  public final Settings settings;
  public final Instant at;
  private MachineState s;
  private final List<Output> out = new ArrayList<>();

  /**
   * Who started the tool calls being worked through. Set when a batch starts and restored from the
   * pending call when its result (or deadline, or decision) arrives.
   */
  private CallBatch batch = CallBatch.MODEL;

  /** What the decision goes on with once the running handler has returned, in order. */
  private final ArrayDeque<Consumer<Decision>> afterwards = new ArrayDeque<>();

  Decision(MachineState state, Instant at, Settings settings) {
    this.s = state;
    this.at = at;
    this.settings = settings;
  }

  public Transition transition() {
    return new Transition(s, out);
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
    return transition();
  }

  public MachineState state() {
    return s;
  }

  /** The thread comes into being (creation is the only fact that starts from no state). */
  public void begin(MachineState created) {
    s = created;
  }

  public void update(UnaryOperator<MachineState> transition) {
    s = transition.apply(s);
  }

  public void edit(Consumer<MachineState.Builder> edit) {
    s = s.with(edit);
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

  // ---- events --------------------------------------------------------------------------------

  /** An event in the thread's log, at the next seq. */
  public void emit(Event.Payload payload) {
    out.add(
        new Output.Emit(new Event(s.nextEventSeq(), s.turn(), s.step(), s.epoch(), at, payload)));
    s = s.with(b -> b.nextEventSeq++);
  }

  /** An event about a command that is not part of any thread's log (seq 0). */
  private void emitOutsideLog(Event.Payload payload) {
    out.add(new Output.Emit(new Event(0, 0, 0, 0, at, payload)));
  }

  /**
   * A message persisted: stored, counted into the active window, announced; in a dual_ai thread, an
   * assistant message or tool result is tagged with the side that made it.
   */
  public void append(Message untagged) {
    Message message = DualAi.tagged(s.agent(), untagged);
    long seq = s.nextMessageSeq();
    out.add(new Output.AppendMessage(seq, s.turn(), s.step(), at, message));
    long tokens = Tokens.of(message, Tokens.counter(s.agent()));
    long bytes = Sizes.of(message);
    boolean reply =
        message.role() == Role.ASSISTANT
            && message.content() != null
            && !message.content().isBlank();
    edit(
        b -> {
          b.nextMessageSeq = seq + 1;
          b.contextTokens += tokens;
          b.contextBytes += bytes;
          b.lastReplySeq = reply ? seq : b.lastReplySeq;
        });
    emit(new MessageAppended(seq, message));
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

  // ---- commands ------------------------------------------------------------------------------

  /** A command of this thread refused: an event in its log and a dead letter. */
  public void reject(Command c, String reason) {
    emit(new CommandRejected(c.commandId(), type(c), reason));
    out.add(new Output.DeadLetter(reason));
  }

  /**
   * A command refused that no thread's log may show: the thread does not exist, or is another
   * tenant's (the same answer for both, so a tenant learns nothing about another's threads).
   */
  public void rejectOutsideLog(Command c, String reason) {
    emitOutsideLog(new CommandRejected(c.commandId(), type(c), reason));
    out.add(new Output.DeadLetter(reason));
  }

  /**
   * Admission of a command to an existing thread: it is the caller's, and the thread still takes
   * work — a finished thread takes only a terminate, and a terminated one nothing. Creation has its
   * own rules ({@link Lifecycle#create}).
   */
  public boolean admit(Command c) {
    if (s == null || !s.tenantId().equals(c.tenantId())) {
      rejectOutsideLog(c, "unknown thread");
      return false;
    }
    boolean closed =
        c instanceof Terminate ? s.status() == Status.TERMINATED : s.status().isFinal();
    if (closed && c instanceof ChildUpdate) {
      // A child reporting to a parent that has finished (terminated children report back): no
      // bad input, so no dead letter — an event that says the report was dropped.
      emit(
          new CommandRejected(
              c.commandId(),
              type(c),
              "thread is " + s.status().wire() + "; the report is dropped"));
      return false;
    }
    if (closed) {
      reject(c, "thread is " + s.status().wire());
      return false;
    }
    return true;
  }

  private static String type(Command c) {
    return c instanceof Unsupported u ? u.commandType() : c.getClass().getSimpleName();
  }

  /** Queued work that will never run, each item refused with the reason; the queue is empty. */
  public void dropQueue(String reason) {
    for (Queued item : s.queue()) {
      emit(new CommandRejected(item.commandId(), QueuedKind.of(item).wire(), reason));
    }
    edit(b -> b.queue = List.of());
  }

  // ---- what the thread awaits ----------------------------------------------------------------

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
    update(MachineState::fenced);
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
