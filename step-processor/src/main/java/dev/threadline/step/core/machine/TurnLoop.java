package dev.threadline.step.core.machine;

import dev.threadline.step.core.DualAi;
import dev.threadline.step.core.Enums.CallBatch;
import dev.threadline.step.core.Enums.ChildReport;
import dev.threadline.step.core.Enums.Status;
import dev.threadline.step.core.Enums.Trigger;
import dev.threadline.step.core.Enums.TurnEnd;
import dev.threadline.step.core.Ids;
import dev.threadline.step.core.MachineState;
import dev.threadline.step.core.MessageRules;
import dev.threadline.step.core.Queued;
import dev.threadline.step.core.Queued.QueuedMessage;
import dev.threadline.step.core.Queued.QueuedTool;
import dev.threadline.step.core.Side;
import dev.threadline.step.core.Values.InboundMessage;
import dev.threadline.step.core.Values.ToolCall;
import dev.threadline.step.core.machine.Settled.BetweenTurns;
import dev.threadline.step.core.machine.Settled.CallDone;
import dev.threadline.step.core.machine.Settled.CallSkipped;
import dev.threadline.step.core.machine.Settled.HookRan;
import dev.threadline.step.core.machine.Settled.MessageHooked;
import dev.threadline.step.core.machine.Settled.NextStep;
import dev.threadline.step.core.machine.Settled.Replied;
import dev.threadline.step.core.machine.Settled.RetryStep;
import dev.threadline.step.core.machine.Settled.ToolHooked;
import dev.threadline.step.core.machine.Settled.TurnOver;
import dev.threadline.step.core.machine.Settled.Waiting;
import dev.threadline.step.core.machine.awaits.ContinuationHooks;
import dev.threadline.step.core.machine.awaits.CreationHooks;
import dev.threadline.step.core.machine.awaits.ModelCalls;
import dev.threadline.step.core.machine.awaits.QueuedMessageHooks;
import dev.threadline.step.core.machine.commands.ToolWrites;
import dev.threadline.step.core.machine.decision.Decision;
import dev.threadline.step.core.machine.subagents.ChildEnds;
import dev.threadline.step.core.machine.subagents.ChildReports;
import dev.threadline.step.core.machine.subagents.ImmediateSubagents;
import dev.threadline.step.core.machine.tools.RuntimeToolHooks;
import dev.threadline.step.core.machine.tools.ToolCalls;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The turn (spec §3, §6), and the one driver of it: every kind of wait and every tool route says
 * what happened ({@link Settled}); only {@link #follow} decides what comes next — persist a call's
 * result, the next call, drain the queue and call the model, the stop rules ({@link StopRules}),
 * the end of the turn, the next turn or idle.
 */
public final class TurnLoop {
  private TurnLoop() {}

  /**
   * Goes on from {@code outcome} until the thread waits: a loop, so a thousand calls need no stack.
   */
  public static void on(Decision d, Settled outcome) {
    Settled next = outcome;
    while (!(next instanceof Waiting)) {
      next = follow(d, next);
    }
  }

  /** Starts a turn whose first work item is {@code first}, ahead of anything queued. */
  public static void startWith(Decision d, Trigger trigger, Queued first) {
    d.queue.putFirst(first);
    on(d, start(d, trigger));
  }

  /**
   * Starts a turn on a new branch of the thread: {@code branching} opens it once the turn has
   * started (its events are the turn's), then {@code first}, when given, is the turn's first
   * message; else the model answers the branch as it is.
   */
  public static void startBranch(Decision d, Queued first, Consumer<Decision> branching) {
    if (first != null) {
      d.queue.putFirst(first);
    }
    Settled next = start(d, Trigger.BRANCH);
    branching.accept(d);
    on(d, next);
  }

  /** What follows each outcome: the answer to "an answer arrived — what happens next?". */
  private static Settled follow(Decision d, Settled outcome) {
    return switch (outcome) {
      case Waiting w -> w;
      case CallDone c -> RuntimeToolHooks.issue(d, c) ? Settled.WAITING : stored(d, c);
      case ToolHooked t -> stored(d, t.done());
      case CallSkipped s -> afterCall(d);
      case Replied r ->
          r.toolCalls().isEmpty()
              ? stopRules(d, true)
              : ToolCalls.runBatch(d, r.toolCalls(), CallBatch.MODEL);
      case NextStep n -> drainThen(d, ModelCalls::call, null);
      case RetryStep r -> drainThen(d, x -> ModelCalls.retry(x, r.fallback(), r.retries()), null);
      case TurnOver t -> end(d, t.reason());
      case BetweenTurns b -> nextOrIdle(d);
      case HookRan h -> hookRan(d, h);
      case MessageHooked m -> drainThen(d, ModelCalls::call, m.message());
    };
  }

  /**
   * A call's result is stored with its ThreadState writes — or, one of them invalid, none and an
   * error result — and the turn goes on.
   */
  private static Settled stored(Decision d, CallDone c) {
    String refused =
        c.error() == null ? ToolWrites.apply(d, c.requestId(), c.call().name(), c.writes()) : null;
    CallDone done = refused == null ? c : c.failing("invalid_writes: " + refused);
    ToolCalls.persist(d, done);
    Behaviors.observe(d, done);
    return afterCall(d);
  }

  /** A hook's writes applied (or why not); what follows is its kind's. */
  private static Settled hookRan(Decision d, HookRan h) {
    String refused =
        h.error() != null
            ? h.error()
            : ToolWrites.apply(d, h.requestId(), h.call().name(), h.writes());
    if (ContinuationHooks.hooks(h.call())) {
      return ContinuationHooks.ran(d, h, refused);
    } else if (QueuedMessageHooks.hooks(h.call())) {
      return QueuedMessageHooks.ran(d, h, refused);
    }
    return RuntimeToolHooks.hooks(h.call())
        ? RuntimeToolHooks.ran(d, h, refused)
        : CreationHooks.ran(d, h.requestId(), h.call(), refused);
  }

  /**
   * After a tool call's result: the next call of the batch, or what follows the batch — for calls
   * the runtime started, the rest of the queue and the model call, unless one of them stopped the
   * session or was the stop tool (spec §6: no further model call).
   */
  private static Settled afterCall(Decision d) {
    MachineState s = d.state();
    if (!s.remainingCalls().isEmpty()) {
      return ToolCalls.runNext(d);
    } else if (d.batch() == CallBatch.RUNTIME && s.terminal() == null && !s.stopToolCalled()) {
      return Settled.NEXT_STEP;
    }
    return stopRules(d, false);
  }

  /**
   * The stop rules after an answer or a batch; after an answer without tool calls, while no rule
   * but answering would end the turn (its steps left, no session end), a behaviour that is due goes
   * on with its prompt first.
   */
  private static Settled stopRules(Decision d, boolean answeredWithoutTools) {
    if (answeredWithoutTools && StopRules.evaluate(d, false) == null && Behaviors.fire(d)) {
      return Settled.NEXT_STEP;
    }
    TurnEnd reason = StopRules.evaluate(d, answeredWithoutTools);
    return reason == null ? Settled.NEXT_STEP : new TurnOver(reason);
  }

  /**
   * Opens the next turn, in the highest-priority thread group among the queued work it will drain
   * ({@link TurnLanes#opening}); its first step follows.
   */
  private static Settled start(Decision d, Trigger trigger) {
    MachineState s = d.state();
    String sender =
        !s.queue().isEmpty() && s.queue().getFirst() instanceof QueuedMessage m
            ? m.message().sender()
            : null;
    d.turn.open(TurnLanes.opening(s), trigger, sender);
    return Settled.NEXT_STEP;
  }

  /**
   * Spec §3 steps 1–3, before every model call of the turn: queued messages join the context
   * ({@code hooked} first: one its create hooks were run on), raising the turn's lane to theirs; a
   * queued tool runs as a tool call, and the turn comes back here after it; the first prompt starts
   * the immediate subagents. Then {@code call} — the step's model call, or a retry — unless a tool
   * or the immediate subagents took over. An agent that takes one queued prompt a turn leaves the
   * others queued for the turns after this one.
   */
  private static Settled drainThen(
      Decision d, Function<Decision, Settled> call, QueuedMessage hooked) {
    InboundMessage prompt = hooked == null ? null : hooked.message();
    if (hooked != null) {
      append(d, hooked.commandId(), hooked.message());
    }
    while (!d.state().queue().isEmpty()) {
      Queued head = d.state().queue().getFirst();
      if (head instanceof QueuedMessage
          && d.state().promptTaken()
          && TurnLanes.onePromptPerTurn(d.state())) {
        break;
      }
      if (head instanceof QueuedTool) {
        List<ToolCall> immediate = ImmediateSubagents.calls(d, prompt);
        if (!immediate.isEmpty()) {
          return ToolCalls.startBatch(d, immediate, CallBatch.RUNTIME, null);
        }
      }
      if (head instanceof QueuedMessage m && QueuedMessageHooks.issue(d, m)) {
        return Settled.WAITING; // it joins the turn as its hook leaves it
      }
      d.queue.takeHead();
      if (head instanceof QueuedTool t) {
        MachineState s = d.state();
        ToolCall tool =
            new ToolCall(
                Ids.queuedToolCall(s.turn(), s.step(), s.callIndex()), t.name(), t.argumentsJson());
        return ToolCalls.startBatch(d, List.of(tool), CallBatch.RUNTIME, t.commandId());
      }
      QueuedMessage m = (QueuedMessage) head;
      append(d, m.commandId(), m.message());
      prompt = prompt == null ? m.message() : prompt;
    }
    List<ToolCall> immediate = ImmediateSubagents.calls(d, prompt);
    return immediate.isEmpty()
        ? call.apply(d)
        : ToolCalls.startBatch(d, immediate, CallBatch.RUNTIME, null);
  }

  /** A queued message joins the turn: stored, its lane raising the turn's. */
  private static void append(Decision d, String commandId, InboundMessage message) {
    d.turn.raiseLane(
        TurnLanes.higher(
            d.state().lane(), MessageRules.lane(message.origin(), d.state().agent().lane())));
    d.append(DualAi.received(d.state().agent(), message), commandId);
    d.turn.tookPrompt();
  }

  /**
   * The turn ends: a child reports to its parent, however its turn ended ({@link ChildReports}); a
   * thread that ended its session, or reached maxSessionTurns, is finished, its queue dropped and
   * its live children terminated; otherwise the next turn starts on queued work, or the thread goes
   * idle.
   */
  private static Settled end(Decision d, TurnEnd reason) {
    d.turn.end(reason);
    MachineState s = d.state();
    if (StopRules.sessionGoesOn(d, reason)) {
      d.switchSides();
      return start(d, Trigger.SIDE_SWITCH);
    } else if (s.parent() != null) {
      return childAfterTurn(d, ChildReports.turnEnded(d, reason));
    } else if (s.terminal() != null) {
      boolean failed = s.terminal().failed();
      String how = failed ? "failed" : "completed";
      d.queue.drop("thread " + how + " before this queued work ran");
      d.changeStatus(failed ? Status.FAILED : Status.COMPLETED);
      ChildEnds.terminateLiving(d, how);
    } else if (StopRules.sessionTurnsUsed(d)) {
      d.queue.drop(StopRules.sessionTurnsReached(d));
      d.changeStatus(Status.COMPLETED);
      ChildEnds.terminateLiving(d, "completed");
    } else {
      return Settled.BETWEEN_TURNS;
    }
    return Settled.WAITING;
  }

  /**
   * A child whose parent heard {@code kind} of its turn: a non-resumable one ends with it; a
   * resumable one waits for more work until its session turns are used up, then ends and tells its
   * parent so. Either terminates its own live children as it ends.
   */
  private static Settled childAfterTurn(Decision d, ChildReport kind) {
    MachineState s = d.state();
    if (!s.parent().resumable()) {
      d.queue.drop("subagent " + kind.wire() + " before this queued work ran");
      d.ending.terminate("subagent " + kind.wire() + "; its parent has the result");
      ChildEnds.terminateLiving(d, "subagent " + kind.wire());
      return Settled.WAITING;
    } else if (StopRules.sessionTurnsUsed(d)) {
      // Done for good, and its parent told: else it would count against maxInstances forever.
      ChildEnds.closeThread(d, "subagent session over: " + StopRules.sessionTurnsReached(d));
      return Settled.WAITING;
    }
    // A resumable dual_ai child's next session opens with side A, whichever side ended this one.
    if (Side.B.equals(DualAi.speaking(s.agent()))) {
      d.switchSides();
    }
    return Settled.BETWEEN_TURNS;
  }

  /** Between turns: queued work starts the next turn at once, else the thread waits idle. */
  private static Settled nextOrIdle(Decision d) {
    if (!d.state().queue().isEmpty()) {
      return start(d, Trigger.QUEUED);
    }
    d.changeStatus(Status.IDLE);
    return Settled.WAITING;
  }
}
