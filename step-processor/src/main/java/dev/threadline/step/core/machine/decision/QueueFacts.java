package dev.threadline.step.core.machine.decision;

import dev.threadline.step.core.Enums.QueuedKind;
import dev.threadline.step.core.Event.CommandRejected;
import dev.threadline.step.core.Event.MessageQueued;
import dev.threadline.step.core.Queued;
import java.util.ArrayList;
import java.util.List;

/** The facts of a thread's queue (spec §9): work offered, taken and dropped. */
public final class QueueFacts {
  private final Draft d;

  QueueFacts(Draft d) {
    this.d = d;
  }

  /**
   * {@code commandId}'s work offered to the queue: it is {@code queue} now ({@code kind} says what
   * happened).
   */
  public void offered(List<Queued> queue, QueuedKind kind, String commandId) {
    offered(queue, kind, commandId, null);
  }

  /**
   * As {@link #offered(List, QueuedKind, String)}, the work joining or replacing {@code joined}'s.
   */
  public void offered(List<Queued> queue, QueuedKind kind, String commandId, String joined) {
    d.edit(b -> b.queue = queue);
    d.emit(new MessageQueued(kind, queue.size(), commandId, joined));
  }

  /** A turn starts on {@code first}, ahead of anything queued. */
  public void putFirst(Queued first) {
    d.edit(
        b -> {
          List<Queued> queue = new ArrayList<>();
          queue.add(first);
          queue.addAll(b.queue);
          b.queue = queue;
        });
  }

  /** The queue's head leaves it, to be drained into the turn. */
  public Queued takeHead() {
    Queued head = d.state().queue().getFirst();
    d.edit(b -> b.queue = b.queue.subList(1, b.queue.size()));
    return head;
  }

  /** {@code commandId}'s work leaves the queue wherever it waits; null when it is not queued. */
  public Queued take(String commandId) {
    Queued found =
        d.state().queue().stream()
            .filter(q -> q.commandId().equals(commandId))
            .findFirst()
            .orElse(null);
    if (found != null) {
      d.edit(b -> b.queue = b.queue.stream().filter(q -> q != found).toList());
    }
    return found;
  }

  /** Queued work that will never run, each item refused with the reason; the queue is empty. */
  public void drop(String reason) {
    for (Queued item : d.state().queue()) {
      d.emit(new CommandRejected(item.commandId(), QueuedKind.of(item).wire(), reason));
    }
    d.edit(b -> b.queue = List.of());
  }
}
