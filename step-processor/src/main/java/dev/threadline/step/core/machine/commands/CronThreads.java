package dev.threadline.step.core.machine.commands;

import dev.threadline.step.core.Event;
import dev.threadline.step.core.Input.EffectFired;
import dev.threadline.step.core.MachineState;
import dev.threadline.step.core.Output;
import dev.threadline.step.core.Queued.QueuedMessage;
import dev.threadline.step.core.machine.decision.Decision;
import java.util.Map;

/**
 * A firing of a cron that starts a thread each time: the thread that holds the schedule starts a
 * new one — its id the firing's (the effect's id, {@code @}, the time), so a firing decided again
 * names the same thread — on its own agent and env, the cron's message its first. The holder's log
 * says which ({@code EffectFired.startedThreadId}); the new thread's metadata names the cron.
 */
public final class CronThreads {
  private CronThreads() {}

  static void start(Decision d, EffectFired e) {
    MachineState s = d.state();
    String threadId = e.action().commandId();
    QueuedMessage message = (QueuedMessage) e.action();
    d.output(
        new Output.StartThread(
            threadId,
            s.agent().name(),
            s.agent(),
            s.env(),
            message.message(),
            Map.of("cron_id", e.effectId(), "cron_thread_id", s.threadId())));
    d.emit(new Event.EffectFired(e.effectId(), threadId));
  }
}
