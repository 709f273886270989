package dev.threadline.step.core.machine;

import dev.threadline.step.core.AgentSnapshot;
import dev.threadline.step.core.DualAi;
import dev.threadline.step.core.Enums.CallBatch;
import dev.threadline.step.core.Enums.Lane;
import dev.threadline.step.core.Enums.Status;
import dev.threadline.step.core.Enums.Trigger;
import dev.threadline.step.core.Enums.TurnEnd;
import dev.threadline.step.core.Ids;
import dev.threadline.step.core.MachineState;
import dev.threadline.step.core.MessageRules;
import dev.threadline.step.core.Queued;
import dev.threadline.step.core.Queued.QueuedMessage;
import dev.threadline.step.core.Queued.QueuedTool;
import dev.threadline.step.core.Values.InboundMessage;
import dev.threadline.step.core.Values.ToolCall;
import dev.threadline.step.core.machine.awaits.ModelCalls;
import dev.threadline.step.core.machine.decision.Decision;
import dev.threadline.step.core.machine.subagents.ChildEnds;
import dev.threadline.step.core.machine.subagents.ChildReports;
import dev.threadline.step.core.machine.subagents.ImmediateSubagents;
import dev.threadline.step.core.machine.tools.ToolCalls;
import java.util.List;
import java.util.function.Consumer;

/**
 * The turn (spec §3, §6): it starts on the queue's head, drains queued work into the context, calls
 * the model, works through the tool calls, evaluates the stop conditions in spec order, and ends —
 * into the next turn when work is queued, else idle.
 */
public final class TurnLoop {
  private TurnLoop() {}

  /** Starts a turn whose first work item is {@code first}, ahead of anything queued. */
  public static void startWith(Decision d, Trigger trigger, Queued first) {
    d.queue.putFirst(first);
    start(d, trigger);
  }

  /**
   * Opens the next turn and runs it, in the highest-priority thread group among the queued work it
   * will drain (a chat message queued behind a will is answered on the chat lane).
   */
  private static void start(Decision d, Trigger trigger) {
    MachineState s = d.state();
    Lane lane = s.agent().lane();
    Lane highest = null;
    for (Queued item : s.queue()) {
      highest = higher(highest, laneOf(item, lane));
    }
    // A turn with nothing queued (a dual_ai side's turn) runs on the agent's lane.
    Lane turnLane = highest == null ? lane : highest;
    String sender =
        !s.queue().isEmpty() && s.queue().getFirst() instanceof QueuedMessage m
            ? m.message().sender()
            : null;
    d.turn.open(turnLane, trigger, sender);
    drainThenCallModel(d);
  }

  /** Spec §3 steps 1–3, before every model call of the turn. */
  public static void drainThenCallModel(Decision d) {
    drainThen(d, ModelCalls::call);
  }

  /**
   * Queued messages join the context (raising the turn's lane to theirs); a queued tool runs as a
   * tool call, and the turn comes back here after it; the first prompt starts the immediate
   * subagents. Then {@code call} — the step's model call, or a retry — unless a tool or the
   * immediate subagents took over.
   */
  public static void drainThen(Decision d, Consumer<Decision> call) {
    InboundMessage prompt = null;
    while (!d.state().queue().isEmpty()) {
      Queued head = d.state().queue().getFirst();
      if (head instanceof QueuedTool && ImmediateSubagents.start(d, prompt)) {
        return;
      }
      d.queue.takeHead();
      switch (head) {
        case QueuedMessage m -> {
          d.turn.raiseLane(higher(d.state().lane(), laneOf(m, d.state().agent().lane())));
          d.append(DualAi.received(d.state().agent(), m.message()), m.commandId());
          prompt = prompt == null ? m.message() : prompt;
        }
        case QueuedTool t -> {
          MachineState s = d.state();
          ToolCall tool =
              new ToolCall(
                  Ids.queuedToolCall(s.turn(), s.step(), s.callIndex()),
                  t.name(),
                  t.argumentsJson());
          ToolCalls.startBatch(d, List.of(tool), CallBatch.RUNTIME, t.commandId());
          return;
        }
      }
    }
    if (!ImmediateSubagents.start(d, prompt)) {
      call.accept(d);
    }
  }

  private static Lane laneOf(Queued item, Lane agentLane) {
    return item instanceof QueuedMessage m
        ? MessageRules.lane(m.message().origin(), agentLane)
        : agentLane;
  }

  /** The higher-priority lane of the two (chat first); null counts as none. */
  private static Lane higher(Lane a, Lane b) {
    return a == null || b.ordinal() < a.ordinal() ? b : a;
  }

