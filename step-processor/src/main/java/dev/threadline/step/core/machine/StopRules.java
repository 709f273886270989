package dev.threadline.step.core.machine;

import dev.threadline.step.core.AgentSnapshot;
import dev.threadline.step.core.DualAi;
import dev.threadline.step.core.Enums.TurnEnd;
import dev.threadline.step.core.MachineState;
import dev.threadline.step.core.machine.decision.Decision;

/**
 * When a turn ends and when a session does (spec §6): the stop conditions in spec order, the
 * session's turns, and whether a dual_ai session goes on to the other side.
 */
public final class StopRules {
  private static final int DUAL_AI_TURNS = 100;

  private StopRules() {}

  /**
   * Spec §6, in order, after a model answer without tool calls ({@code answeredWithoutTools}) or
   * after the last tool result: why the turn ends, or null when it takes another step.
   */
  static TurnEnd evaluate(Decision d, boolean answeredWithoutTools) {
    MachineState s = d.state();
    AgentSnapshot.StopRules stop = s.agent().stop();
    if (s.terminal() != null) {
      return s.terminal().failed() ? TurnEnd.SESSION_FAIL : TurnEnd.SESSION_STOP;
    } else if (s.stopToolCalled()) {
      return TurnEnd.STOP_TOOL;
    } else if (answeredWithoutTools && stop.stopOnResponse()) {
      return TurnEnd.RESPONSE;
    } else if (s.step() >= stop.maxSteps()) {
      return TurnEnd.MAX_STEPS;
    } else if (s.step() >= d.settings.config().hardMaxStepsPerTurn()) {
      return TurnEnd.HARD_CAP;
    }
    return null;
  }

  /**
   * A dual_ai session goes on after a side's turn that completed its work (not one that failed or
   * was aborted) while neither side ended the session and turns are left; the turn cap is required
   * of a dual_ai agent, and 100 bounds one that lacks it all the same.
   */
  static boolean sessionGoesOn(Decision d, TurnEnd reason) {
    MachineState s = d.state();
    Integer cap = sessionTurns(d);
    return DualAi.isDualAi(s.agent())
        && reason.completedWork()
        && s.terminal() == null
        && s.turn() < (cap == null ? DUAL_AI_TURNS : cap);
  }

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
}
