package dev.threadline.step.core.machine;

import dev.threadline.step.core.Behavior;
import dev.threadline.step.core.BehaviorWindow;
import dev.threadline.step.core.Enums.Role;
import dev.threadline.step.core.Values.InboundMessage;
import dev.threadline.step.core.Values.Message;
import dev.threadline.step.core.machine.Settled.CallDone;
import dev.threadline.step.core.machine.decision.Decision;
import java.util.List;

/**
 * An agent's post-turn behaviours (seed 000): each call's result tells them what the turn did — the
 * tool called, the files its applied writes placed — and a step that ends with an answer and no
 * tool calls fires the first one due, in declaration order: its prompt joins the conversation as a
 * user message and the turn goes on. Firing spends the activity seen so far; each fires at most
 * once a turn, and the turn's step limits hold as for any step.
 */
final class Behaviors {
  /** Who a behaviour's message says sent it: {@code behavior:<name>}. */
  static final String SENDER = "behavior:";

  private Behaviors() {}

  /** Call {@code done} has its result: the behaviours watching its tool or its files take note. */
  static void observe(Decision d, CallDone done) {
    List<Behavior> behaviors = d.state().agent().behaviors();
    if (behaviors.isEmpty()) {
      return;
    }
    List<String> written = done.error() == null ? Arguments.writtenPaths(done.writes()) : List.of();
    BehaviorWindow window = d.state().behaviors();
    for (Behavior b : behaviors) {
      if (b.watchesTool(done.call().name())) {
        window = window.usedToolFor(b.name());
      }
      if (written.stream().anyMatch(b::watchesFile)) {
        window = window.wroteFileFor(b.name());
      }
    }
    d.turn.behaviorWindow(window);
  }

  /** The first behaviour due fires; false when none is. */
  static boolean fire(Decision d) {
    for (Behavior b : d.state().agent().behaviors()) {
      if (d.state().behaviors().due(b)) {
        d.append(Message.inbound(Role.USER, InboundMessage.invoke(b.prompt()), SENDER + b.name()));
        d.turn.behaviorWindow(d.state().behaviors().firedFor(b.name()));
        return true;
      }
    }
    return false;
  }
}
