package dev.threadline.step.core.machine.commands;

import dev.threadline.config.MetadataLimits;
import dev.threadline.step.core.Event;
import dev.threadline.step.core.Input.SetMetadata;
import dev.threadline.step.core.machine.decision.Decision;
import java.util.Collections;
import java.util.TreeMap;

/**
 * A thread's metadata changed from outside (LangGraph's {@code threads.update}, {@code PATCH
 * /v1/threads/{id}}): the machine holds none of it — the projector's summary does — so it checks
 * the change and records it. A finished thread takes it too: metadata describes the thread, not its
 * work.
 */
public final class ThreadMetadata {
  private ThreadMetadata() {}

  public static void set(Decision d, SetMetadata m) {
    String refusal = MetadataLimits.refusal(m.changes());
    if (refusal != null) {
      d.reject(m, refusal);
      return;
    }
    d.emit(
        new Event.MetadataChanged(
            Collections.unmodifiableMap(new TreeMap<>(m.changes())), m.commandId()));
  }
}
