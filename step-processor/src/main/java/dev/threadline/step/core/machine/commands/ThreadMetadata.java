package dev.threadline.step.core.machine.commands;

import dev.threadline.config.MetadataLimits;
import dev.threadline.step.core.Event;
import dev.threadline.step.core.Input.DeleteRun;
import dev.threadline.step.core.Input.SetMetadata;
import dev.threadline.step.core.machine.decision.Decision;
import java.util.Collections;
import java.util.TreeMap;

/**
 * What readers keep of a thread, changed from outside: its metadata (LangGraph's {@code
 * threads.update}, {@code PATCH /v1/threads/{id}}) and its runs (LangGraph's {@code runs.delete}).
 * The machine holds neither — the projector does — so it checks the change and records it. A
 * finished thread takes it too: it describes the thread, not its work.
 */
public final class ThreadMetadata {
  private ThreadMetadata() {}

  /** A run forgotten by readers: the projector drops it once it has ended. */
  public static void deleteRun(Decision d, DeleteRun r) {
    if (r.runId() == null || r.runId().isBlank()) {
      d.reject(r, "a run id is required");
      return;
    }
    d.emit(new Event.RunDeleted(r.runId(), r.commandId()));
  }

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