  /**
   * After a tool call's result: the next call of the batch, or what follows the batch — for calls
   * the runtime started, the rest of the queue and the model call, unless one of them stopped the
   * session or was the stop tool (spec §6: no further model call).
   */
  public static void afterCall(Decision d) {
    MachineState s = d.state();
    if (!s.remainingCalls().isEmpty()) {
      ToolCalls.runNext(d);
    } else if (d.batch() == CallBatch.RUNTIME && s.terminal() == null && !s.stopToolCalled()) {
      drainThenCallModel(d);
    } else {
      evaluateStop(d, false);
    }
  }

  /** Spec §6, in order, after a model answer without tool calls or after the last tool result. */
  public static void evaluateStop(Decision d, boolean answeredWithoutTools) {
    MachineState s = d.state();
    AgentSnapshot.StopRules stop = s.agent().stop();
    if (s.terminal() != null) {
      end(d, s.terminal().failed() ? TurnEnd.SESSION_FAIL : TurnEnd.SESSION_STOP);
    } else if (s.stopToolCalled()) {
      end(d, TurnEnd.STOP_TOOL);
    } else if (answeredWithoutTools && stop.stopOnResponse()) {
      end(d, TurnEnd.RESPONSE);
    } else if (s.step() >= stop.maxSteps()) {
      end(d, TurnEnd.MAX_STEPS);
    } else if (s.step() >= d.settings.config().hardMaxStepsPerTurn()) {
      end(d, TurnEnd.HARD_CAP);
    } else {
      drainThenCallModel(d);
    }
  }

  /**
   * The turn ends: a child reports to its parent, however its turn ended ({@link ChildReports}); a
   * thread that ended its session, or reached maxSessionTurns, is finished, its queue dropped and
   * its live children terminated; otherwise the next turn starts on queued work, or the thread goes
   * idle.
   */
  public static void end(Decision d, TurnEnd reason) {
    d.turn.end(reason);
    MachineState s = d.state();
    if (sessionGoesOn(d, reason)) {
      // dual_ai: the other side answers, in a turn of its own, at once.
      d.switchSides();
      start(d, Trigger.SIDE_SWITCH);
    } else if (s.parent() != null) {
      ChildReports.turnEnded(d, reason);
    } else if (s.terminal() != null) {
      boolean failed = s.terminal().failed();
      String how = failed ? "failed" : "completed";
      d.queue.drop("thread " + how + " before this queued work ran");
      d.changeStatus(failed ? Status.FAILED : Status.COMPLETED);
      ChildEnds.terminateLiving(d, how);
    } else if (sessionTurnsUsed(d)) {
      d.queue.drop(sessionTurnsReached(d));
      d.changeStatus(Status.COMPLETED);
      ChildEnds.terminateLiving(d, "completed");
    } else {
      nextOrIdle(d);
    }
  }

  /**
   * A dual_ai session goes on after a side's turn that completed its work (not one that failed or
   * was aborted) while neither side ended the session and turns are left; the turn cap is required
   * of a dual_ai agent, and 100 bounds one that lacks it all the same.
   */
  private static boolean sessionGoesOn(Decision d, TurnEnd reason) {
    MachineState s = d.state();
    Integer cap = sessionTurns(d);
    return DualAi.isDualAi(s.agent())
        && reason.completedWork()
        && s.terminal() == null
        && s.turn() < (cap == null ? DUAL_AI_TURNS : cap);
  }

  private static final int DUAL_AI_TURNS = 100;

  /**
   * The turns the thread's session may have: its agent's {@code maxSessionTurns} within the
   * operator's {@code threadline.budget.session.turns}, whatever the definition says; null: none
   * declared.
   */
  private static Integer sessionTurns(Decision d) {
    return d.settings.config().budgets().sessionTurns(d.state().agent().stop().maxSessionTurns());
  }

  /** Whether the thread has had all the turns its session may have. */
  public static boolean sessionTurnsUsed(Decision d) {
    Integer maxTurns = sessionTurns(d);
    return maxTurns != null && d.state().turn() >= maxTurns;
  }

  /** Why queued work is dropped when the session has had all its turns. */
  public static String sessionTurnsReached(Decision d) {
    Integer declared = d.state().agent().stop().maxSessionTurns();
    Integer cap = sessionTurns(d);
    return cap != null && !cap.equals(declared)
        ? "thread reached threadline.budget.session.turns (" + cap + ")"
        : "thread reached maxSessionTurns (" + cap + ")";
  }

  /** Between turns: queued work starts the next turn at once, else the thread waits idle. */
  public static void nextOrIdle(Decision d) {
    if (!d.state().queue().isEmpty()) {
      start(d, Trigger.QUEUED);
    } else {
      d.changeStatus(Status.IDLE);
    }
  }
}
