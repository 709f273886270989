package dev.threadline.step.core.machine;

import dev.threadline.step.core.Enums.Lane;
import dev.threadline.step.core.Enums.Origin;
import dev.threadline.step.core.Enums.QueuedPrompts;
import dev.threadline.step.core.MachineState;
import dev.threadline.step.core.MessageRules;
import dev.threadline.step.core.Queued;
import dev.threadline.step.core.Queued.QueuedMessage;

/** Which thread group's lane a turn runs on, and how much of the queue a turn takes. */
final class TurnLanes {
  private TurnLanes() {}

  /**
   * The lane a turn opens on: the highest-priority group among the queued work it will drain (a
   * chat message queued behind a will is answered on the chat lane); with nothing queued (a dual_ai
   * side's turn), the agent's.
   */
  static Lane opening(MachineState s) {
    Lane lane = s.agent().lane();
    Lane highest = null;
    for (Queued item : s.queue()) {
      Origin origin = item instanceof QueuedMessage m ? m.message().origin() : Origin.INVOKE;
      highest = higher(highest, MessageRules.lane(origin, lane));
      if (item instanceof QueuedMessage && onePromptPerTurn(s)) {
        break;
      }
    }
    return highest == null ? lane : highest;
  }

  /** Whether the agent takes one queued prompt a turn, leaving the others for the turns after. */
  static boolean onePromptPerTurn(MachineState s) {
    return s.agent().queuedPrompts() == QueuedPrompts.ONE_PER_TURN;
  }

  /** The higher-priority lane of the two (chat first); null counts as none. */
  static Lane higher(Lane a, Lane b) {
    return a == null || b.ordinal() < a.ordinal() ? b : a;
  }
}
