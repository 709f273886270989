package dev.threadline.step.core.machine.decision;

import dev.threadline.step.core.ChildRegistry;
import dev.threadline.step.core.Enums.Status;
import dev.threadline.step.core.Event.ThreadDeleted;
import dev.threadline.step.core.Event.ThreadTerminated;
import dev.threadline.step.core.Output;
import java.util.List;
import java.util.Map;

/** The facts of a thread's end (spec §10): terminated for good, then perhaps deleted. */
public final class EndingFacts {
  private final Draft d;

  EndingFacts(Draft d) {
    this.d = d;
  }

  /** The thread ends for good; no work is taken from now on. */
  public void terminate(String reason) {
    d.edit(b -> b.terminatedAt = d.at);
    d.changeStatus(Status.TERMINATED);
    d.emit(new ThreadTerminated(reason));
  }

  /**
   * The thread is deleted: its last event, then what it holds is removed (messages, queue,
   * key-value store, timers, frozen agent, files) and its state keeps ids and counts only, a
   * tombstone that takes no more input.
   */
  public void delete(String reason) {
    d.emit(new ThreadDeleted(reason));
    d.output(new Output.EraseThread());
    d.edit(
        b -> {
          b.deletedAt = d.at;
          b.env = Map.of();
          b.queue = List.of();
          b.deferred = List.of();
          b.children = ChildRegistry.EMPTY;
        });
  }
}
