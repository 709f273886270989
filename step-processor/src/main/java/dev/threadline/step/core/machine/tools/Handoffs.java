package dev.threadline.step.core.machine.tools;

import dev.threadline.step.core.AgentSnapshot;
import dev.threadline.step.core.machine.Arguments;
import dev.threadline.step.core.machine.Settled;
import dev.threadline.step.core.machine.Settled.CallDone;
import dev.threadline.step.core.machine.Started;
import dev.threadline.step.core.machine.decision.Decision;
import java.util.Optional;

/**
 * Handoffs (spec §5.3, ai_human handoff): an agent named in another's {@code handoffs} is a tool;
 * calling it makes that agent the thread's agent — no new thread, the conversation kept. The new
 * agent comes from the team frozen when the thread was created (so editing it later changes nothing
 * here), keeps that team, and runs from the next step on: its system prompt, model, tools and stop
 * rules. The rest of the reply's calls were chosen under the old agent and are routed under the new
 * one.
 */
public final class Handoffs {
  private Handoffs() {}

  static Settled handOff(Decision d, Started started, AgentSnapshot.Handoff handoff) {
    AgentSnapshot from = d.state().agent();
    Optional<AgentSnapshot> to = from.teamMember(handoff.agent());
    if (to.isEmpty()) {
      return CallDone.failed(
          started,
          "cannot hand over to '"
              + handoff.agent()
              + "': that agent was not defined when this thread started");
    }
    d.handOffTo(handoff.agent(), to.get());
    return CallDone.succeeded(
        started,
        Arguments.object().put("handedOffTo", handoff.agent()).put("from", from.name()).toString());
  }
}
