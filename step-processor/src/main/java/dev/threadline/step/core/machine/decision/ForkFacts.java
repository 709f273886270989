package dev.threadline.step.core.machine.decision;

import dev.threadline.step.core.Event.ForkSeeded;
import dev.threadline.step.core.Event.ValueChanged;
import dev.threadline.step.core.MachineState.ForkSeeding;
import dev.threadline.step.core.Output;
import dev.threadline.step.core.Values.Message;
import java.util.List;
import java.util.Map;

/** The facts of a fork's new thread taking what the fork copies into it. */
public final class ForkFacts {
  private final Draft d;

  ForkFacts(Draft d) {
    this.d = d;
  }

  /** The thread begins as a fork: it takes {@code seeding.seedsLeft()} seeds before anything. */
  public void awaitSeeds(ForkSeeding seeding) {
    d.edit(b -> b.forkSeeding = seeding);
  }

  /**
   * A seed taken: its copies appended as they were stored, its values written; the last seed ends
   * the seeding, said by {@code ForkSeeded}. Copies are a conversation its source's prompt began,
   * with which its immediate subagents started: the fork does not start them again (their calls,
   * copied, would be made twice under the same ids).
   */
  public void seed(List<Message> copies, Map<String, String> values) {
    ForkSeeding seeding = d.state().forkSeeding();
    copies.forEach(d::appendCopy);
    if (!copies.isEmpty()) {
      d.edit(b -> b.immediateStarted = true);
    }
    values.forEach(
        (key, json) -> {
          d.output(new Output.WriteValue(key, json));
          d.emit(new ValueChanged(key, json));
        });
    ForkSeeding next =
        new ForkSeeding(
            seeding.fromThreadId(),
            seeding.atSeq(),
            seeding.seedsLeft() - 1,
            seeding.copied() + copies.size(),
            seeding.values() + values.size());
    if (next.seedsLeft() > 0) {
      d.edit(b -> b.forkSeeding = next);
      return;
    }
    d.edit(b -> b.forkSeeding = null);
    d.emit(new ForkSeeded(next.fromThreadId(), next.atSeq(), next.copied(), next.values()));
  }
}
